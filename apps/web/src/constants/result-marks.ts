// How the app marks a finished result that does not count as usual: refused as another routine, the
// dancer's call, the reference's own recording. Said on the result and on its history card alike.

/** A refused result's mark on its history card, in place of a score, and what it means. */
export const NOT_SAME_LABEL = "Not the same routine";
export const NOT_SAME_NOTE = "Not counted: your credit was given back.";

/** The history card's mark of a result scored on the dancer's word, and why. */
export const DANCER_CALL_LABEL = "Your call";
export const DANCER_CALL_NOTE = "You said this is the routine, so it was analysed as it.";

/** Why a comparison of the reference's own recording earns nothing (the server leaves it out of both). */
export const SAME_PERFORMANCE_NOTE =
  "This is the reference's own recording, so it counts toward no achievement or leaderboard place.";

/** Its short mark on the history card, SAME_PERFORMANCE_NOTE beside it saying why. */
export const SAME_PERFORMANCE_LABEL = "Not counted";
