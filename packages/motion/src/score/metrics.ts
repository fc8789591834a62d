import { angleDiff } from "../align/distance.ts";
import { type FeatureTrack, type FrameFeatures, isSignedJoint, JOINT_GROUPS, type Joint, JOINTS } from "../features.ts";

/**
 * Calibration constants, measured on the fixtures (compare.test.ts prints the scores):
 * a joint angle off by JOINT_E50 degrees scores 50; body points off by POS_D50 torso lengths score 50.
 * Re-encoded/shifted/slowed/mirrored copies of one clip differ by 1–4° on average, the same dance by
 * different people by 6–8°, different dances by 20° and more; these values put the copies at 93+,
 * the same dance at 80+ and different dances at 55 or below in every style.
 */
export const CALIBRATION = {
  JOINT_E50: 16,
  JOINT_POWER: 1.6,
  POS_D50: 0.4,
  POS_POWER: 1.6,
  /** Timing: RMS drift (s) from the performance's own steady tempo that scores 50. */
  LAG_50: 0.45,
  /** Energy / range / smoothness: a user-to-reference ratio of e^±RATIO_SIGMA scores about 61. */
  RATIO_SIGMA: 0.5,
};

/** Score of a joint the reference shows but the user's video does not (occluded, out of frame). */
const MISSING_JOINT_SCORE = 25;

export function jointScore(errDeg: number): number {
  return 100 / (1 + (errDeg / CALIBRATION.JOINT_E50) ** CALIBRATION.JOINT_POWER);
}
export function posScore(errTorso: number): number {
  return 100 / (1 + (errTorso / CALIBRATION.POS_D50) ** CALIBRATION.POS_POWER);
}
export function ratioScore(ratio: number): number {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return 0;
  const l = Math.log(ratio);
  return 100 * Math.exp(-(l * l) / (2 * CALIBRATION.RATIO_SIGMA ** 2));
}

/** The user frames matched to each reference frame by the warping path. */
export function matchesByRef(path: Array<[number, number]>, nRef: number): number[][] {
  const out: number[][] = Array.from({ length: nRef }, () => []);
  for (const [i, j] of path) out[i]?.push(j);
  return out;
}

export interface Primitives {
  /** 0–100 accuracy per joint (angle). */
  joint: Record<Joint, number>;
  arms: number;
  legs: number;
  posture: number;
  /** Body shape: positions of body points, hip-centred and torso-scaled. */
  shape: number;
  /** All joints and shape together. */
  pose: number;
  /** Staying in step with the reference (steadiness of the timing relation). */
  timing: number;
  /** Movement amount relative to the reference (too little or too much both cost). */
  energy: number;
  /** Range of motion per joint relative to the reference. */
  range: number;
  /** Smoothness: jerk relative to the reference. */
  smoothness: number;
  /** Mean absolute angle difference per joint, degrees (NaN when never visible on both sides). */
  diff: Record<Joint, number>;
  /** Mean signed difference user − reference per joint, degrees. */
  signedDiff: Record<Joint, number>;
  /** Mean timing lag here, seconds (positive = the user is behind). */
  lag: number;
  /** Share of reference frames in the range that the user's video covers with a visible person. */
  covered: number;
}

function mean(v: number[]): number {
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : Number.NaN;
}

function nanTo(v: number, d: number): number {
  return Number.isNaN(v) ? d : v;
}

/** Mean absolute change per reference second of each joint angle, following a frame mapping. */
function angularSpeed(frames: FrameFeatures[], seq: number[], fps: number): number {
  const vals: number[] = [];
  for (let k = 0; k < JOINTS.length; k++) {
    for (let s = 1; s < seq.length; s++) {
      const a = frames[seq[s - 1] as number]?.angles[k] as number;
      const b = frames[seq[s] as number]?.angles[k] as number;
      if (Number.isNaN(a) || Number.isNaN(b)) continue;
      vals.push(angleDiff(a, b, isSignedJoint(JOINTS[k] as Joint)) * fps);
    }
  }
  return mean(vals);
}

/** Mean absolute second difference (jerkiness proxy) of the joint angles along a frame mapping. */
function angularJerk(frames: FrameFeatures[], seq: number[], fps: number): number {
  const vals: number[] = [];
  for (let k = 0; k < JOINTS.length; k++) {
    for (let s = 2; s < seq.length; s++) {
      const a = frames[seq[s - 2] as number]?.angles[k] as number;
      const b = frames[seq[s - 1] as number]?.angles[k] as number;
      const c = frames[seq[s] as number]?.angles[k] as number;
      if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(c)) continue;
      vals.push(Math.abs(a - 2 * b + c) * fps * fps);
    }
  }
  return mean(vals);
}

function rangeOf(frames: FrameFeatures[], seq: number[], k: number): number {
  const v = seq.map((i) => frames[i]?.angles[k] as number).filter((x) => !Number.isNaN(x));
  if (v.length < 3) return Number.NaN;
  v.sort((a, b) => a - b);
  const q = (p: number) => v[Math.min(v.length - 1, Math.floor(p * (v.length - 1)))] as number;
  return q(0.9) - q(0.1);
}

/**
 * Everything the category formulas are built from, over reference frames [from, to).
 * Each reference frame counts once (its matched user frames are averaged), so a slower user who
 * spends more frames on a move is not weighted more.
 */
export function computePrimitives(
  ref: FeatureTrack,
  user: FeatureTrack,
  byRef: number[][],
  from: number,
  to: number,
  fit: { tempo: number; offset: number },
): Primitives {
  const fps = ref.fps;
  const jointScores: number[][] = JOINTS.map(() => []);
  const jointErr: number[][] = JOINTS.map(() => []);
  const jointSigned: number[][] = JOINTS.map(() => []);
  const shapeScores: number[] = [];
  const lags: number[] = [];
  const refSeq: number[] = [];
  const userSeq: number[] = [];
  let scorable = 0;
  let covered = 0;
  for (let i = from; i < to; i++) {
    const r = ref.frames[i];
    if (!r?.valid) continue;
    scorable++;
    const js = byRef[i] ?? [];
    const us = js.map((j) => user.frames[j]).filter((u): u is FrameFeatures => !!u?.valid);
    if (js.length) {
      const uj = js[Math.floor(js.length / 2)] as number;
      refSeq.push(i);
      userSeq.push(uj);
      lags.push(mean(js) / fps - (fit.offset + fit.tempo * (i / fps)));
    }
    if (!us.length) {
      // Reference frame with nothing to compare against (user out of frame or not reached): zero.
      for (let k = 0; k < JOINTS.length; k++) if (!Number.isNaN(r.angles[k] as number)) jointScores[k]?.push(0);
      shapeScores.push(0);
      continue;
    }
    covered++;
    for (let k = 0; k < JOINTS.length; k++) {
      const a = r.angles[k] as number;
      if (Number.isNaN(a)) continue;
      const signed = isSignedJoint(JOINTS[k] as Joint);
      const diffs: number[] = [];
      const sdiffs: number[] = [];
      for (const u of us) {
        const b = u.angles[k] as number;
        if (Number.isNaN(b)) continue;
        diffs.push(angleDiff(a, b, signed));
        sdiffs.push(signed ? Math.abs(b) - Math.abs(a) : b - a);
      }
      if (!diffs.length) {
        // The reference shows this joint but the user's is not visible: it cannot count as right.
        jointScores[k]?.push(MISSING_JOINT_SCORE);
        continue;
      }
      const e = mean(diffs);
      jointErr[k]?.push(e);
      jointSigned[k]?.push(mean(sdiffs));
      jointScores[k]?.push(jointScore(e));
    }
    const pd: number[] = [];
    for (const u of us) {
      const d: number[] = [];
      for (let p = 0; p < r.positions.length; p += 2) {
        const ax = r.positions[p] as number;
        const bx = u.positions[p] as number;
        if (Number.isNaN(ax) || Number.isNaN(bx)) continue;
        d.push(Math.hypot(ax - bx, (r.positions[p + 1] as number) - (u.positions[p + 1] as number)));
      }
      if (d.length) pd.push(mean(d));
    }
    if (pd.length) shapeScores.push(posScore(mean(pd)));
  }
  const joint = {} as Record<Joint, number>;
  const diff = {} as Record<Joint, number>;
  const signedDiff = {} as Record<Joint, number>;
  JOINTS.forEach((j, k) => {
    joint[j] = nanTo(mean(jointScores[k] ?? []), Number.NaN);
    diff[j] = mean(jointErr[k] ?? []);
    signedDiff[j] = mean(jointSigned[k] ?? []);
  });
  // A group the reference never shows (e.g. legs out of frame) is judged by what can be measured.
  const group = (names: readonly Joint[]) => mean(names.map((n) => joint[n]).filter((v) => !Number.isNaN(v)));
  const shape = nanTo(mean(shapeScores), 0);
  const allJoints = nanTo(group(JOINTS), shape);
  const pose = 0.6 * allJoints + 0.4 * shape;
  const arms = nanTo(group(JOINT_GROUPS.arms), pose);
  const legs = nanTo(group(JOINT_GROUPS.legs), pose);
  const posture = nanTo(group(JOINT_GROUPS.posture), pose);

  // Timing: RMS of the lag around its steady line; the mean lag is reported for feedback.
  const lag = nanTo(mean(lags), 0);
  const rmsLag = lags.length ? Math.sqrt(mean(lags.map((l) => l * l))) : 0;
  const timing = 100 / (1 + (rmsLag / CALIBRATION.LAG_50) ** 2);

  // Energy and smoothness compare the user's motion along the warping path (in reference time,
  // so a uniformly slower performance is not judged "low energy" for its tempo alone).
  const refSpeed = angularSpeed(ref.frames, refSeq, fps);
  const userSpeed = angularSpeed(user.frames, userSeq, fps);
  const energy = refSpeed > 5 ? ratioScore(userSpeed / refSpeed) : nanTo(100 - Math.max(0, userSpeed - 5) * 2, 100);
  const refJerk = angularJerk(ref.frames, refSeq, fps);
  const userJerk = angularJerk(user.frames, userSeq, fps);
  const smoothness = refJerk > 20 ? ratioScore(userJerk / refJerk) : 100;
  const ranges: number[] = [];
  for (let k = 0; k < JOINTS.length; k++) {
    const rr = rangeOf(ref.frames, refSeq, k);
    const ur = rangeOf(user.frames, userSeq, k);
    if (Number.isNaN(rr) || Number.isNaN(ur)) continue;
    // Small ranges are noise-dominated: floor at 10° so a still joint does not swing the score.
    ranges.push(ratioScore(Math.max(ur, 10) / Math.max(rr, 10)));
  }
  const range = nanTo(mean(ranges), 100);
  return {
    joint,
    arms,
    legs,
    posture,
    shape,
    pose,
    timing,
    energy: nanTo(energy, 0),
    range,
    smoothness: nanTo(smoothness, 0),
    diff,
    signedDiff,
    lag,
    covered: scorable ? covered / scorable : 0,
  };
}

/**
 * Per reference frame, how well the user's matched pose fits it (0–100): 60% joint angles,
 * 40% body shape, as in `pose` above. NaN where the reference shows no one.
 */
export function frameScores(ref: FeatureTrack, user: FeatureTrack, byRef: number[][]): number[] {
  return ref.frames.map((r, i) => {
    if (!r.valid) return Number.NaN;
    const us = (byRef[i] ?? []).map((j) => user.frames[j]).filter((u): u is FrameFeatures => !!u?.valid);
    if (!us.length) return 0;
    const joints: number[] = [];
    for (let k = 0; k < JOINTS.length; k++) {
      const a = r.angles[k] as number;
      if (Number.isNaN(a)) continue;
      const d = us.map((u) => u.angles[k] as number).filter((b) => !Number.isNaN(b));
      joints.push(
        d.length
          ? jointScore(mean(d.map((b) => angleDiff(a, b, isSignedJoint(JOINTS[k] as Joint)))))
          : MISSING_JOINT_SCORE,
      );
    }
    const dists: number[] = [];
    for (const u of us) {
      for (let p = 0; p < r.positions.length; p += 2) {
        const ax = r.positions[p] as number;
        const bx = u.positions[p] as number;
        if (Number.isNaN(ax) || Number.isNaN(bx)) continue;
        dists.push(Math.hypot(ax - bx, (r.positions[p + 1] as number) - (u.positions[p + 1] as number)));
      }
    }
    const shape = dists.length ? posScore(mean(dists)) : 0;
    return joints.length ? 0.6 * mean(joints) + 0.4 * shape : shape;
  });
}
