import type { Clock } from "../align/timing.ts";
import type { MoveMeasure } from "../score/judge.ts";
import { lateness } from "../score/lateness.ts";

/**
 * A dancer drifting off the music (or the video she dances along with): her lateness steady up to
 * some move, then growing (or shrinking) at a steady rate to the end. On those clocks the pace is
 * the music's, so a dancer slower than it is not a pace to name but lateness that grows move by
 * move; told as one thing — where it starts and how fast — instead of a late cue on every move.
 */
export interface Drift {
  /** The first move mostly inside it (index into the moves). */
  from: number;
  /** Seconds later (+) or earlier (−) per reference second from where it starts. */
  rate: number;
  /** The lateness it accounts for in a move: steady before it starts, then growing. */
  expected: (m: Pick<MoveMeasure, "span">) => number;
  /** The lateness of the last move it accounts for, as shown beside that move. */
  atEnd: number;
}

/** A drift is told when it takes the dancer at least this far (seconds) from where it starts… */
const DRIFT_MIN_S = 0.3;
/** …over at least this many found moves and this much of the routine (seconds): fewer are a lapse, not a drift. */
const DRIFT_MIN_MOVES = 4;
const DRIFT_MIN_SPAN_S = 4;
/**
 * …and when growing steadily fits the timing clearly better than one jump does (RMS around the
 * drift at most this share of the RMS around the best single step): a dancer who is suddenly
 * 0.3 s late from one move on has a late stretch, not a drift.
 */
const DRIFT_STEADY = 0.5;
/** Where a drift starts is looked for in steps this long (reference seconds). */
const START_STEP_S = 0.05;
/** A move this far (seconds) off the drift is a lapse of its own (a wrong or missed move), not part of the fit. */
const DRIFT_OUTLIER_S = 0.25;
/** At most this share of the moves may be such lapses. */
const DRIFT_MAX_OUTLIERS = 0.2;

/** A move's lateness, placed at its middle: a move found by its whole length is as late as its middle is. */
interface Point {
  index: number;
  t: number;
  y: number;
}

const middle = (m: Pick<MoveMeasure, "span">) => (m.span.start + m.span.end) / 2;

/** The drift in the moves' lateness, on a clock whose pace is the reference's (music, take); null when there is none to tell. */
export function findDrift(moves: ReadonlyArray<Pick<MoveMeasure, "span" | "timing">>, clock: Clock): Drift | null {
  if (clock !== "music" && clock !== "take") return null;
  const all: Point[] = moves.flatMap((m, index) => {
    const y = lateness(m);
    return y === null ? [] : [{ index, t: middle(m), y }];
  });
  // Fitted again without the move furthest off, while one is far off: a wrong move (or one found
  // where the video has ended) must not hide a drift.
  let inliers = all;
  let fit = bestHinge(inliers);
  for (;;) {
    if (!fit) return null;
    const at = fit.at;
    const off = inliers.map((p) => Math.abs(p.y - at(p.t)));
    const worst = off.indexOf(Math.max(...off));
    if ((off[worst] as number) <= DRIFT_OUTLIER_S) break;
    if (inliers.length - 1 < (1 - DRIFT_MAX_OUTLIERS) * all.length) return null;
    inliers = inliers.filter((_, k) => k !== worst);
    fit = bestHinge(inliers);
  }
  const last = inliers[inliers.length - 1] as Point;
  if (Math.abs(fit.rate * (last.t - fit.start)) < DRIFT_MIN_S) return null;
  if (Math.sqrt(fit.sse) > DRIFT_STEADY * Math.sqrt(bestStepSse(inliers))) return null;
  const from = inliers.find((p) => p.t >= fit.start) as Point;
  return { from: from.index, rate: fit.rate, expected: (m) => fit.at(middle(m)), atEnd: last.y };
}

/**
 * The best fit of "steady, then growing at a steady rate to the end" over the points, by least
 * squares, with where it starts: at least DRIFT_MIN_MOVES points and DRIFT_MIN_SPAN_S after it.
 */
function bestHinge(pts: Point[]): { start: number; rate: number; at: (t: number) => number; sse: number } | null {
  const first = pts[0];
  const last = pts[pts.length - 1];
  const lastStart = pts[pts.length - DRIFT_MIN_MOVES];
  if (!first || !last || !lastStart) return null;
  let best: { start: number; rate: number; at: (t: number) => number; sse: number } | null = null;
  const latest = Math.min(lastStart.t, last.t - DRIFT_MIN_SPAN_S);
  for (let start = first.t; start <= latest; start += START_STEP_S) {
    const { a, b } = line(pts.map((p) => [Math.max(0, p.t - start), p.y]));
    const at = (t: number) => a + b * Math.max(0, t - start);
    const sse = pts.reduce((s, p) => s + (p.y - at(p.t)) ** 2, 0);
    if (!best || sse < best.sse) best = { start, rate: b, at, sse };
  }
  return best;
}

/** Least squares y ≈ a + b·x. */
function line(xy: Array<[number, number]>): { a: number; b: number } {
  const n = xy.length;
  const mx = xy.reduce((s, [x]) => s + x, 0) / n;
  const my = xy.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of xy) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return { a: my - b * mx, b };
}

/** The least squared error of "one steady lateness, then another" over the points (a single jump). */
function bestStepSse(pts: Point[]): number {
  const sse = (ys: number[]) => {
    const m = ys.reduce((s, y) => s + y, 0) / ys.length;
    return ys.reduce((s, y) => s + (y - m) ** 2, 0);
  };
  const ys = pts.map((p) => p.y);
  let best = sse(ys);
  for (let k = 1; k < ys.length; k++) best = Math.min(best, sse(ys.slice(0, k)) + sse(ys.slice(k)));
  return best;
}
