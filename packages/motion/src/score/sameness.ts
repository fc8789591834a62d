import type { ContinuousTrack } from "../align/interp.ts";
import { type FeatureTrack, SEGMENT_COUNT } from "../features.ts";
import type { Match } from "../match.ts";
import { type MoveMeasure, userTimeIn, weighted } from "./judge.ts";
import { compareShape } from "./shape.ts";

/**
 * Is it the same routine? Alignment always finds *some* match, so the question is whether the
 * matched moments fit much better than moments picked at random would (distinctiveness), whether
 * the two bodies speed up and slow down together (motion correlation), whether the moves follow
 * each other in the user's video as they do in the reference (order), or whether the shapes match
 * so closely throughout that it cannot be chance.
 */
export interface SamenessEvidence {
  /** Mean shape difference at the matched moments, degrees. */
  matched: number;
  /** Mean shape difference between reference and user moments paired at random, degrees. */
  random: number;
  /** Correlation (−1…1) of the two bodies' segment speeds along the match. */
  motionCorrelation: number;
  /** Share (0–1) of neighbouring moves found one after the other at the found pace (±0.25 s); NaN with one move. */
  order: number;
}

/**
 * A logistic model over the evidence, fitted on the calibration set's fit split
 * (bench/quality/fit.ts): same vs different routines.
 */
export const SAMENESS = {
  BIAS: 7.563,
  RATIO: -24.1,
  CORR: 24,
  ORDER: 4.07,
  /** Order when it cannot be told (a single move): the typical value of a same-routine pair. */
  ORDER_UNKNOWN: 1,
  /** A matched difference this small (degrees) says "same" whatever the rest. */
  CLOSE_50: 19.5,
  CLOSE_SLOPE: 0.6,
  /** …but only when at least this share of the moves are found in order (see samenessConfidence). */
  CLOSE_MIN_ORDER: 0.25,
  /** Scores are scaled by FLOOR + (1 − FLOOR) × min(1, confidence / FULL_AT)^GAMMA (see samenessFactor). */
  FLOOR: 0.217,
  FULL_AT: 0.856,
  GAMMA: 4,
};

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** 0–1 confidence that the user danced the reference's routine. */
export function samenessConfidence(e: SamenessEvidence): number {
  if (!Number.isFinite(e.matched)) return 0;
  const ratio = e.random > 0 ? e.matched / e.random : 1;
  const order = Number.isNaN(e.order) ? SAMENESS.ORDER_UNKNOWN : e.order;
  const distinct = logistic(
    SAMENESS.BIAS + SAMENESS.RATIO * ratio + SAMENESS.CORR * e.motionCorrelation + SAMENESS.ORDER * order,
  );
  // Close shapes found out of order are rest matching rest (a squat's standing phase and a
  // dancer's stance), not the routine: a fast dance's motion can alias at the analysis rate, so
  // closeness stands in for it, but the order of the moves must still hold.
  const close =
    order >= SAMENESS.CLOSE_MIN_ORDER ? logistic(SAMENESS.CLOSE_SLOPE * (SAMENESS.CLOSE_50 - e.matched)) : 0;
  return Math.max(distinct, close);
}

/** Same routine when the confidence is at least this. */
export const SAME_ROUTINE_MIN = 0.5;

/**
 * The factor (FLOOR–1) scores are scaled by: a doubtful match cannot score like a sure one, while
 * any confidence from FULL_AT up keeps the whole score (a clear match is not docked for the last
 * few per cent of certainty).
 */
export function samenessFactor(confidence: number): number {
  const c = Math.max(0, Math.min(1, confidence / SAMENESS.FULL_AT));
  return SAMENESS.FLOOR + (1 - SAMENESS.FLOOR) * c ** SAMENESS.GAMMA;
}

/** Gathers the evidence from a match and its measured moves. */
export function samenessEvidence(match: Match, moves: MoveMeasure[]): SamenessEvidence {
  return {
    matched: weighted(moves, (m) => m.plainDist),
    random: randomPairDistance(match.ref, match.user),
    motionCorrelation: motionCorrelation(match.ref, match.cont, moves, match.fit.tempo),
    order: orderShare(moves, match.fit.tempo),
  };
}

/**
 * Mean shape difference between reference and user moments paired at random (every pair, thinned
 * for long videos): what "no relation" looks like for these two bodies and cameras.
 */
function randomPairDistance(ref: FeatureTrack, user: FeatureTrack): number {
  const rv = ref.frames.filter((f) => f.valid);
  const uv = user.frames.filter((f) => f.valid);
  const step = Math.max(1, Math.ceil(Math.sqrt((rv.length * uv.length) / 40000)));
  let s = 0;
  let n = 0;
  for (let i = 0; i < rv.length; i += step)
    for (let j = 0; j < uv.length; j += step) {
      const d = compareShape(rv[i] as FeatureTrack["frames"][number], uv[j]).dist;
      if (Number.isNaN(d)) continue;
      s += d;
      n++;
    }
  return n ? s / n : Number.NaN;
}

/** Correlation of the two bodies' segment speeds (signed, per segment) along the matched moves. */
function motionCorrelation(ref: FeatureTrack, user: ContinuousTrack, moves: MoveMeasure[], tempo: number): number {
  let num = 0;
  let da = 0;
  let db = 0;
  const fps = ref.fps;
  for (const m of moves) {
    if (m.userStart === null) continue;
    const from = Math.max(1, Math.round(m.span.start * fps));
    const to = Math.min(ref.frames.length, Math.round(m.span.end * fps));
    for (let i = from; i < to; i++) {
      const r0 = ref.frames[i - 1];
      const r1 = ref.frames[i];
      const t0 = userTimeIn(m, (i - 1) / fps, tempo);
      const t1 = userTimeIn(m, i / fps, tempo);
      if (!r0?.valid || !r1?.valid || t0 === null || t1 === null) continue;
      const u0 = user.at(t0);
      const u1 = user.at(t1);
      if (!u0 || !u1) continue;
      for (let k = 0; k < SEGMENT_COUNT; k++) {
        const a = signedDelta(r0.seg[k] as number, r1.seg[k] as number);
        const b = signedDelta(u0.seg[k] as number, u1.seg[k] as number);
        if (Number.isNaN(a) || Number.isNaN(b)) continue;
        const w = Math.min(r1.segW[k] as number, u1.segW[k] as number);
        num += w * a * b;
        da += w * a * a;
        db += w * b * b;
      }
    }
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

function signedDelta(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  return ((((b - a) % 360) + 540) % 360) - 180;
}

/** Share of neighbouring found moves whose user starts are as far apart as the pace says (±0.25 s). */
function orderShare(moves: MoveMeasure[], tempo: number): number {
  let ok = 0;
  let n = 0;
  for (let k = 1; k < moves.length; k++) {
    const a = moves[k - 1] as MoveMeasure;
    const b = moves[k] as MoveMeasure;
    if (a.userStart === null || b.userStart === null) continue;
    n++;
    if (Math.abs(b.userStart - a.userStart - tempo * (b.span.start - a.span.start)) <= 0.25) ok++;
  }
  return n ? ok / n : Number.NaN;
}
