import { DEFAULTS } from "./analyze.ts";
import { MotionError } from "./errors.ts";
import { COCO_KEYPOINTS } from "./pose/keypoints.ts";
import { type RawPoseFrame, type SmoothingRule, smoothPoses } from "./pose/smooth.ts";
import type { PoseTrack } from "./types.ts";
import { roundTo } from "./numbers.ts";

/**
 * Keypoints measured elsewhere — motion capture, another pose model, a 3-D track seen through a
 * virtual camera — in the frame of a picture `width` × `height` pixels.
 */
export interface MeasuredPoints {
  /** Frames per second of `frames`. */
  fps: number;
  width: number;
  height: number;
  /** Names of the points in each frame (default: the 17 COCO keypoints, the engine's own). */
  keypointNames?: readonly string[];
  /** Per frame, per point: [x, y] in pixels with an optional confidence 0–1 (default 1), or null where not seen. */
  frames: ReadonlyArray<ReadonlyArray<readonly [number, number, number?] | null>>;
}

/** A measured point below this confidence counts as not seen, as a pose model's would. */
const MIN_POINT_SCORE = 0.3;
/** Points that must be seen for a frame to show a person: both shoulders and both hips (as MoveNet). */
const BODY = ["left_shoulder", "right_shoulder", "left_hip", "right_hip"];

/** How measured points are smoothed and told seen, as a pose model's are (pose/smooth.ts). */
export function measuredRule(names: readonly string[]): SmoothingRule {
  return {
    keypointNames: names,
    minKeypointScore: MIN_POINT_SCORE,
    hasPerson: (r: { score: number }) => r.score >= MIN_POINT_SCORE,
  };
}

/**
 * The track input: measured keypoints become a pose track that goes through the same path as a
 * video's poses after estimation — sampled at the analysis rate (the nearest frame to each tick,
 * as the decoder picks them), smoothed alike, unsure points zeroed — so `compareTracks` judges two
 * measured tracks exactly as it would judge two videos of them.
 */
export function trackFromPoints(points: MeasuredPoints, opts: { fps?: number } = {}): PoseTrack {
  const names = points.keypointNames ?? COCO_KEYPOINTS;
  if (!(points.fps > 0) || !(points.width > 0) || !(points.height > 0))
    throw new MotionError("INVALID_OPTIONS", "A measured track needs a positive frame rate, width and height.");
  if (!points.frames.length) throw new MotionError("EMPTY_VIDEO", "The measured track has no frames.");
  const missing = BODY.filter((n) => !names.includes(n));
  if (missing.length)
    throw new MotionError("INVALID_OPTIONS", `A measured track needs the points ${missing.join(", ")}.`);
  const fps = Math.min(opts.fps ?? DEFAULTS.fps, points.fps);
  const duration = points.frames.length / points.fps;
  const ticks = Math.max(1, Math.floor(duration * fps + 1e-6));
  const raw = Array.from({ length: ticks }, (_, k) => {
    const t = k / fps;
    return measuredPose(points.frames[Math.min(points.frames.length - 1, Math.round(t * points.fps))] ?? [], names, t);
  });
  const rule = measuredRule(names);
  return {
    version: 1,
    model: "measured",
    keypointNames: [...names],
    fps,
    width: points.width,
    height: points.height,
    duration: roundTo(duration, 3),
    minScore: MIN_POINT_SCORE,
    frames: smoothPoses(raw, rule, points),
    audio: null,
  };
}

/** One frame of measured points as a pose model's raw pose at time t: the body's least sure point is the pose's score. */
export function measuredPose(
  frame: MeasuredPoints["frames"][number],
  names: readonly string[],
  t: number,
): RawPoseFrame {
  const keypoints = new Float32Array(names.length * 3);
  names.forEach((_, i) => {
    const p = frame[i];
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return;
    keypoints[i * 3] = p[0];
    keypoints[i * 3 + 1] = p[1];
    keypoints[i * 3 + 2] = Math.max(0, Math.min(1, p[2] ?? 1));
  });
  const body = BODY.map((n) => names.indexOf(n));
  return { t, keypoints, score: Math.min(...body.map((i) => keypoints[i * 3 + 2] as number)) };
}
