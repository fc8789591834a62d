/**
 * The engine's small maths, in one place: rounding for answers, the float slack for times and
 * frame positions, medians, quantiles and angle wrapping. Each median and each quantile keeps its
 * own name: the constants in score/, align/ and counts/ were fitted with the one they use, and they
 * differ where the rank falls between two values.
 */

/**
 * Times and frame positions are sums and products of frame steps in floating point (3 × 1/7 is
 * not 3/7 exactly); a value this close to a boundary counts as on it.
 */
export const FLOAT_SLACK = 1e-9;

/** Rounding for answers: the contracts' one rule (scores to 0.1, seconds to 0.001). */
export { round1, round3, roundTo } from "@stepsync/contracts";

/** The median: the middle value, or the mean of the two middle values of an even count (NaN when empty). */
export function median(v: readonly number[]): number {
  const s = sortedCopy(v);
  const n = s.length;
  if (!n) return Number.NaN;
  return n % 2 ? (s[(n - 1) / 2] as number) : ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2;
}

/**
 * Float64Arrays of these lengths over one buffer: a frame's several small arrays then cost one
 * allocation outside the heap instead of one each (freeing thousands a second of those made the
 * live scorer wait on garbage collection for 100 ms and more).
 */
export function float64Views(...lengths: number[]): Float64Array[] {
  const buffer = new ArrayBuffer(8 * lengths.reduce((a, b) => a + b, 0));
  let at = 0;
  return lengths.map((n) => {
    const view = new Float64Array(buffer, 8 * at, n);
    at += n;
    return view;
  });
}

/** Ascending copy: a typed array sorts numerically, natively, several times faster than a comparator. */
export function sortedCopy(v: readonly number[]): Float64Array {
  return Float64Array.from(v).sort();
}

/** The upper of the two middle values of an even count (NaN when empty). */
export function upperMedian(v: readonly number[]): number {
  if (!v.length) return Number.NaN;
  const s = sortedCopy(v);
  return s[Math.floor(s.length / 2)] as number;
}

/** The lower of the two middle values of an even count (NaN when empty). */
export function lowerMedian(v: readonly number[]): number {
  if (!v.length) return Number.NaN;
  const s = sortedCopy(v);
  return s[Math.floor((s.length - 1) / 2)] as number;
}

/** The value at rank q (0–1) of the sorted values, the nearest rank rounded (NaN when empty). */
export function quantile(v: readonly number[], q: number): number {
  if (!v.length) return Number.NaN;
  const s = sortedCopy(v);
  return s[Math.round(q * (s.length - 1))] as number;
}

/** The value at rank q (0–1) of the sorted values, the rank rounded down (NaN when empty). */
export function lowerQuantile(v: readonly number[], q: number): number {
  if (!v.length) return Number.NaN;
  const s = sortedCopy(v);
  return s[Math.floor(q * (s.length - 1))] as number;
}

/** Degrees wrapped into (-180, 180]: the signed turn from one direction to another is wrap(b − a). */
export function wrap(deg: number): number {
  if (Number.isNaN(deg)) return deg;
  let d = deg % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

/** |a − b| in degrees; for directions (`circular`) the shorter way round, 0–180. */
export function angleDiff(a: number, b: number, circular: boolean): number {
  if (!circular) return Math.abs(a - b);
  let d = Math.abs(a - b) % 360;
  if (d > 180) d = 360 - d;
  return d;
}

/** How far (degrees, 0–180) each direction lies from the directions' circular mean: their spread, for a range of motion. */
export function offCircularMean(dirs: readonly number[]): number[] {
  const c = dirs.reduce((a, d) => a + Math.cos((d * Math.PI) / 180), 0);
  const s = dirs.reduce((a, d) => a + Math.sin((d * Math.PI) / 180), 0);
  const mean = (Math.atan2(s, c) * 180) / Math.PI;
  return dirs.map((d) => angleDiff(d, mean, true));
}
