// Reading the engine's compact pose tracks (per frame [t, x0, y0, s0, …], x/y 0–1 of the picture,
// s = 0 when the point is missing): the frame nearest a time, and a point of it in pixels.
import type { CompactTrack } from "@stepsync/contracts";

export type Pt = { x: number; y: number };
export type Size = { width: number; height: number };
export type PoseFrame = ReadonlyArray<number>;

/** Index of the entry whose time (timeOf) is nearest t, entries sorted by time; -1 when there are none. */
export function nearestIndex(count: number, timeOf: (i: number) => number, t: number): number {
  if (count <= 0) return -1;
  let lo = 0;
  let hi = count - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (timeOf(mid) <= t) lo = mid;
    else hi = mid;
  }
  return Math.abs(t - timeOf(lo)) <= Math.abs(timeOf(hi) - t) ? lo : hi;
}

/** A pose more than this far from the asked time is stale: nothing is drawn rather than a wrong pose (seconds). */
export const STALE_POSE_S = 0.5;

/** The frame of the track nearest t, or undefined when there is none within STALE_POSE_S. */
export function frameAt(track: CompactTrack, t: number): PoseFrame | undefined {
  const i = nearestIndex(track.frames.length, (k) => track.frames[k]?.[0] ?? 0, t);
  const frame = i >= 0 ? track.frames[i] : undefined;
  if (!frame || Math.abs((frame[0] ?? 0) - t) > STALE_POSE_S) return undefined;
  return frame;
}

/** COCO keypoint k of a frame in pixels of a picture of `size`, or null when the model did not see it. */
export function pointOf(frame: PoseFrame, k: number, size: Size): Pt | null {
  if ((frame[1 + k * 3 + 2] ?? 0) <= 0) return null;
  return { x: (frame[1 + k * 3] ?? 0) * size.width, y: (frame[1 + k * 3 + 1] ?? 0) * size.height };
}

/** Midpoint of two keypoints (COCO 11, 12: the hips; 5, 6: the shoulders), or null when either is missing. */
export function midpointOf(frame: PoseFrame, a: number, b: number, size: Size): Pt | null {
  const p = pointOf(frame, a, size);
  const q = pointOf(frame, b, size);
  return p && q ? { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 } : null;
}
