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
const MIRROR_MARGIN = 0.85;

/**
 * Cost of a reference frame the user's video does not cover: about that of clearly different poses,
 * so a partial video is matched where it fits and the rest counts as missed.
 */
const SKIP_COST = 1;

export function dtwOptions(nRef: number, nUser: number, fps: number) {
  return {
    skipCost: SKIP_COST,
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
  const either = dtw(n, m, (i, j) => Math.min(cost(user, i, j), cost(userMirrored, i, j)), opts);
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
