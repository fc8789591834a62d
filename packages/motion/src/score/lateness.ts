import type { MoveMeasure } from "./judge.ts";

/**
 * How late (+) or early (−) a move is, in seconds: the one quantity behind everything a result
 * shows or says about a move's timing — its `timing_ms`, the timing in its verdict, its cue, and
 * the late or early stretches the section and overall texts name (their mean). Null: not found.
 *
 * It is the move's timing against the reference's own time (or its music), also when the dancer
 * keeps another pace: 10 % slower is late, more and more, and the overall text names the pace as
 * the cause. The lapse (against the dancer's own steady pace) only feeds the timing scores: said
 * beside this number it could contradict it — "about 0.3 s early" on a move shown 228 ms late.
 *
 * Null too on a move the dancer was hidden in (MoveMeasure.hidden): it was found from what little
 * showed, so its timing is a guess, not hers.
 */
export function lateness(m: Pick<MoveMeasure, "timing" | "hidden">): number | null {
  return m.hidden ? null : m.timing;
}
