import { LIMITS, type ProcessingStatus } from "@stepsync/contracts";
import { useEffect, useRef } from "react";

export type ProcessingItem = ProcessingStatus["processing_comparisons"][number];

/**
 * While `active`, asks for the processing status every LIMITS.historyPollMs (@stepsync/contracts).
 * Each answer goes to onUpdate; when none remain it stops and calls onNoneLeft (the page reloads its list). Errors are
 * silent: the next tick simply tries again.
 */
export function useProcessingPolling({
  active,
  fetchStatus,
  onUpdate,
  onNoneLeft,
  intervalMs = LIMITS.historyPollMs,
}: {
  active: boolean;
  fetchStatus: () => Promise<ProcessingStatus>;
  onUpdate: (items: ProcessingItem[]) => void;
  onNoneLeft: () => void;
  intervalMs?: number;
}): void {
  const callbacks = useRef({ fetchStatus, onUpdate, onNoneLeft });
  callbacks.current = { fetchStatus, onUpdate, onNoneLeft };
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let busy = false;
    const timer = setInterval(async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        const { processing_comparisons: items } = await callbacks.current.fetchStatus();
        if (stopped) return;
        const list = Array.isArray(items) ? items : [];
        callbacks.current.onUpdate(list);
        if (list.length === 0) {
          stopped = true;
          clearInterval(timer);
          callbacks.current.onNoneLeft();
        }
      } catch {
        // polling errors are silent
      } finally {
        busy = false;
      }
    }, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, intervalMs]);
}
