import type { FrameFeatures } from "../features.ts";
import { isSignedJoint, JOINTS } from "../features.ts";

/** Cost of a frame where either side has no person: as bad as clearly different poses. */
export const MISSING_COST = 1.2;
export const BOTH_MISSING_COST = 0.3;

/**
 * Distance between two poses, about 0 for the same pose and around 1 for clearly different ones:
 * mean absolute joint-angle difference in units of 60°, plus the mean distance between matching
 * body points in torso lengths (half weight). Points missing on either side are left out.
 */
export function frameDistance(a: FrameFeatures, b: FrameFeatures): number {
  // Both without a person: nothing to compare, neither a match nor a mismatch.
  if (!a.valid && !b.valid) return BOTH_MISSING_COST;
  if (!a.valid || !b.valid) return MISSING_COST;
  let angSum = 0;
  let angN = 0;
  for (let k = 0; k < JOINTS.length; k++) {
    const x = a.angles[k] as number;
    const y = b.angles[k] as number;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    angSum += angleDiff(x, y, isSignedJoint(JOINTS[k] as (typeof JOINTS)[number]));
    angN++;
  }
  let posSum = 0;
  let posN = 0;
  for (let k = 0; k < a.positions.length; k += 2) {
    const ax = a.positions[k] as number;
    const bx = b.positions[k] as number;
    if (Number.isNaN(ax) || Number.isNaN(bx)) continue;
    posSum += Math.hypot(ax - bx, (a.positions[k + 1] as number) - (b.positions[k + 1] as number));
    posN++;
  }
  if (!angN || !posN) return MISSING_COST;
  return angSum / angN / 60 + (0.5 * posSum) / posN;
}

export function angleDiff(a: number, b: number, signed: boolean): number {
  if (!signed) return Math.abs(a - b);
  let d = Math.abs(a - b) % 360;
  if (d > 180) d = 360 - d;
  return d;
}
