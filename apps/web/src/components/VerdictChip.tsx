import type { MoveResult } from "@stepsync/contracts";
import { cx } from "./cx";
import { moveLook, NOT_SEEN_TEXT, notSeen } from "../lib/verdicts";

/**
 * A move's verdict as a chip in its colour: the result's move rows and the live summary's drill list.
 * A move the dancer was hidden in (a group rehearsal) shows "Not seen", in no verdict's colour.
 */
export function VerdictChip({ move }: { move: Pick<MoveResult, "verdict" | "hidden"> }) {
  const look = moveLook(move);
  const hidden = notSeen(move);
  return (
    <span
      className={cx(
        "inline-flex min-w-[4.25rem] shrink-0 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        look.chip,
      )}
      title={hidden ? NOT_SEEN_TEXT : undefined}
      data-testid="verdict-chip"
      data-verdict={hidden ? "not-seen" : move.verdict}
    >
      {look.label}
    </span>
  );
}
