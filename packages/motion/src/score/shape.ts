import {
  type FrameFeatures,
  facesOpposite,
  FACING_LINES,
  PARTS,
  type Part,
  SEGMENT_COUNT,
  SEGMENTS,
  swapSides,
} from "../features.ts";
import { angleDiff } from "../numbers.ts";

/**
 * Shape: how close the body is to the reference at one matched moment, from the directions of
 * the body segments (upper arms, forearms, thighs, shins, torso, head, shoulder and hip lines).
 * Directions are unit-free, so camera distance, framing, resolution and body size do not matter;
 * each segment counts by the pose model's confidence on both sides and by how foreshortened it
 * is (a limb pointing at the camera has no reliable direction). Each segment's difference becomes
 * a 0–1 similarity first, so one wild keypoint costs one segment, not the whole pose.
 *
 * Constants fitted on the calibration set's fit split (bench/quality/fit.ts): a segment off by
 * D50 degrees is half right, with slope POWER; the head and the shoulder and hip lines (which way
 * the body faces: noisy while turning, and easily mislabelled from behind) count less than limbs.
 */
export const SHAPE = { D50: 40, POWER: 4, HEAD_WEIGHT: 1.115, FACING_WEIGHT: 1.5, TRANSIT_SPEED: 143 };

/**
 * Shape is judged where the pose is: at the hits, holds and turning points, more than in the
 * transitions between them. A limb swinging fast through a transition looks very different a few
 * hundredths of a second apart (at 300°/s, 18° in 0.06 s; the analysis frames are 1/7 s apart),
 * which is timing's business, not shape's. A segment turning at TRANSIT_SPEED (°/s) counts half;
 * an arm held 35° too low still counts in full wherever it stops.
 */
export function transitWeight(speed: number): number {
  return 1 / (1 + (speed / SHAPE.TRANSIT_SPEED) ** 2);
}

/** Differences are capped here when averaged in degrees: a flipped line is no worse than a perpendicular one. */
const DIST_CAP = 90;

export interface ShapeSample {
  /** 0–1: weighted mean similarity of the segments visible on both sides (NaN: nothing comparable). */
  sim: number;
  /** Weighted mean direction difference of those segments, degrees (each capped at 90). */
  dist: number;
  /** Sum of the weights that went into them (0: nothing comparable). */
  weight: number;
  /** Share (0–1) of the reference's segment weight that the user's video shows. */
  visible: number;
  /** Mean difference per body part (NaN where not comparable), degrees, in PARTS order. */
  parts: Float64Array;
  /** Mean similarity (0–1) per body part, NaN where not comparable, in PARTS order. */
  partSim: Float64Array;
  /**
   * The weight each part's figures carry in this frame (0 where not comparable): its segments'
   * confidence, emphasis and transit weight, as in `sim`. A move's part figures average frames by
   * it, so a part says what the shape saw — a leg swinging through a transition counts little there too.
   */
  partWeight: Float64Array;
  /** Difference per segment (NaN where not comparable), degrees, in SEGMENTS order. */
  segs: Float64Array;
}

const PART_INDEX: readonly number[] = SEGMENTS.map((s) => PARTS.indexOf(s.part as Part));

function segmentWeight(k: number): number {
  return FACING_LINES.includes(k) ? SHAPE.FACING_WEIGHT : SEGMENTS[k]?.name === "head" ? SHAPE.HEAD_WEIGHT : 1;
}

/**
 * The user's frame as it is compared with the reference's: with its sides named the other way
 * round (features.ts swapSides) where the two bodies face opposite ways in the picture
 * (features.ts facesOpposite). In a picture a body seen from behind is one facing the camera with
 * its left and right swapped, and the pose model names a turning dancer's sides as it pleases from
 * frame to frame (two copies of one turn, one of them re-encoded, read them the other way round in
 * 3 of 8 frames): which way the body faces cannot be told there, so it is not held against the dancer.
 */
export function sidesAsReference(ref: FrameFeatures, user: FrameFeatures | undefined): FrameFeatures | undefined {
  return user && facesOpposite(ref, user) ? swapSides(user) : user;
}

/** 0–1 similarity of one segment off by `deg` degrees. */
export function segmentSimilarity(deg: number): number {
  return 1 / (1 + (deg / SHAPE.D50) ** SHAPE.POWER);
}

/**
 * Compares one reference frame with the user's pose at the matched moment. `emphasis` (per
 * segment) weights the segments that move in this part of the routine more than those that are
 * still, so a different move is not excused by standing in the same place.
 * Segments count less where the reference moves through fast (transitWeight).
 */
export function compareShape(
  ref: FrameFeatures,
  user: FrameFeatures | undefined,
  emphasis?: Float64Array,
): ShapeSample {
  const parts = new Float64Array(PARTS.length);
  const partSim = new Float64Array(PARTS.length);
  const partW = new Float64Array(PARTS.length);
  const segs = new Float64Array(SEGMENT_COUNT).fill(Number.NaN);
  let sim = 0;
  let sum = 0;
  let wsum = 0;
  let refW = 0;
  let seen = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    const a = ref.seg[k] as number;
    const wr =
      (ref.segW[k] as number) *
      segmentWeight(k) *
      (emphasis ? (emphasis[k] as number) : 1) *
      transitWeight(ref.segSpeed[k] as number);
    if (Number.isNaN(a) || wr <= 0) continue;
    refW += wr;
    const b = user?.seg[k] as number;
    const wu = user ? (user.segW[k] as number) : 0;
    if (!user || Number.isNaN(b) || wu <= 0) continue;
    seen += wr;
    const w = wr * wu;
    const d = angleDiff(a, b, true);
    segs[k] = d;
    const sk = segmentSimilarity(d);
    sim += w * sk;
    sum += w * Math.min(d, DIST_CAP);
    wsum += w;
    const p = PART_INDEX[k] as number;
    parts[p] = (parts[p] as number) + w * d;
    partSim[p] = (partSim[p] as number) + w * sk;
    partW[p] = (partW[p] as number) + w;
  }
  for (let p = 0; p < PARTS.length; p++) {
    const w = partW[p] as number;
    parts[p] = w > 0 ? (parts[p] as number) / w : Number.NaN;
    partSim[p] = w > 0 ? (partSim[p] as number) / w : Number.NaN;
  }
  return {
    sim: wsum > 0 ? sim / wsum : Number.NaN,
    dist: wsum > 0 ? sum / wsum : Number.NaN,
    weight: wsum,
    visible: refW > 0 ? seen / refW : 0,
    parts,
    partSim,
    partWeight: partW,
    segs,
  };
}

/**
 * The weighted mean direction difference of two poses (degrees, each segment capped at 90; NaN
 * when nothing is comparable): compareShape's `dist` without emphasis, and without building
 * per-part figures — the inner loop of "how far apart are random moments".
 */
export function shapeDistance(ref: FrameFeatures, user: FrameFeatures): number {
  let sum = 0;
  let wsum = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    const a = ref.seg[k] as number;
    const b = user.seg[k] as number;
    const w = (ref.segW[k] as number) * (user.segW[k] as number) * segmentWeight(k);
    if (Number.isNaN(a) || Number.isNaN(b) || !(w > 0)) continue;
    sum += w * Math.min(angleDiff(a, b, true), DIST_CAP);
    wsum += w;
  }
  return wsum > 0 ? sum / wsum : Number.NaN;
}

/**
 * A part of the body the user's video does not show (out of frame) is neither right nor wrong;
 * it lowers the score gently, so a tightly framed phone video still scores on what it shows.
 */
export function visibilityFactor(visible: number): number {
  const gone = 1 - Math.max(0, Math.min(1, visible));
  return 1 - 0.5 * gone * gone;
}

/** Emphasis of a still segment, and the direction spread (1 − resultant length) at which a segment counts fully as moving. */
export const EMPHASIS = { STILL: 1.308, MOVING_SPREAD: 0.374 };

/**
 * Per segment, how much the reference moves it over a stretch of frames (from the spread of its
 * direction), turned into an emphasis from EMPHASIS.STILL (still) to STILL + 1 (moving a lot).
 */
export function movementEmphasis(frames: readonly FrameFeatures[]): Float64Array {
  const out = new Float64Array(SEGMENT_COUNT);
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    let c = 0;
    let s = 0;
    let n = 0;
    for (const f of frames) {
      const a = f.seg[k] as number;
      if (!f.valid || Number.isNaN(a)) continue;
      c += Math.cos((a * Math.PI) / 180);
      s += Math.sin((a * Math.PI) / 180);
      n++;
    }
    // 1 − resultant length: 0 for a still segment, about 0.3 for a 90° swing back and forth.
    const spread = n ? 1 - Math.hypot(c, s) / n : 0;
    out[k] = EMPHASIS.STILL + Math.min(1, spread / EMPHASIS.MOVING_SPREAD);
  }
  return out;
}
