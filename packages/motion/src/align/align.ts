import type { FeatureTrack } from "../features.ts";
import { frameDistance } from "./distance.ts";
import { dtw } from "./dtw.ts";

export interface Alignment {
  /** [refIndex, userIndex] pairs. */
  path: Array<[number, number]>;
  mirrored: boolean;
  meanCost: number;
  /** Mean cost along the path of the other orientation than the chosen one (for diagnostics). */
  otherCost: number;
  /** user_t ≈ offset + tempo × ref_t. */
  tempo: number;
  offset: number;
  /** RMS distance of the path from that line, seconds. */
  residual: number;
  /** Share of the reference's frames the path covers. */
  coverage: number;
}

/** A mirrored match must be clearly better before we call the performance mirrored. */
export const MIRROR_MARGIN = 0.85;

/**
 * Cost of a reference frame the user's video does not cover: about that of clearly different poses,
 * so a partial video is matched where it fits and the rest counts as missed.
 */
const SKIP_COST = 1;

/**
 * Cost of each change of pace along the path (a long step), in frame-distance units: a dancer
 * keeps a pace, so a video that stops early is matched as stopping early rather than squeezed over
 * the whole reference, while a steadily slower or faster performance still pays it only once per
 * step it needs.
 */
const WARP_COST = 0.15;

export function dtwOptions(nRef: number, nUser: number, fps: number) {
  return {
    skipCost: SKIP_COST,
    warpCost: WARP_COST,
    refSlack: Math.min(Math.round(0.6 * nRef), Math.round(30 * fps)),
    userSlack: Math.min(Math.round(0.4 * nUser), Math.round(20 * fps)),
    band: Math.min(Math.max(Math.round(2 * fps), Math.round(0.15 * Math.max(nRef, nUser))), Math.round(30 * fps)),
  };
}

/**
 * Aligns the user's performance to the reference, each moment either way round (as danced or
 * mirrored, whichever fits it: a dancer may mirror some 8-counts and not others; a symmetric move
 * fits both). The whole video counts as mirrored only when, along the path, the mirrored reading
 * matches clearly better.
 */
export function alignTracks(
  ref: FeatureTrack,
  user: FeatureTrack,
  userMirrored: FeatureTrack,
  known: { refStart?: number } = {},
): Alignment {
  if (Math.abs(ref.fps - user.fps) > 1e-6) throw new Error("tracks must share the analysis frame rate");
  const fps = ref.fps;
  const n = ref.frames.length;
  const m = user.frames.length;
  const cost = (u: FeatureTrack, i: number, j: number) =>
    frameDistance(ref.frames[i] as FeatureTrack["frames"][number], u.frames[j] as FeatureTrack["frames"][number]);
  const frameCost = (i: number, j: number) => Math.min(cost(user, i, j), cost(userMirrored, i, j));
  const part = partWindow(n, m, fps, frameCost, known.refStart);
  const warped = part
    ? shiftPath(
        dtw(part.to - part.from, m, (i, j) => frameCost(i + part.from, j), dtwOptions(part.to - part.from, m, fps)),
        part.from,
      )
    : dtw(n, m, frameCost, dtwOptions(n, m, fps));
  const either = steadier(warped, n, m, fps, frameCost, part !== null);
  let asDanced = 0;
  let flipped = 0;
  for (const [i, j] of either.path) {
    asDanced += cost(user, i, j);
    flipped += cost(userMirrored, i, j);
  }
  const mirrored = flipped < MIRROR_MARGIN * asDanced;
  const fit = fitLine(either.path, fps);
  const refCovered = new Set(either.path.map((p) => p[0])).size;
  const steps = Math.max(1, either.path.length);
  return {
    path: either.path,
    mirrored,
    meanCost: either.meanCost,
    otherCost: (mirrored ? asDanced : flipped) / steps,
    tempo: fit.slope,
    offset: fit.intercept,
    residual: fit.rms,
    coverage: n ? refCovered / n : 0,
  };
}

/** Paces (user seconds per reference second) at which a part is looked for: people keep near the reference's. */
const PART_PACES = [0.8, 1, 1.25];
/** User frames sampled to place a part: enough to tell where it fits, few enough to scan a 10-minute routine fast. */
const PART_SAMPLES = 60;
/** At least this share of the video lies inside the routine where it is placed (the rest: a lead-in or a tail past its end). */
const PART_MIN_INSIDE = 0.5;
/** Margin either side of a located part (share of its length, and at least 2 s): its ends and pace are the warping's to find. */
const PART_MARGIN = 0.25;

/**
 * The stretch of the reference to align a much shorter user video within, or null to align with
 * all of it. Such a video may be any part of the routine — the chorus of a 3-minute song — beyond
 * the reach of the warping's open ends (dtwOptions' slack: at most 30 s), so it is located first:
 * at `refStart` (seconds) when the reference time of its first frame is known (shared music, a take
 * started with the reference), else where it fits best at a steady pace (PART_PACES), frames past
 * the routine's ends costing as much as a skipped reference frame (SKIP_COST).
 */
function partWindow(
  n: number,
  m: number,
  fps: number,
  cost: (i: number, j: number) => number,
  refStart?: number,
): { from: number; to: number } | null {
  // The warping finds any part that starts within its slack, or a video at least half as long.
  if (2 * m >= n || n - m <= dtwOptions(n, m, fps).refSlack) return null;
  let best = { start: (refStart ?? 0) * fps, pace: 1 };
  if (refStart === undefined) {
    const every = Math.max(1, Math.ceil(m / PART_SAMPLES));
    const sampled = Array.from({ length: Math.ceil(m / every) }, (_, k) => k * every);
    let bestMean = Number.POSITIVE_INFINITY;
    for (const pace of PART_PACES) {
      const place = steadyPlace(n, cost, pace, sampled, PART_MIN_INSIDE * sampled.length, SKIP_COST);
      if (place && place.mean < bestMean) {
        bestMean = place.mean;
        best = { start: place.start, pace };
      }
    }
  }
  const len = m / best.pace;
  const margin = Math.max(2 * fps, PART_MARGIN * len);
  const from = Math.max(0, Math.floor(best.start - margin));
  const to = Math.min(n, Math.ceil(best.start + len + margin));
  return to - from < n ? { from, to } : null;
}

/** A path found on the reference from frame `from` on, in the whole reference's frames. */
function shiftPath(r: { path: Array<[number, number]>; meanCost: number }, from: number) {
  return { path: r.path.map(([i, j]): [number, number] => [i + from, j]), meanCost: r.meanCost };
}

/** A warped path is kept over the reference's own pace only when its pace is this far off… */
const PACE_OFF = 0.1;
/** …and the steady pace fits at least as well as the warped path (mean frame cost, times this). */
const STEADY_FITS_WITHIN = 1;
/** A steady reading must cover nearly all of the user's video (at least this share, and 2 s): it is the user's video lying inside the routine. */
const STEADY_MIN_OVERLAP = 0.85;

/**
 * A dancer keeps a pace: when the warped path reads a pace well off the reference's, and the user's
 * video fits the reference just as well at the reference's own pace from some offset (a video
 * that starts later or stops earlier than the routine, squeezed over all of it by the warping),
 * the steady reading wins. A truly slower or faster performance fits no offset at the reference's
 * pace, and keeps its warped path. Most of the video must lie inside the routine
 * (STEADY_MIN_OVERLAP); a part placed in a long routine (`placed`) may run on past its end (a
 * dancer walking to the phone), half of it inside, frames past the end costing SKIP_COST.
 */
function steadier(
  warped: { path: Array<[number, number]>; meanCost: number },
  n: number,
  m: number,
  fps: number,
  cost: (i: number, j: number) => number,
  placed: boolean,
): { path: Array<[number, number]>; meanCost: number } {
  if (warped.path.length < 2 || Math.abs(fitLine(warped.path, fps).slope - 1) < PACE_OFF) return warped;
  const along = warped.path.reduce((a, [i, j]) => a + cost(i, j), 0) / warped.path.length;
  const all = Array.from({ length: m }, (_, j) => j);
  const inside = Math.max(2 * fps, (placed ? PART_MIN_INSIDE : STEADY_MIN_OVERLAP) * m);
  const best = steadyPlace(n, cost, 1, all, inside, placed ? SKIP_COST : undefined);
  // Compared where both match: the warped path leaves a recording's tail past the routine unmatched too.
  if (!best || best.inside > STEADY_FITS_WITHIN * along) return warped;
  const path: Array<[number, number]> = [];
  for (let j = Math.max(0, -best.start); j < Math.min(m, n - best.start); j++) path.push([j + best.start, j]);
  return { path, meanCost: best.inside };
}

/**
 * Where the user's video fits the reference best at a steady `pace` (user frames per reference
 * frame): the reference frame its first frame answers, and the mean cost over the user frames `js`,
 * at least `minCount` of them inside the reference. Frames past either end of the reference count
 * `outside` each when given (a recording that runs on after the routine has nothing to match there),
 * else are left out of the mean; `inside` is the mean over the frames inside. Null if none fits so.
 */
function steadyPlace(
  n: number,
  cost: (i: number, j: number) => number,
  pace: number,
  js: readonly number[],
  minCount: number,
  outside?: number,
): { start: number; mean: number; inside: number } | null {
  const last = js[js.length - 1] ?? 0;
  let best: { start: number; mean: number; inside: number } | null = null;
  const inRef = (start: number, j: number) => {
    const i = Math.round(start + j / pace);
    return i >= 0 && i < n ? i : -1;
  };
  for (let start = -Math.ceil(last / pace); start < n; start++) {
    // Counted before any cost is read: most starts near the ends leave too little inside.
    let count = 0;
    for (const j of js) if (inRef(start, j) >= 0) count++;
    if (count < minCount || count === 0) continue;
    let sum = 0;
    for (const j of js) {
      const i = inRef(start, j);
      if (i >= 0) sum += cost(i, j);
    }
    const mean = outside === undefined ? sum / count : (sum + outside * (js.length - count)) / js.length;
    if (!best || mean < best.mean) best = { start, mean, inside: sum / count };
  }
  return best;
}

/**
 * Least-squares line user_t = a·ref_t + b through the path (each reference frame weighted once),
 * and the RMS residual: how far the user drifts from a constant tempo and offset.
 */
export function fitLine(path: Array<[number, number]>, fps: number): { slope: number; intercept: number; rms: number } {
  const byRef = new Map<number, number[]>();
  for (const [i, j] of path) {
    const list = byRef.get(i);
    if (list) list.push(j);
    else byRef.set(i, [j]);
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [i, js] of byRef) {
    xs.push(i / fps);
    ys.push(js.reduce((a, b) => a + b, 0) / js.length / fps);
  }
  const n = xs.length;
  if (n < 2) return { slope: 1, intercept: (ys[0] ?? 0) - (xs[0] ?? 0), rms: 0 };
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) {
    sxy += ((xs[k] as number) - mx) * ((ys[k] as number) - my);
    sxx += ((xs[k] as number) - mx) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 1;
  const intercept = my - slope * mx;
  let ss = 0;
  for (let k = 0; k < n; k++) ss += ((ys[k] as number) - (slope * (xs[k] as number) + intercept)) ** 2;
  return { slope, intercept, rms: Math.sqrt(ss / n) };
}
