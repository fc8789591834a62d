// How the app marks a finished result that does not count as usual: refused as another routine, the
// dancer's call, the reference's own recording, a short practised part. Said on the result and on its
// history card alike.
import { type Counted, PART_LIMITS } from "@stepsync/contracts";

/** A refused result's mark on its history card, in place of a score, and what it means. */
export const NOT_SAME_LABEL = "Not the same routine";
export const NOT_SAME_NOTE = "Not counted: your credit was given back.";

/** The history card's mark of a result scored on the dancer's word, and why. */
export const DANCER_CALL_LABEL = "Your call";
export const DANCER_CALL_NOTE = "You said this is the routine, so it was analysed as it.";

/** A scored result that counts nowhere, as the server's `counted` says: its short mark and why. */
export type NotCounted = Exclude<Counted, "yes" | "other_routine">;
export const NOT_COUNTED: Record<NotCounted, { label: string; note: string }> = {
  own_recording: {
    label: "Not counted",
    note: "This is the reference's own recording, so it counts in no statistics, achievement or leaderboard.",
  },
  short_part: {
    label: "Practice",
    note: `A part shorter than ${PART_LIMITS.countedMinSeconds} s is practice: it counts in no statistics, achievement or leaderboard.`,
  },
};

/** The not-counted mark of a summary, if it has one. */
export function notCounted(counted: Counted | null | undefined): (typeof NOT_COUNTED)[NotCounted] | null {
  return counted === "own_recording" || counted === "short_part" ? NOT_COUNTED[counted] : null;
}
