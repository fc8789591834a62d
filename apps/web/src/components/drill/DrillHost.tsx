import { Footprints } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { type AnalysisSource, useAnalysisOf } from "../../api/reference-analysis";
import { moveName } from "../../lib/verdicts";
import { cx } from "../cx";
import type { DrillMove } from "./drill-plan";
import { DrillDialog } from "./DrillDialog";

/**
 * Where moves can be drilled. The page showing a result places one <DrillHost> (beside its move
 * lists, not around them), and every <DrillButton> on the page opens the host's dialog: a page has
 * one result, so one host at a time. No host, or a host whose reference cannot be drilled: no button.
 */
type OpenDrill = (move: DrillMove) => void;
let current: OpenDrill | null = null;
const listeners = new Set<() => void>();

function setCurrent(open: OpenDrill | null) {
  current = open;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the drill of a move; null where no move can be drilled. */
export function useDrillMove(): OpenDrill | null {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * Drilling for the moves of a result or of a take's live summary: against the reference's analysis
 * (the live scorer needs its poses and counting) — a library video's, or a comparison's own
 * reference once its poses are known; without one, or without a playable reference, no drill is offered.
 */
export function DrillHost({ reference, referenceUrl }: { reference: AnalysisSource; referenceUrl: string | null }) {
  const [move, setMove] = useState<DrillMove | null>(null);
  const { data: analysis } = useAnalysisOf(referenceUrl ? reference : null);
  const ready = referenceUrl !== null && Boolean(analysis);
  useEffect(() => {
    if (!ready) return;
    setCurrent(setMove);
    return () => setCurrent(null);
  }, [ready]);
  if (!ready || !move || referenceUrl === null) return null;
  return (
    <DrillDialog open onClose={() => setMove(null)} reference={reference} referenceUrl={referenceUrl} move={move} />
  );
}

/** "Drill" on a move's row: the icon alone on a phone (the row is narrow there), with its word from sm up. */
export function DrillButton({ move, className }: { move: DrillMove; className?: string }) {
  const drill = useDrillMove();
  if (!drill) return null;
  const name = moveName(move);
  return (
    <button
      type="button"
      onClick={() => drill({ start_s: move.start_s, end_s: move.end_s, count_label: move.count_label })}
      aria-label={`Drill ${name}`}
      data-testid="move-drill"
      className={cx(
        "inline-flex size-8 shrink-0 items-center justify-center gap-1.5 rounded-full border border-white/12 bg-white/8 text-xs font-semibold text-slate-300 transition hover:bg-white/14 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:w-auto sm:px-3",
        className,
      )}
    >
      <Footprints className="size-3.5" aria-hidden />
      <span className="sr-only sm:not-sr-only">Drill</span>
    </button>
  );
}
