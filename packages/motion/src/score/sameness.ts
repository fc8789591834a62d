import { angleDiff, quantile, wrap } from "../numbers.ts";
import { type FeatureTrack, type FrameFeatures, SEGMENT_COUNT, SEGMENTS } from "../features.ts";
import type { Match } from "../match.ts";
import { ContinuousTrack } from "../align/interp.ts";
import { type MoveMeasure, segmentRange, userTimeIn, weighted } from "./judge.ts";
import { shapeDistance } from "./shape.ts";

/**
 * "Is it the same routine?" is a decision, not a discount: the evidence gives a confidence, the
 * confidence a decision — same (score it), unsure (score it, and say what is uncertain) or not the
 * same (say so, make no claims, give the credit back). A score never carries the doubt: a real
 * dancer of the right routine whose body differs from the teacher's is scored on her shape and
 * timing alone.
 *
 * The evidence: alignment always finds *some* match, so the question is whether the matched
 * moments are close in absolute terms (real people doing one movement differ by 5–20°, different
 * movements by 20–60°), whether they fit much better than moments paired at random would
 * (distinctiveness: a routine that hardly moves matches anything a little), whether the two bodies
 * speed up and slow down together, whether the moves follow each other in order — and, when both
 * videos carry the same music, whether the moves agree at the music's own timing.
 */
export interface SamenessEvidence {
  /** Mean shape difference at the matched moments, degrees. */
  matched: number;
  /**
   * The same over the segments that move (in either video), degrees: the part of the body the
   * routine is about. A shoulder exercise against another one differs in the arm that moves, while
   * the still rest of the body matches anything. Seen from both videos, the larger (movingDistance,
   * userSideMoving).
   */
  movingMatched: number;
  /** Mean shape difference between reference and user moments paired at random, degrees. */
  random: number;
  /** Correlation (−1…1) of the two bodies' segment speeds along the match. */
  motionCorrelation: number;
  /** Share (0–1) of neighbouring moves found one after the other at the found pace (±0.25 s); NaN with one move. */
  order: number;
  /**
   * How alike the two are in which body parts move and how far (0–1): the overlap of their
   * per-segment ranges of motion over the whole video (weighted Jaccard). Needs no alignment: a
   * shoulder exercise moves the arms and a squat the legs, whoever does them.
   */
  rangeOverlap: number;
  /**
   * How differently the two bodies travel over what was danced: the larger, across and up-down, of
   * |ln| of the ratio of their hips' travel (5th–95th percentile, torso lengths, plus HIP_NOISE).
   * Segment directions miss it (a sit-to-stand's thighs foreshorten, barely turning, seen from the
   * front); the hips do not: a side lunge travels across, a sit-to-stand down, a squat nowhere
   * across. Real people doing one movement: 0.19 median, 0.63 at most (UI-PRMD, test split);
   * different movements 1.4 median.
   */
  travel: number;
  /**
   * When both videos carry the same music: the mean shape difference at the music's timing (each
   * reference moment against the user's moment on the same beat of the song), over `random`.
   * Null without shared music.
   */
  musicRatio: number | null;
}

export type SamenessDecision = "same" | "unsure" | "not_same";

/**
 * A logistic model over the evidence, fitted by maximum likelihood on the calibration set's fit
 * split (bench/quality/fit.ts): real people doing one movement and dancing one routine, copies of
 * one performance, against other movements, routines and exercises.
 */
export const SAMENESS = {
  BIAS: 5.466,
  /** Per 10° of matched difference. */
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: fitted (fit.ts), not log2(e)
  MATCHED: -1.443,
  RATIO: 0.083,
  CORR: 0.857,
  ORDER: 1.408,
  RANGE: -0.776,
  /** Per 10° of moving-segment difference. */
  MOVING: -0.877,
  /** Per unit of travel difference (|ln| of the ratio of the hips' travel). */
  TRAVEL: -1.19,
  /** Order when it cannot be told (a single move): the typical value of a same-routine pair. */
  ORDER_UNKNOWN: 1,
  /**
   * Shared music, by hand (the calibration set has no pair of different videos on one song): moves
   * that agree at the music's timing much better than at random (ratio ≤ MUSIC_SURE) are the same
   * routine; at MUSIC_HALF the music adds even odds.
   */
  MUSIC_HALF: 0.75,
  MUSIC_SLOPE: 20,
  /**
   * Decisions: the same routine from this confidence up, not the same below NOT_SAME_BELOW (where
   * the fewest fit pairs land on the wrong side), unsure between.
   */
  SAME_FROM: 0.5,
  NOT_SAME_BELOW: 0.425,
};

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The features of the model, in the order of SAMENESS's weights after BIAS. */
export function samenessFeatures(e: SamenessEvidence): [number, number, number, number, number, number, number] {
  const ratio = e.random > 0 ? e.matched / e.random : 1;
  const order = Number.isNaN(e.order) ? SAMENESS.ORDER_UNKNOWN : e.order;
  const moving = Number.isNaN(e.movingMatched) ? e.matched : e.movingMatched;
  return [e.matched / 10, ratio, e.motionCorrelation, order, e.rangeOverlap, moving / 10, e.travel];
}

/** 0–1 confidence that the user danced the reference's routine. */
export function samenessConfidence(e: SamenessEvidence): number {
  if (!Number.isFinite(e.matched)) return 0;
  const [matched, ratio, corr, order, range, moving, travel] = samenessFeatures(e);
  const motion = logistic(
    SAMENESS.BIAS +
      SAMENESS.MATCHED * matched +
      SAMENESS.RATIO * ratio +
      SAMENESS.CORR * corr +
      SAMENESS.ORDER * order +
      SAMENESS.RANGE * range +
      SAMENESS.MOVING * moving +
      SAMENESS.TRAVEL * travel,
  );
  // The music is independent evidence: two dancers on one song who hit the same shapes on the same
  // beats are doing one routine, however their bodies differ; one who dances something else to it
  // gains nothing from the song.
  if (e.musicRatio === null) return motion;
  const music = logistic(SAMENESS.MUSIC_SLOPE * (SAMENESS.MUSIC_HALF - e.musicRatio));
  return 1 - (1 - motion) * (1 - music);
}

export function samenessDecision(confidence: number): SamenessDecision {
  if (confidence >= SAMENESS.SAME_FROM) return "same";
  return confidence < SAMENESS.NOT_SAME_BELOW ? "not_same" : "unsure";
}

/** What the evidence is gathered from: a match, or as much of one as a live take has so far. */
export type SamenessInput = Pick<Match, "ref" | "user" | "cont" | "oriented" | "music"> & {
  fit: Pick<Match["fit"], "tempo">;
};

/** Gathers the evidence from a match and its measured moves. */
export function samenessEvidence(match: SamenessInput, moves: MoveMeasure[]): SamenessEvidence {
  const random = randomPairDistance(match.ref, match.user);
  const music = match.music;
  const danced = dancedSpan(moves, match.fit.tempo);
  return {
    matched: weighted(moves, (m) => m.plainDist),
    movingMatched: larger(
      movingDistance(moves),
      userSideMoving(match.ref, (m) => match.oriented(m).features, danced),
    ),
    random,
    motionCorrelation: motionCorrelation(match.ref, (m) => match.oriented(m.mirrored).cont, moves, match.fit.tempo),
    order: orderShare(moves, match.fit.tempo),
    rangeOverlap: rangeOverlap(match.ref, match.user),
    travel: travelDifference(match.ref, match.user, danced),
    musicRatio: music === null || !(random > 0) ? null : distanceAt(match.ref, match.cont, (t) => t + music) / random,
  };
}

/** Mean plain shape difference of every reference moment against the user's at `userTime(t)` (skipping moments the user's video does not show). */
function distanceAt(ref: FeatureTrack, user: ContinuousTrack, userTime: (t: number) => number): number {
  let s = 0;
  let n = 0;
  ref.frames.forEach((r, i) => {
    const t = userTime(i / ref.fps);
    if (!r.valid || !user.covers(t)) return;
    const u = user.at(t);
    const d = u ? shapeDistance(r, u) : Number.NaN;
    if (Number.isNaN(d)) return;
    s += d;
    n++;
  });
  return n ? s / n : Number.NaN;
}

/** A segment whose range within a move reaches this (degrees) moves in it. */
const MOVING_RANGE = 30;

/** Frame-weighted mean difference of the segments that move within each move (in either video), degrees. */
function movingDistance(moves: MoveMeasure[]): number {
  let s = 0;
  let w = 0;
  for (const m of moves)
    m.ranges.forEach(([a, b], k) => {
      const d = m.plainSegs[k] as number;
      if (Number.isNaN(d) || !(Math.max(a || 0, b || 0) >= MOVING_RANGE)) return;
      s += d * m.frames;
      w += m.frames;
    });
  return w > 0 ? s / w : Number.NaN;
}

/** The larger of two readings, either of which may be missing (NaN). */
function larger(a: number, b: number): number {
  return Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b);
}

/** A move found in the user's video: its reference span and where it was danced (user seconds). */
type FoundMove = { m: MoveMeasure; u0: number; u1: number };

/** What was danced: the moves found, and the stretch of each video from the first to the end of the last. */
interface DancedSpan {
  found: FoundMove[];
  /** User seconds per reference second. */
  tempo: number;
  refFrom: number;
  refTo: number;
  userFrom: number;
  userTo: number;
}

function dancedSpan(moves: MoveMeasure[], tempo: number): DancedSpan | null {
  const found = moves.flatMap((m) => {
    const u0 = userTimeIn(m, m.span.start, tempo);
    const u1 = userTimeIn(m, m.span.end, tempo);
    return u0 === null || u1 === null ? [] : [{ m, u0, u1 }];
  });
  if (!found.length) return null;
  return {
    found,
    tempo,
    refFrom: Math.min(...found.map((f) => f.m.span.start)),
    refTo: Math.max(...found.map((f) => f.m.span.end)),
    userFrom: Math.min(...found.map((f) => f.u0)),
    userTo: Math.max(...found.map((f) => f.u1)),
  };
}

/** Hip travel below this (torso lengths) is pose noise and sway: it keeps still bodies' ratios near 1. */
const HIP_NOISE = 0.1;

/** How far the hips travel between from and to (seconds), across and up-down: 5th–95th percentile, torso lengths. */
function hipTravel(track: FeatureTrack, from: number, to: number): [number, number] {
  const frames = track.frames.filter((f, i) => f.valid && i / track.fps >= from && i / track.fps <= to);
  const spread = (axis: 0 | 1) => {
    const v = frames.map((f) => f.hip[axis]).filter((x) => !Number.isNaN(x));
    return v.length < 2 ? 0 : quantile(v, 0.95) - quantile(v, 0.05);
  };
  return [spread(0), spread(1)];
}

/** SamenessEvidence.travel over what was danced (0 when no move was found: nothing to tell). */
function travelDifference(ref: FeatureTrack, user: FeatureTrack, danced: DancedSpan | null): number {
  if (!danced) return 0;
  const r = hipTravel(ref, danced.refFrom, danced.refTo);
  const u = hipTravel(user, danced.userFrom, danced.userTo);
  return Math.max(...r.map((x, k) => Math.abs(Math.log((x + HIP_NOISE) / ((u[k] as number) + HIP_NOISE)))));
}

/**
 * movingDistance from the user's side: each user frame from the first move found to the end of the
 * last, against the reference where the moves put it (between moves: the edge of the move nearer in
 * time), over the segments that sweep MOVING_RANGE there in either video. The moves see the
 * reference's moments only, so an alignment that skips a movement the user makes and the reference
 * lacks (an arm raised overhead against one that stays down: UI-PRMD scaption against shoulder
 * extension, 46° here against 28° from the moves) hides it from them, not from this. NaN when no
 * move was found.
 */
function userSideMoving(
  ref: FeatureTrack,
  userOf: (mirrored: boolean) => FeatureTrack,
  danced: DancedSpan | null,
): number {
  if (!danced) return Number.NaN;
  const { found, tempo, userFrom: from, userTo: to } = danced;
  const refAt = new ContinuousTrack(ref);
  const refFrames: FrameFeatures[] = [];
  const userFrames: FrameFeatures[] = [];
  const fps = ref.fps;
  for (let i = Math.ceil(from * fps); i <= Math.floor(to * fps); i++) {
    const t = i / fps;
    // The move danced here, else the move edge nearest in time (the reference's pose there).
    let at = found.find((f) => t >= f.u0 && t <= f.u1);
    let refTime = at ? at.m.span.start + (t - at.u0) / tempo : Number.NaN;
    if (!at) {
      let gap = Number.POSITIVE_INFINITY;
      for (const f of found)
        for (const [edge, userEdge] of [
          [f.m.span.start, f.u0],
          [f.m.span.end, f.u1],
        ] as const)
          if (Math.abs(t - userEdge) < gap) {
            gap = Math.abs(t - userEdge);
            at = f;
            refTime = edge;
          }
    }
    const u = userOf((at as FoundMove).m.mirrored).frames[i];
    const r = refAt.at(Math.min(refTime, refAt.duration));
    if (!u?.valid || !r) continue;
    refFrames.push(r);
    userFrames.push(u);
  }
  let s = 0;
  let n = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    if (!(larger(segmentRange(refFrames, k), segmentRange(userFrames, k)) >= MOVING_RANGE)) continue;
    refFrames.forEach((r, j) => {
      const d = angleDiff(r.seg[k] as number, (userFrames[j] as FrameFeatures).seg[k] as number, true);
      if (Number.isNaN(d)) return;
      s += d;
      n++;
    });
  }
  return n ? s / n : Number.NaN;
}

/** Segments whose range of motion is compared: limbs, torso and head (the shoulder and hip lines flip with every turn). */
const RANGE_SEGMENTS = SEGMENTS.flatMap((s, k) => (s.name === "shoulders" || s.name === "hips" ? [] : [k]));
/** A segment moving less than this (degrees) is still: pose noise moves it about this much. */
const STILL_RANGE = 15;

/** Per segment: twice the 95th percentile of its directions' distance from their circular mean, degrees. */
function rangesOf(track: FeatureTrack): number[] {
  return RANGE_SEGMENTS.map((k) => {
    const dirs = track.frames.flatMap((f) =>
      f.valid && !Number.isNaN(f.seg[k] as number) ? [f.seg[k] as number] : [],
    );
    if (dirs.length < 2) return STILL_RANGE;
    const c = dirs.reduce((a, d) => a + Math.cos((d * Math.PI) / 180), 0);
    const s = dirs.reduce((a, d) => a + Math.sin((d * Math.PI) / 180), 0);
    const mean = (Math.atan2(s, c) * 180) / Math.PI;
    const off = dirs.map((d) => angleDiff(d, mean, true)).sort((a, b) => a - b);
    return Math.max(STILL_RANGE, 2 * (off[Math.floor(0.95 * (off.length - 1))] as number));
  });
}

function rangeOverlap(ref: FeatureTrack, user: FeatureTrack): number {
  const a = rangesOf(ref);
  const b = rangesOf(user);
  let lo = 0;
  let hi = 0;
  a.forEach((x, k) => {
    lo += Math.min(x, b[k] as number);
    hi += Math.max(x, b[k] as number);
  });
  return hi > 0 ? lo / hi : 1;
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
      const d = shapeDistance(rv[i] as FeatureTrack["frames"][number], uv[j] as FeatureTrack["frames"][number]);
      if (Number.isNaN(d)) continue;
      s += d;
      n++;
    }
  return n ? s / n : Number.NaN;
}

/** Correlation of the two bodies' segment speeds (signed, per segment) along the matched moves. */
function motionCorrelation(
  ref: FeatureTrack,
  userOf: (m: MoveMeasure) => ContinuousTrack,
  moves: MoveMeasure[],
  tempo: number,
): number {
  let num = 0;
  let da = 0;
  let db = 0;
  const fps = ref.fps;
  for (const m of moves) {
    if (m.userStart === null) continue;
    const user = userOf(m);
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
        const a = wrap((r1.seg[k] as number) - (r0.seg[k] as number));
        const b = wrap((u1.seg[k] as number) - (u0.seg[k] as number));
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

/**
 * Share of neighbouring found moves whose user starts are as far apart as the pace says (±0.25 s),
 * where each fits best: a move put on time for fitting there about as well would follow by construction.
 */
function orderShare(moves: MoveMeasure[], tempo: number): number {
  let ok = 0;
  let n = 0;
  for (let k = 1; k < moves.length; k++) {
    const a = moves[k - 1] as MoveMeasure;
    const b = moves[k] as MoveMeasure;
    if (a.fitStart === null || b.fitStart === null) continue;
    n++;
    if (Math.abs(b.fitStart - a.fitStart - tempo * (b.span.start - a.span.start)) <= 0.25) ok++;
  }
  return n ? ok / n : Number.NaN;
}
