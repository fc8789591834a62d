// Reading the engine's compact pose tracks (per frame [t, x0, y0, s0, …], x/y 0–1 of the picture,
// s = 0 when the point is missing): the frame nearest a time, and a point of it in pixels.
import { type CompactFrame, type CompactTrack, nearestFrame } from "@stepsync/contracts";

export type Pt = { x: number; y: number };
export type Size = { width: number; height: number };

/** A pose more than this far from the asked time is stale: nothing is drawn rather than a wrong pose (seconds). */
export const STALE_POSE_S = 0.5;

/** The frame of the track nearest t, or undefined when there is none within STALE_POSE_S. */
export function frameAt(track: CompactTrack, t: number): CompactFrame | undefined {
  const frame = nearestFrame(track.frames, t);
  if (!frame || Math.abs((frame[0] ?? 0) - t) > STALE_POSE_S) return undefined;
  return frame;
}

/** COCO keypoint k of a frame in pixels of a picture of `size`, or null when the model did not see it. */
export function pointOf(frame: CompactFrame, k: number, size: Size): Pt | null {
  if ((frame[1 + k * 3 + 2] ?? 0) <= 0) return null;
  return { x: (frame[1 + k * 3] ?? 0) * size.width, y: (frame[1 + k * 3 + 1] ?? 0) * size.height };
}

/** Midpoint of two keypoints (COCO 11, 12: the hips; 5, 6: the shoulders), or null when either is missing. */
export function midpointOf(frame: CompactFrame, a: number, b: number, size: Size): Pt | null {
  const p = pointOf(frame, a, size);
  const q = pointOf(frame, b, size);
  return p && q ? { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 } : null;
}
