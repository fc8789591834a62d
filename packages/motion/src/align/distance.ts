import type { FrameFeatures } from "../features.ts";
import { isSignedJoint, JOINTS, meanOverPositions } from "../features.ts";
import { angleDiff } from "../numbers.ts";

/** Cost of a frame where either side has no person: as bad as clearly different poses. */
export const MISSING_COST = 1.2;
export const BOTH_MISSING_COST = 0.3;

/**
 * Distance between two poses, about 0 for the same pose and around 1 for clearly different ones:
 * mean absolute joint-angle difference in units of 60°, plus the mean distance between matching
 * body points in torso lengths (half weight). Points missing on either side are left out.
 */
const SIGNED_JOINT = JOINTS.map((j) => isSignedJoint(j));

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
    angSum += angleDiff(x, y, SIGNED_JOINT[k] as boolean);
    angN++;
  }
  const pos = meanOverPositions(a.positions, b.positions, Math.sqrt);
  if (!angN || Number.isNaN(pos)) return MISSING_COST;
  return angSum / angN / 60 + 0.5 * pos;
}
