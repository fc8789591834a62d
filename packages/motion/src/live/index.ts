/**
 * The engine in a browser: score a take live against a reference analysed on the server. This
 * entry imports no Node module (live/browser-safe.test.ts walks its imports).
 */
export { compactTrack, trackFromCompact } from "../compact-track.ts";
export type { Counting, MoveSpan, SectionSpan } from "../counts/counting.ts";
export { PARTS } from "../features.ts";
export { LIMB_NAMES } from "../score/limbs.ts";
export type { RawPoseFrame, SmoothingRule } from "../pose/smooth.ts";
export { VERDICT_MIN, verdictOf } from "../score/combine.ts";
export type { CompactTrack, PoseFrame, PoseTrack, Verdict } from "../types.ts";
export { ENGINE_VERSION } from "../version.ts";
export { analyseReference, type LiveReference, liveReference, type ReferenceAnalysis } from "./reference.ts";
export { type LiveMove, type LiveScore, LiveScorer, type LiveScorerOptions, takeReadingRate } from "./scorer.ts";
export type { ReferenceWindow } from "../window.ts";
export { MOVENET_RULE, movenetPose, TakeFrames } from "./take-frames.ts";
export { movenetNextCrop, movenetSeesPerson } from "../pose/adapters/movenet.ts";
export {
  MOVENET_KEYPOINTS,
  MOVENET_LIGHTNING_INPUT_SIZE,
  MOVENET_MIN_KEYPOINT_SCORE,
  MOVENET_MIN_POSE_SCORE,
} from "../pose/adapters/movenet-constants.ts";
export { type CropBox, fullFrameCrop, isFullFrame, searchCropAt } from "../pose/tracker.ts";
