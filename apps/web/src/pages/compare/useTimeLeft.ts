import { useEffect, useState } from "react";
import { type ProgressSample, secondsLeft, timeLeftText } from "../../lib/analysis-progress";

/**
 * The analysis' time left, from its pace since this page first saw it running (a reload starts
 * anew: no server clock needed). Null percent: not analysing.
 */
export function useTimeLeft(id: string | null, percent: number | null): string | null {
  const [first, setFirst] = useState<(ProgressSample & { id: string }) | null>(null);
  const [latest, setLatest] = useState<ProgressSample | null>(null);
  useEffect(() => {
    if (id === null || percent === null) return;
    const now = { at: Date.now(), percent };
    setFirst((f) => (f && f.id === id ? f : { ...now, id }));
    setLatest(now);
  }, [id, percent]);
  if (id === null || percent === null) return null;
  return timeLeftText(first && first.id === id && latest ? secondsLeft(first, latest) : null);
}
