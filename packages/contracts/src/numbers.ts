/** Rounding for answers, one rule for server, web and engine: scores and degrees to 0.1, seconds to 0.001. */

/** `v` rounded to `digits` decimals. */
export function roundTo(v: number, digits: number): number {
  const m = 10 ** digits;
  return Math.round(v * m) / m;
}
/** Scores, averages and degrees in answers: one decimal. */
export const round1 = (v: number) => roundTo(v, 1);
/** Seconds and ratios in answers: three decimals (milliseconds). */
export const round3 = (v: number) => roundTo(v, 3);
