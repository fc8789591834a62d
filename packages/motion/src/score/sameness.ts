import { angleDiff, lowerQuantile, offCircularMean, quantile, wrap } from "../numbers.ts";
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
 * speed up and slow down together, whether the moves follow each other in order — and, when the
 * dancer kept a clock both videos share (the same music, or a take recorded with the reference
 * playing), whether the moves agree at that clock's own timing.
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
  /** How many moves were found (the order is told from their neighbours). */
  moves: number;
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
   * When the dancer kept a clock both videos share (the same music, or a take recorded with the
   * reference playing): how much closer the moves are at the clock's timing than at other timings —
   * the mean shape difference of each reference moment against the user's moments at the same
   * moment of the clock (the nearest within CLOCK_SLACK_S, as a dancer a little early or late still
   * hits the beat's shape), over the same with the clock shifted by CLOCK_SHIFTS_S. About 1: the
   * moves disagree on the music's beats (another routine to the song); well under 1: they agree.
   * Null without such a clock.
   */
  clockRatio: number | null;
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
   * A shared clock, by hand (clockRatio; different routines on one song are too few to fit on): at
   * CLOCK_HALF it adds even odds, and each 0.04 below it about triples them. Set below the fit
   * split's different choreographies danced to one song (0.96–1.03: on the song's beats they are as
   * far apart as anywhere else).
   */
  CLOCK_HALF: 0.85,
  CLOCK_SLOPE: 28,
  /**
   * Decisions: the same routine from this confidence up; unsure between it and NOT_SAME_BELOW (where
   * the fewest fit pairs land on the wrong side); below, not the same only with evidence against.
   */
  SAME_FROM: 0.5,
  NOT_SAME_BELOW: 0.425,
};

/**
 * Evidence *against* the routine, one of which a refusal needs: too little evidence for it (a loose
 * take, a body unlike the teacher's, a clip too short to tell) is never enough. With a shared clock:
 * moves as far apart on the music's beats as anywhere else. Without: the moves found out of order,
 * or another part of the body doing the work (moving segments far apart, little overlap in which
 * parts move, hips travelling quite differently).
 */
export const AGAINST = {
  /** clockRatio from here up: the moves disagree at the shared clock's timing. */
  CLOCK: 0.92,
  /** Order below this, told from at least ORDER_MIN_MOVES moves. */
  ORDER: 0.5,
  ORDER_MIN_MOVES: 5,
  /** Moving segments this far apart (degrees) at the matched moments. */
  MOVING: 40,
  /** Range overlap below this. */
  RANGE: 0.55,
  /**
   * Travel difference from this up: just above the fit split's other people doing one movement
   * whose moves match loosely (0.63 at most), below a dance against jumping jacks (0.68).
   */
  TRAVEL: 0.65,
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
  // The shared clock is independent evidence: two dancers on one song who hit the same shapes on the
  // same beats are doing one routine, however their bodies differ; one who dances something else to
  // it gains nothing from the song.
  if (e.clockRatio === null) return motion;
  const onClock = logistic(SAMENESS.CLOCK_SLOPE * (SAMENESS.CLOCK_HALF - e.clockRatio));
  return 1 - (1 - motion) * (1 - onClock);
}

/** Whether the evidence holds a sign against the routine (AGAINST), as a refusal needs. */
export function evidenceAgainst(e: SamenessEvidence): boolean {
  if (e.clockRatio !== null) return e.clockRatio >= AGAINST.CLOCK;
  return (
    (e.moves >= AGAINST.ORDER_MIN_MOVES && e.order < AGAINST.ORDER) ||
    e.movingMatched >= AGAINST.MOVING ||
    e.rangeOverlap < AGAINST.RANGE ||
    e.travel >= AGAINST.TRAVEL
  );
}

export interface SamenessJudgement {
  confidence: number;
  decision: SamenessDecision;
}

/** The decision: same, unsure, or not the same — which needs low confidence and evidence against. */
export function judgeSameness(e: SamenessEvidence): SamenessJudgement {
  const confidence = samenessConfidence(e);
  const decision =
    confidence >= SAMENESS.SAME_FROM
      ? "same"
      : confidence < SAMENESS.NOT_SAME_BELOW && evidenceAgainst(e)
        ? "not_same"
        : "unsure";
  return { confidence, decision };
}

/**
 * What the evidence is gathered from: a match, or as much of one as a live take has so far.
 * `keptClock`: where the reference's time zero is in the user's video when the dancer kept a clock
 * both share (the music's offset, or the take's), else null.
 */
export type SamenessInput = Pick<Match, "ref" | "user" | "cont" | "oriented"> & {
  fit: Pick<Match["fit"], "tempo">;
  keptClock: number | null;
};

/** Where a match's kept clock (shared music, or a take recorded with the reference playing) puts the reference's time zero; null without one. */
export function keptClockOf(match: Pick<Match, "clock" | "fit">): number | null {
  return match.clock === "music" || match.clock === "take" ? match.fit.anchor : null;
}

/** Gathers the evidence from a match and its measured moves. */
export function samenessEvidence(match: SamenessInput, moves: MoveMeasure[]): SamenessEvidence {
  const random = randomPairDistance(match.ref, match.user);
  const clock = match.keptClock;
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
    moves: moves.filter((m) => m.fitStart !== null).length,
    rangeOverlap: rangeOverlap(match.ref, match.user),
    travel: travelDifference(match.ref, match.user, danced),
    clockRatio:
      clock === null
        ? null
        : clockRatio(match.ref, [match.oriented(false).features, match.oriented(true).features], clock),
  };
}

/** How far from the clock's timing (seconds, either way) a user moment may be to answer a reference moment: about half a beat. */
const CLOCK_SLACK_S = 0.3;
/**
 * The timings the clock's is measured against: shifted by these many seconds either way — beyond
 * the slack, within a few bars, where the same body and camera dance other moments.
 */
const CLOCK_SHIFTS_S = [0.75, 1.5, 2.25];
/**
 * Reference moments read (spread evenly), and the step (seconds) within the slack: enough to tell,
 * cheap enough for a live take, which gathers the evidence again at every move's end.
 */
const CLOCK_MOMENTS = 60;
const CLOCK_SLACK_STEP_S = 0.1;

/** SamenessEvidence.clockRatio (the user's moments either way round: danced, or mirror-wise); null when the videos share too little to tell. */
function clockRatio(ref: FeatureTrack, user: FeatureTrack[], offset: number): number | null {
  const onBeat = distanceNear(ref, user, offset);
  const shifted = CLOCK_SHIFTS_S.flatMap((s) => [
    distanceNear(ref, user, offset + s),
    distanceNear(ref, user, offset - s),
  ]);
  const elsewhere = shifted.filter((d) => !Number.isNaN(d));
  const baseline = elsewhere.reduce((a, d) => a + d, 0) / elsewhere.length;
  return Number.isNaN(onBeat) || !(baseline > 0) ? null : onBeat / baseline;
}

/**
 * Mean over the reference's moments of the plain shape difference to the nearest user moment within
 * CLOCK_SLACK_S of `offset` seconds later, in any of the user's readings (their analysis frames: the
 * slack is several frames wide; moments the user's video does not show are skipped).
 */
function distanceNear(ref: FeatureTrack, user: FeatureTrack[], offset: number): number {
  const every = Math.max(1, Math.ceil(ref.frames.length / CLOCK_MOMENTS));
  let s = 0;
  let n = 0;
  ref.frames.forEach((r, i) => {
    if (!r.valid || i % every) return;
    let best = Number.POSITIVE_INFINITY;
    for (const way of user) {
      const reach = Math.round(CLOCK_SLACK_S * way.fps);
      const step = Math.max(1, Math.round(CLOCK_SLACK_STEP_S * way.fps));
      const at = Math.round((i / ref.fps + offset) * way.fps);
      for (let d = -reach; d <= reach; d += step) {
        const u = way.frames[at + d];
        const x = u?.valid ? shapeDistance(r, u) : Number.NaN;
        if (x < best) best = x;
      }
    }
    if (best === Number.POSITIVE_INFINITY) return;
    s += best;
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
    return Math.max(STILL_RANGE, 2 * lowerQuantile(offCircularMean(dirs), 0.95));
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
