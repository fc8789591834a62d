import { angleDiff, lowerMedian, lowerQuantile, offCircularMean, quantile } from "../numbers.ts";
import type { ContinuousTrack } from "../align/interp.ts";
import type { MoveSpan } from "../counts/counting.ts";
import type { Match } from "../match.ts";
import {
  FACING_LINES,
  type FeatureTrack,
  type FrameFeatures,
  isSignedJoint,
  JOINTS,
  PART_JOINTS,
  PARTS,
  SEGMENT_COUNT,
  SEGMENTS,
  seenBroadside,
} from "../features.ts";
import { compareShape, movementEmphasis, sidesAsReference, visibilityFactor } from "./shape.ts";
import type { Primitives } from "./styles.ts";

/** Each joint's body part (PARTS index): a joint's figures weigh a frame as its part's do there. */
const JOINT_PART: readonly number[] = JOINTS.map((j) =>
  PARTS.findIndex((p) => (PART_JOINTS[p] as readonly string[]).includes(j)),
);

/** Everything measured about one move of the reference against the user's performance of it. */
export interface MoveMeasure {
  span: MoveSpan;
  /** User time where the move starts (null: not found in the user's video). */
  userStart: number | null;
  /** Where it fits best, which userStart leaves when the move fits on time about as well (Match.fitStarts). */
  fitStart: number | null;
  /** Seconds late (+) or early (−) against the reference's own time, and against the user's steady pace. */
  timing: number | null;
  lapse: number | null;
  /** Mean segment-direction difference with the move's moving segments emphasised, degrees (NaN: nothing to compare). */
  dist: number;
  /**
   * The same without emphasis, and per segment (SEGMENTS order), with the user's sides as the pose
   * model named them (for telling whether it is the same routine at all: score/sameness.ts).
   */
  plainDist: number;
  plainSegs: Float64Array;
  /** 0–100. */
  shape: number;
  /** Share of the reference's body the user's video shows here (0–1). */
  visible: number;
  /**
   * Mean difference per body part (PARTS order; frames weighted as the shape weighs them:
   * ShapeSample.partWeight) and per segment (SEGMENTS order), degrees; NaN where not comparable.
   */
  parts: Float64Array;
  /** Shape per body part, 0–100 (PARTS order); NaN where not comparable. */
  partShape: Float64Array;
  segs: Float64Array;
  /**
   * Per joint (JOINTS order): mean |user − reference| angle and mean signed difference, degrees,
   * frames weighted as its part's (like `parts`); NaN where not comparable.
   */
  jointAbs: Float64Array;
  jointSigned: Float64Array;
  /** Movement qualities, reference vs user (user measured in reference time, so pace is not counted twice). */
  speed: [number, number];
  /**
   * How much of the reference's move the user made (1 = all of it), relative to how the two compare
   * over the whole routine (a video whose poses read stiffer throughout — compression, blur — is
   * not a dancer missing moves): the larger of its motion (the path the moving limbs travel: a
   * freeze is near 0) and its size (the range they sweep, the user's with a little context either
   * side: a move danced a bit early or late is not a smaller move). Each on each video's own
   * frames, so a slower or mirrored copy makes all of it. NaN where the reference barely moves.
   */
  moved: number;
  jerk: [number, number];
  /** Per segment, [reference, user] angular range, degrees. */
  ranges: Array<[number, number]>;
  /** The trunk's range of motion, [reference allowance, user], degrees (see POSTURE); NaN where not seen. */
  trunk?: [number, number];
  /** Reference frames in the move (its weight in averages). */
  frames: number;
  /**
   * The dancer was hidden behind someone for some of it (a group video: Match.hidden): it weighs
   * nothing (frames 0) and is not judged. Absent otherwise.
   */
  hidden?: true;
  /** Measured against the user's pose flipped left ↔ right (the user danced this part mirror-wise). */
  mirrored: boolean;
}

function mean(v: number[]): number {
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : Number.NaN;
}

/** Where the user's video is at reference time t within a move. */
export function userTimeIn(m: { span: MoveSpan; userStart: number | null }, t: number, tempo: number): number | null {
  return m.userStart === null ? null : m.userStart + tempo * (t - m.span.start);
}

/** A segment direction this unsure (segW) is left out of a range or a path: a reading the model barely saw is no motion. */
const RANGE_MIN_TRUST = 0.3;

/**
 * How far one segment sweeps over some frames (degrees): twice its directions' 90th-percentile
 * distance from their circular mean, over the frames that show it with some trust (a single wild
 * reading does not widen it). NaN with fewer than two.
 */
export function segmentRange(frames: ReadonlyArray<FrameFeatures | undefined>, k: number): number {
  const v = despiked(trusted(frames, k)).map((r) => r.dir);
  if (v.length < 2) return Number.NaN;
  return 2 * quantile(offCircularMean(v), 0.9);
}

/** Mean absolute change per second, and mean absolute second difference per second², of segment directions. */
function motionOf(frames: Array<FrameFeatures | undefined>, fps: number): { speed: number; jerk: number } {
  const sp: number[] = [];
  const jk: number[] = [];
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    for (let i = 1; i < frames.length; i++) {
      const a = frames[i - 1]?.seg[k] as number;
      const b = frames[i]?.seg[k] as number;
      if (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b)) continue;
      sp.push(angleDiff(a, b, true) * fps);
      const z = frames[i - 2]?.seg[k] as number;
      if (i >= 2 && z !== undefined && !Number.isNaN(z)) {
        const d1 = (((b - a + 540) % 360) - 180) as number;
        const d0 = (((a - z + 540) % 360) - 180) as number;
        jk.push(Math.abs(d1 - d0) * fps * fps);
      }
    }
  }
  return { speed: mean(sp), jerk: mean(jk) };
}

/** Measures every move of a match, each the way round it was danced. */
export function measureMatch(match: Match): MoveMeasure[] {
  const { fit } = match;
  return measureMoves(
    match.ref,
    (k) => ({
      cont: match.oriented(match.moveMirrored[k] ?? match.mirrored).cont,
      mirrored: match.moveMirrored[k] ?? match.mirrored,
    }),
    match.counting.moves,
    match.starts.map((userStart, k) => ({ userStart, fitStart: match.fitStarts[k] ?? null })),
    fit.timing,
    fit.lapse,
    fit.tempo,
    hiddenAt(match),
  );
}

/**
 * Whether a moment of the reference (ref_t, and where the user's video was read for it) falls in
 * a stretch the dancer is hidden behind someone (Match.hidden): where it was read, or where it was
 * due on the steady timing line (a move whose moment was hidden is often "found" at some other,
 * visible moment, and would count as badly timed). Undefined without hidden stretches.
 */
function hiddenAt(match: Match): HiddenAt | undefined {
  const spans = match.hidden;
  if (!spans?.length) return undefined;
  const inside = (u: number) => spans.some(([a, b]) => u >= a && u <= b);
  const { intercept, tempo } = match.fit;
  return (refT, userT) => (userT !== null && inside(userT)) || inside(intercept + tempo * refT);
}

/** See hiddenAt. */
export type HiddenAt = (refT: number, userT: number | null) => boolean;

/** Measures every move at the user time the timing step found for it, against the user's pose as `userOf` gives it. */
export function measureMoves(
  ref: FeatureTrack,
  userOf: (move: number) => { cont: ContinuousTrack; mirrored: boolean },
  moves: MoveSpan[],
  starts: Array<{ userStart: number | null; fitStart: number | null }>,
  timing: Array<number | null>,
  lapse: Array<number | null>,
  tempo: number,
  hidden?: HiddenAt,
): MoveMeasure[] {
  return withMovement(
    moves.map((span, m) =>
      readMove(
        ref,
        userOf(m),
        span,
        {
          userStart: starts[m]?.userStart ?? null,
          fitStart: starts[m]?.fitStart ?? null,
          timing: timing[m] ?? null,
          lapse: lapse[m] ?? null,
        },
        tempo,
        hidden,
      ),
    ),
  );
}

/** One move as read on its own, before how much of it was made is set against the routine (withMovement). */
export type MoveReading = MoveMeasure & { sweep: number; path: number };

/** Per segment, the mean over frames of a difference (NaN in a frame: not comparable there, left out). */
class SegmentMeans {
  private readonly sum = new Float64Array(SEGMENT_COUNT);
  private readonly n = new Float64Array(SEGMENT_COUNT);

  add(diffs: Float64Array): void {
    diffs.forEach((v, i) => {
      if (Number.isNaN(v)) return;
      this.sum[i] = (this.sum[i] as number) + v;
      this.n[i] = (this.n[i] as number) + 1;
    });
  }

  /** NaN where no frame was comparable. */
  means(): Float64Array {
    return this.sum.map((v, i) => ((this.n[i] as number) > 0 ? v / (this.n[i] as number) : Number.NaN));
  }
}

/** Reads one move at the user time the timing step found for it (see measureMoves). */
export function readMove(
  ref: FeatureTrack,
  { cont: user, mirrored }: { cont: ContinuousTrack; mirrored: boolean },
  span: MoveSpan,
  found: { userStart: number | null; fitStart?: number | null; timing: number | null; lapse: number | null },
  tempo: number,
  hidden?: HiddenAt,
): MoveReading {
  const fps = ref.fps;
  const from = Math.max(0, Math.round(span.start * fps));
  const to = Math.min(ref.frames.length, Math.max(from + 1, Math.round(span.end * fps)));
  const refFrames = ref.frames.slice(from, to);
  const emphasis = movementEmphasis(refFrames);
  const refMotion = motionOf(refFrames, fps);
  const userStart = found.userStart;
  const userTimes = refFrames.map((_, k) => userTimeIn({ span, userStart }, (from + k) / fps, tempo));
  // Moments the dancer is hidden behind someone (a group video) are left out of the move, and a
  // move hidden at all weighs nothing (frames 0): the timing step finds a partly hidden move from
  // what little shows, often a count or two off (on the crossing bench, −0.36 s with a fifth of
  // it hidden), which would count as the dancer's own lateness.
  const unseen = userTimes.map((u, k) => !!hidden && hidden((from + k) / fps, u));
  const userFrames = userTimes.map((u, k) => (u === null || unseen[k] ? undefined : user.at(user.clampEdge(u))));
  const userMotion = motionOf(userFrames, fps);
  // The user's own analysed frames over the move (blended frames would round off its extremes),
  // with context either side for its size: a move danced slightly off time is still whole.
  const userOwn = (context: number) => {
    const u0 = userTimeIn({ span, userStart }, from / fps, tempo);
    const u1 = userTimeIn({ span, userStart }, (to - 1) / fps, tempo);
    return u0 === null || u1 === null ? [] : user.framesBetween(u0 - context, u1 + context);
  };
  const dists: number[] = [];
  const sims: number[] = [];
  const plain: number[] = [];
  const partSimSum = new Float64Array(PARTS.length);
  const visible: number[] = [];
  const partSum = new Float64Array(PARTS.length);
  const partW = new Float64Array(PARTS.length);
  const segs = new SegmentMeans();
  const plainSegs = new SegmentMeans();
  // Per joint: weighted sums of |difference| and signed difference, and of the weights (its part's in each frame).
  const jAbs = new Float64Array(JOINTS.length);
  const jSigned = new Float64Array(JOINTS.length);
  const jW = new Float64Array(JOINTS.length);
  refFrames.forEach((r, k) => {
    if (!r.valid || unseen[k]) return;
    const u = sidesAsReference(r, userFrames[k]);
    const s = compareShape(r, u, emphasis);
    visible.push(u ? s.visible : 0);
    // A moment the user's video does not show counts as a clear mismatch.
    dists.push(Number.isNaN(s.dist) ? 90 : s.dist);
    sims.push(Number.isNaN(s.sim) ? 0 : s.sim);
    // The evidence of sameness reads the user's pose as the model named its sides (the sameness
    // model was fitted so; a body seen from behind is the routine's business only once it is the same).
    const p = compareShape(r, userFrames[k]);
    plain.push(Number.isNaN(p.dist) ? 90 : p.dist);
    plainSegs.add(p.segs);
    s.parts.forEach((v, i) => {
      const w = s.partWeight[i] as number;
      if (Number.isNaN(v) || !(w > 0)) return;
      partSum[i] = (partSum[i] as number) + w * v;
      partSimSum[i] = (partSimSum[i] as number) + w * (s.partSim[i] as number);
      partW[i] = (partW[i] as number) + w;
    });
    // Which way the body faces is read only from lines seen broadside in both videos: a side-on
    // line's direction is noise (a push-up from aside read 100–170° off against a mirrored copy).
    if (u) for (const k of FACING_LINES) if (!seenBroadside(r, k) || !seenBroadside(u, k)) s.segs[k] = Number.NaN;
    segs.add(s.segs);
    if (!u) return;
    JOINTS.forEach((j, i) => {
      const a = r.angles[i] as number;
      const b = u.angles[i] as number;
      if (Number.isNaN(a) || Number.isNaN(b)) return;
      const signed = isSignedJoint(j);
      const w = s.partWeight[JOINT_PART[i] as number] as number;
      if (!(w > 0)) return;
      jAbs[i] = (jAbs[i] as number) + w * angleDiff(a, b, signed);
      jW[i] = (jW[i] as number) + w;
      // Torso and head: more or less tilt than the reference, whichever way it leans.
      jSigned[i] = (jSigned[i] as number) + w * (signed ? Math.abs(b) - Math.abs(a) : b - a);
    });
  });
  const dist = mean(dists);
  const vis = visible.length ? mean(visible) : 0;
  return {
    span,
    userStart,
    fitStart: found.fitStart === undefined ? userStart : found.fitStart,
    timing: found.timing,
    lapse: found.lapse,
    dist,
    plainDist: mean(plain),
    shape: sims.length ? 100 * mean(sims) * visibilityFactor(vis) : 0,
    visible: vis,
    parts: partSum.map((v, i) => ((partW[i] as number) > 0 ? v / (partW[i] as number) : Number.NaN)),
    partShape: partSimSum.map((v, i) => ((partW[i] as number) > 0 ? (100 * v) / (partW[i] as number) : Number.NaN)),
    segs: segs.means(),
    plainSegs: plainSegs.means(),
    jointAbs: jAbs.map((v, i) => ((jW[i] as number) > 0 ? v / (jW[i] as number) : Number.NaN)),
    jointSigned: jSigned.map((v, i) => ((jW[i] as number) > 0 ? v / (jW[i] as number) : Number.NaN)),
    speed: [refMotion.speed, userMotion.speed],
    moved: Number.NaN,
    jerk: [refMotion.jerk, userMotion.jerk],
    ranges: SEGMENTS.map((_, k) => [segmentRange(refFrames, k), segmentRange(userFrames, k)]),
    trunk: [refTrunkRange(ref, from, to), userTrunkRange(user, userFrames)],
    sweep: sweepRatio(refFrames, userOwn(MOVEMENT.CONTEXT_S)),
    path: pathRatio(refFrames, userOwn(0)),
    frames: unseen.some((h) => h) ? 0 : refFrames.length,
    mirrored,
    ...(unseen.some((h) => h) ? { hidden: true as const } : {}),
  };
}

/** The moves' shapes with how much of each the user made, against how they move over all of them (MOVEMENT). */
export function withMovement(readings: MoveReading[]): MoveMeasure[] {
  const measured = readings.map((r) => ({ ...r }));
  // How much of each move the user made, against how they move over the whole routine.
  const moving = measured.filter((m) => !Number.isNaN(m.sweep) && !Number.isNaN(m.path));
  const scaleOf = (v: number[]) => {
    const overall = lowerMedian(v);
    return Math.min(1, Math.max(MOVEMENT.MAX_STIFFNESS, Number.isNaN(overall) ? 1 : overall));
  };
  const sweepScale = scaleOf(moving.map((m) => m.sweep));
  const pathScale = scaleOf(moving.map((m) => m.path));
  // Both must say the move fell short: a pose-noise reading can fool one, a real freeze or a
  // half-size move shows in both.
  for (const m of moving) {
    m.moved = Math.max(m.path / pathScale, m.sweep / sweepScale);
    m.shape *= movementFactor(m.moved);
  }
  for (const m of measured) m.shape *= postureFactor(m.trunk ?? [Number.NaN, Number.NaN]);
  return measured.map(({ sweep: _s, path: _p, ...m }) => m);
}

/** One segment's direction in one frame (its index among the frames). */
interface Reading {
  i: number;
  dir: number;
}

/** The readings of segment k the model trusts (RANGE_MIN_TRUST), in order. */
function trusted(frames: ReadonlyArray<FrameFeatures | undefined>, k: number): Reading[] {
  return frames.flatMap((f, i) =>
    f?.valid && !Number.isNaN(f.seg[k] as number) && (f.segW[k] as number) >= RANGE_MIN_TRUST
      ? [{ i, dir: f.seg[k] as number }]
      : [],
  );
}

/**
 * The readings with one-frame spikes removed: each replaced by the middle one of it and its two
 * neighbours (the one closest to the other two), so a shin read pointing up for a single frame is
 * no motion, while a real turn, which lasts, stays.
 */
function despiked(r: Reading[]): Reading[] {
  return r.map((x, j) => {
    const a = r[j - 1];
    const b = r[j + 1];
    // Only a reading between readings of the frames either side of it: across a gap, it is all there is.
    if (!a || !b || a.i !== x.i - 1 || b.i !== x.i + 1) return x;
    const three = [a.dir, x.dir, b.dir];
    const spread = (d: number) => three.reduce((s, e) => s + angleDiff(d, e, true), 0);
    return { i: x.i, dir: three.reduce((best, d) => (spread(d) < spread(best) ? d : best)) };
  });
}

/** A step between frames counts at most this much (degrees) in a path: a flipped reading is not motion. */
const PATH_STEP_CAP = 45;

/**
 * The user's motion over the reference's in a move: per segment that moves in the reference, the
 * path its direction travels (sum of frame-to-frame turns, each capped, where both frames trust
 * it), each on its own analysed frames over the move: a path is as long danced slow or fast.
 */
function pathRatio(ref: ReadonlyArray<FrameFeatures>, user: ReadonlyArray<FrameFeatures | undefined>): number {
  // From one trusted reading to the next (an unsure frame between them is stepped over, not lost).
  const path = (frames: ReadonlyArray<FrameFeatures | undefined>, k: number) => {
    const r = despiked(trusted(frames, k));
    let sum = 0;
    for (let j = 1; j < r.length; j++) {
      const a = r[j - 1] as Reading;
      const b = r[j] as Reading;
      sum += Math.min(PATH_STEP_CAP * (b.i - a.i), angleDiff(a.dir, b.dir, true));
    }
    return sum;
  };
  let num = 0;
  let den = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    // The shoulder and hip lines turn with the whole body, which is not the size of a move.
    if (FACING_LINES.includes(k) || !(segmentRange(ref, k) >= MOVEMENT.MIN_REF_RANGE) || !seenEnough(user, k)) continue;
    const r = path(ref, k);
    num += Math.min(r, path(user, k));
    den += r;
  }
  return den >= MOVEMENT.MIN_MOVE_RANGE ? num / den : Number.NaN;
}

/**
 * The user's sweep over the reference's: per segment that moves in the reference (range at least
 * MOVEMENT.MIN_REF_RANGE), the circular range of the user's directions over the (widened) move
 * against the reference's, weighted by the reference's range. NaN when nothing moves.
 */
function sweepRatio(ref: FrameFeatures[], user: Array<FrameFeatures | undefined>): number {
  let num = 0;
  let den = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    if (FACING_LINES.includes(k)) continue;
    const r = segmentRange(ref, k);
    if (!(r >= MOVEMENT.MIN_REF_RANGE) || !seenEnough(user, k)) continue;
    const u = segmentRange(user, k);
    num += Math.min(r, Number.isNaN(u) ? 0 : u);
    den += r;
  }
  return den >= MOVEMENT.MIN_MOVE_RANGE ? num / den : Number.NaN;
}

/**
 * Whether the user's video shows segment k (trusted, RANGE_MIN_TRUST) in at least MOVEMENT.MIN_SEEN
 * of a move's frames: a limb the model lost for half the move (blur, a low-quality encode) is
 * unknown, not held still, so it says nothing about how much of the move was made.
 */
function seenEnough(user: ReadonlyArray<FrameFeatures | undefined>, k: number): boolean {
  return user.length > 0 && trusted(user, k).length >= MOVEMENT.MIN_SEEN * user.length;
}

/**
 * A move the reference makes and the user does not (a freeze, a half-hearted move) can keep every
 * segment within tolerance of the reference's path and still be missed: below FULL_RATIO of the
 * reference's sweep (MoveMeasure.moved) the move's shape is scaled down, to FLOOR for no movement
 * at all. Set on the fit split's ladder: a move mostly frozen must read OK or Miss
 * (bench/quality, "Verdicts on the ladder"), without costing any same-routine pair.
 */
export const MOVEMENT = {
  FULL_RATIO: 0.955,
  FLOOR: 0.1,
  /** A segment sweeping less than this (degrees) in a move holds rather than moves (pose noise sweeps about 15°, a flip of a noisy reading more)… */
  MIN_REF_RANGE: 40,
  /** …and a move whose moving segments sweep less than this in all holds: how much of it was made is not asked. */
  MIN_MOVE_RANGE: 60,
  /** A segment the user's video shows in less than this share of a move's frames is left out of how much of it was made. */
  MIN_SEEN: 0.6,
  /** Context either side of a move in which the user's sweep is measured (seconds). */
  CONTEXT_S: 0.1,
  /** A whole video reading stiffer than the reference is allowed for down to this share of its movement. */
  MAX_STIFFNESS: 0.5,
};

/**
 * Posture: a trunk that sways or leans through a move the reference makes with its trunk steady
 * is the compensation a teacher corrects first ("keep your back straight"): the arm reaches by
 * tilting the body, the lunge by leaning sideways. Limb directions hardly show it (a 15° lean is one
 * segment of twelve, well within a limb's tolerance), and absolute trunk angles differ between
 * people and phones; how far the trunk moves within the move does not. The user's trunk is read
 * as the picture shows it; the reference's allowance is the larger of its range in the picture
 * and its range in 3-D (see trunkDirection): a forward bend filmed from the front only shortens
 * the trunk, and the same bend filmed from aside tilts it, which is no fault of the dancer's.
 * Beyond SPARE times the reference's range, each HALF degrees more halves the move's shape once
 * more (1 / (1 + extra / HALF)). DEPTH_NOISE: the share of the trunk's squared length that pose
 * noise alone takes off, so an upright trunk does not read as leaning towards the camera.
 * Fitted on the calibration set's fit split of real people (UI-PRMD: correct against incorrect,
 * and a 3-D take against itself filmed from 30° aside); bench/quality prints the test split.
 */
export const POSTURE = { SPARE: 1.5, HALF: 6, DEPTH_NOISE: 0.15 };

/** The factor on a move's shape for a trunk range of motion of [reference allowance, user] degrees (see POSTURE). */
export function postureFactor([ref, user]: readonly [number, number]): number {
  if (Number.isNaN(ref) || Number.isNaN(user)) return 1;
  const extra = Math.max(0, user - POSTURE.SPARE * ref);
  return 1 / (1 + extra / POSTURE.HALF);
}

type Vec3 = [number, number, number];

/** Hip centre → shoulder centre in a frame's positions (torso lengths, y down); NaN where not seen. */
function trunkVector(f: FrameFeatures): [number, number] {
  const p = f.positions;
  // positions hold features.ts's POSITION_POINTS hip-centred: the shoulders are the 2nd and 3rd.
  return [((p[2] as number) + (p[4] as number)) / 2, ((p[3] as number) + (p[5] as number)) / 2];
}

/** Per track: the trunk's length upright (the 90th percentile of its length in the picture). */
const trunkLengths = new WeakMap<object, number>();
function trunkLength(key: object, frames: () => ReadonlyArray<FrameFeatures>): number {
  let v = trunkLengths.get(key);
  if (v === undefined) {
    const l = frames()
      .filter((f) => f.valid)
      .map((f) => Math.hypot(...trunkVector(f)))
      .filter((x) => x > 0);
    v = l.length ? lowerQuantile(l, 0.9) : 1;
    trunkLengths.set(key, v);
  }
  return v;
}

/**
 * The trunk's direction as a unit vector (across the picture, up, towards the camera). In
 * `depth` mode the third part is how much shorter than upright it reads (a lean towards or away
 * from the camera, taken as one side), so a camera turned around the dancer changes neither its
 * lean from vertical nor how far it moves; otherwise 0 (the direction in the picture). Null where
 * it is not seen.
 */
function trunkDirection(f: FrameFeatures | undefined, full: number, depth: boolean): Vec3 | null {
  if (!f?.valid) return null;
  const [x0, y0] = trunkVector(f);
  if (Number.isNaN(x0) || Number.isNaN(y0)) return null;
  const x = x0 / full;
  const y = -y0 / full;
  const z = depth ? Math.sqrt(Math.max(0, 1 - x * x - y * y - POSTURE.DEPTH_NOISE)) : 0;
  const n = Math.hypot(x, y, z);
  return n > 0 ? [x / n, y / n, z / n] : null;
}

/** Each direction averaged with its neighbours' (pose noise off a single frame); null stays null. */
function smoothed(d: Array<Vec3 | null>): Array<Vec3 | null> {
  return d.map((v, i) => {
    if (!v) return null;
    const s: Vec3 = [0, 0, 0];
    for (const w of [d[i - 1], v, d[i + 1]])
      if (w) for (let c = 0; c < 3; c++) s[c] = (s[c] as number) + (w[c] as number);
    const n = Math.hypot(...s);
    return n > 0 ? [s[0] / n, s[1] / n, s[2] / n] : v;
  });
}

/** How far directions sweep (degrees): twice their 80th-percentile angle from their mean. NaN with fewer than two. */
function sweepOf(dirs: ReadonlyArray<Vec3 | null>): number {
  const d = dirs.filter((v): v is Vec3 => v !== null);
  if (d.length < 2) return Number.NaN;
  const m = d.reduce<Vec3>((a, v) => [a[0] + v[0], a[1] + v[1], a[2] + v[2]], [0, 0, 0]);
  const n = Math.hypot(...m) || 1;
  const off = d.map(
    (v) => (Math.acos(Math.max(-1, Math.min(1, (v[0] * m[0] + v[1] * m[1] + v[2] * m[2]) / n))) * 180) / Math.PI,
  );
  return 2 * quantile(off, 0.8);
}

/** The reference's trunk allowance over frames [from, to) (see POSTURE): the larger of its sweep in the picture and in 3-D. */
function refTrunkRange(ref: FeatureTrack, from: number, to: number): number {
  const full = trunkLength(ref, () => ref.frames);
  // One frame either side, so the first and last are smoothed like the rest.
  const frames = ref.frames.slice(Math.max(0, from - 1), to + 1);
  const cut = (d: Array<Vec3 | null>) => d.slice(from > 0 ? 1 : 0, (from > 0 ? 1 : 0) + (to - from));
  const flat = sweepOf(cut(smoothed(frames.map((f) => trunkDirection(f, full, false)))));
  const deep = sweepOf(cut(smoothed(frames.map((f) => trunkDirection(f, full, true)))));
  return Number.isNaN(deep) ? flat : Math.max(flat, deep);
}

/** The user's trunk sweep in the picture over their frames matched to the move. */
function userTrunkRange(user: ContinuousTrack, frames: ReadonlyArray<FrameFeatures | undefined>): number {
  const full = trunkLength(user, () => user.framesBetween(0, user.duration));
  return sweepOf(smoothed(frames.map((f) => trunkDirection(f, full, false))));
}

/** The factor on a move's shape for moving `moved` times as much as the reference (see MoveMeasure.moved). */
export function movementFactor(moved: number): number {
  if (Number.isNaN(moved)) return 1;
  const short = Math.max(0, 1 - moved / MOVEMENT.FULL_RATIO);
  return 1 - (1 - MOVEMENT.FLOOR) * short * short;
}

/** A user-to-reference ratio of e^±0.5 scores about 61 (too little and too much both cost). */
function ratioScore(ratio: number): number {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return 0;
  const l = Math.log(ratio);
  return 100 * Math.exp(-(l * l) / (2 * 0.5 ** 2));
}

/** Duration-weighted mean of a per-move value, skipping NaN. */
export function weighted(moves: MoveMeasure[], value: (m: MoveMeasure) => number): number {
  let s = 0;
  let w = 0;
  for (const m of moves) {
    const v = value(m);
    if (Number.isNaN(v)) continue;
    s += v * m.frames;
    w += m.frames;
  }
  return w > 0 ? s / w : Number.NaN;
}

const partGroups = {
  arms: [PARTS.indexOf("left_arm"), PARTS.indexOf("right_arm")],
  legs: [PARTS.indexOf("left_leg"), PARTS.indexOf("right_leg")],
  posture: [PARTS.indexOf("torso"), PARTS.indexOf("head")],
};

/** The category primitives of a stretch of moves; `timing` comes from score/combine.ts. */
export function primitivesOf(moves: MoveMeasure[], timing: number | null): Primitives {
  const shape = weighted(moves, (m) => m.shape);
  const group = (idx: number[]) => {
    const p = weighted(moves, (m) => mean(idx.map((i) => m.partShape[i] as number).filter((v) => !Number.isNaN(v))));
    return Number.isNaN(p) ? shape : p * weighted(moves, (m) => visibilityFactor(m.visible));
  };
  const refSpeed = weighted(moves, (m) => m.speed[0]);
  const userSpeed = weighted(moves, (m) => m.speed[1]);
  // A reference that barely moves asks for stillness; otherwise match its amount of movement.
  const energy = refSpeed > 10 ? ratioScore(userSpeed / refSpeed) : Math.max(0, 100 - Math.max(0, userSpeed - 10) * 2);
  const refJerk = weighted(moves, (m) => m.jerk[0]);
  const userJerk = weighted(moves, (m) => m.jerk[1]);
  const smoothness = refJerk > 50 ? ratioScore(userJerk / refJerk) : 100;
  const ranges: number[] = [];
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    const rr = weighted(moves, (m) => m.ranges[k]?.[0] ?? Number.NaN);
    const ur = weighted(moves, (m) => m.ranges[k]?.[1] ?? Number.NaN);
    // Small ranges are noise: floor at 15° so a still segment does not swing the score.
    if (!Number.isNaN(rr) && !Number.isNaN(ur)) ranges.push(ratioScore(Math.max(ur, 15) / Math.max(rr, 15)));
  }
  return {
    shape: Number.isNaN(shape) ? 0 : shape,
    arms: group(partGroups.arms),
    legs: group(partGroups.legs),
    posture: group(partGroups.posture),
    timing,
    energy: Number.isNaN(energy) ? 0 : energy,
    range: ranges.length ? mean(ranges) : 100,
    smoothness: Number.isNaN(smoothness) ? 0 : smoothness,
  };
}
