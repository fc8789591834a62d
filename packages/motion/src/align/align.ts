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
export function alignTracks(ref: FeatureTrack, user: FeatureTrack, userMirrored: FeatureTrack): Alignment {
  if (Math.abs(ref.fps - user.fps) > 1e-6) throw new Error("tracks must share the analysis frame rate");
  const fps = ref.fps;
  const n = ref.frames.length;
  const m = user.frames.length;
  const opts = dtwOptions(n, m, fps);
  const cost = (u: FeatureTrack, i: number, j: number) =>
    frameDistance(ref.frames[i] as FeatureTrack["frames"][number], u.frames[j] as FeatureTrack["frames"][number]);
  const frameCost = (i: number, j: number) => Math.min(cost(user, i, j), cost(userMirrored, i, j));
  const warped = dtw(n, m, frameCost, opts);
  const either = steadier(warped, n, m, fps, frameCost);
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
 * pace, and keeps its warped path.
 */
function steadier(
  warped: { path: Array<[number, number]>; meanCost: number },
  n: number,
  m: number,
  fps: number,
  cost: (i: number, j: number) => number,
): { path: Array<[number, number]>; meanCost: number } {
  if (warped.path.length < 2 || Math.abs(fitLine(warped.path, fps).slope - 1) < PACE_OFF) return warped;
  const along = warped.path.reduce((a, [i, j]) => a + cost(i, j), 0) / warped.path.length;
  const minOverlap = Math.max(2 * fps, STEADY_MIN_OVERLAP * m);
  let best: { offset: number; mean: number } | undefined;
  // Offsets in frames: user frame j answers reference frame j − offset.
  for (let offset = -n; offset <= m; offset++) {
    const from = Math.max(0, offset);
    const to = Math.min(m, n + offset);
    if (to - from < minOverlap) continue;
    let sum = 0;
    for (let j = from; j < to; j++) sum += cost(j - offset, j);
    const mean = sum / (to - from);
    if (!best || mean < best.mean) best = { offset, mean };
  }
  if (!best || best.mean > STEADY_FITS_WITHIN * along) return warped;
  const path: Array<[number, number]> = [];
  for (let j = Math.max(0, best.offset); j < Math.min(m, n + best.offset); j++) path.push([j - best.offset, j]);
  return { path, meanCost: best.mean };
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
