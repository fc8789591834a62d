import type { PoseModelName } from "../model-names.ts";
import type { CropBox } from "../tracker.ts";

/** What a model saw in one crop: keypoints [x, y, score] in frame pixels and a whole-pose confidence. */
export interface PoseEstimate {
  /** Per keypoint in the adapter's order; a model may append auxiliary points (used for its crop), dropped after tracking. */
  keypoints: Float32Array;
  score: number;
}

/**
 * Everything that is particular to one pose model, behind one interface: its input, how its
 * output decodes into keypoints, where to crop the next frame, and its confidence thresholds.
 * The runtime that executes the model (runtime.ts) and the tracking loop (estimator.ts) are shared.
 */
export interface PoseModelAdapter {
  readonly id: PoseModelName;
  /**
   * Revision of this adapter's decode, crop rule and thresholds. Part of the pose cache key (with
   * the model id and POSE_ENGINE_VERSION): bump it with any change that moves a keypoint.
   */
  readonly revision: number;
  /** Names of the keypoints a track keeps, in output order. */
  readonly keypointNames: readonly string[];
  /** The model's input: a square RGB image of this side, int32 0–255 or float32 0–1. */
  readonly input: { readonly size: number; readonly dtype: "int32" | "float32" };
  /** The graph outputs decode reads, in order; none: the model's single output. */
  readonly outputs?: readonly string[];
  /** The model's outputs for one crop, as keypoints in frame pixels. */
  decode(outputs: readonly Float32Array[], box: CropBox): PoseEstimate;
  /** Where to look in the next frame of a track, given this frame's estimate. */
  nextCrop(estimate: PoseEstimate, width: number, height: number): CropBox;
  /** Keypoint confidence below which a point counts as missing. */
  readonly minKeypointScore: number;
  /** Whether the frame shows a person at all (when not, its keypoints are dropped). */
  hasPerson(estimate: PoseEstimate): boolean;
}
