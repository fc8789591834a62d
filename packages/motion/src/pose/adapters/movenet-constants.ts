/**
 * MoveNet SinglePose's numbers, in one home (as tfjs-models keeps them in movenet/constants.ts): the
 * engine's adapter reads them, and so does the browser's live pose through @stepsync/motion/live.
 */

/** The square input of each model, pixels. */
export const MOVENET_LIGHTNING_INPUT_SIZE = 192;
export const MOVENET_THUNDER_INPUT_SIZE = 256;

/** The COCO keypoints it gives, always all of them. */
export const MOVENET_KEYPOINTS = 17;

/** A keypoint less sure than this is not seen (smoothing drops it; the browser does not draw it). */
export const MOVENET_MIN_KEYPOINT_SCORE = 0.25;
/** Below this mean keypoint score the frame shows no one. */
export const MOVENET_MIN_POSE_SCORE = 0.2;
/** Keypoint confidence the crop rule trusts. */
export const MOVENET_MIN_CROP_SCORE = 0.2;

/** The torso's COCO keypoints: a person is seen only with all four placed, the crop centres on them. */
export const TORSO = { leftShoulder: 5, rightShoulder: 6, leftHip: 11, rightHip: 12 } as const;
