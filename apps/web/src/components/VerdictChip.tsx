import type { Verdict } from "@stepsync/contracts";
import { cx } from "./cx";
import { VERDICT_LOOK } from "../lib/verdicts";

/** A move's verdict as a chip in its colour: the result's move rows and the live summary's drill list. */
export function VerdictChip({ verdict }: { verdict: Verdict }) {
  const look = VERDICT_LOOK[verdict];
  return (
    <span
      className={cx(
        "inline-flex min-w-[4.25rem] shrink-0 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        look.chip,
      )}
    >
      {look.label}
    </span>
  );
}
