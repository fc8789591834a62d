import { COCO_KEYPOINTS } from "../keypoints.ts";
import { type CropBox, fullFrameCrop } from "../tracker.ts";
import type { PoseEstimate, PoseModelAdapter } from "./adapter.ts";
import {
  MOVENET_KEYPOINTS,
  MOVENET_MIN_CROP_SCORE as MIN_CROP_SCORE,
  MOVENET_MIN_KEYPOINT_SCORE as MIN_KEYPOINT_SCORE,
  MOVENET_MIN_POSE_SCORE as MIN_POSE_SCORE,
  TORSO,
} from "./movenet-constants.ts";

const { leftShoulder: LEFT_SHOULDER, rightShoulder: RIGHT_SHOULDER, leftHip: LEFT_HIP, rightHip: RIGHT_HIP } = TORSO;

/** MoveNet SinglePose (Lightning 192 px, Thunder 256 px): 17 COCO keypoints, int32 input 0–255. */
export function movenet(id: "movenet-lightning" | "movenet-thunder", inputSize: number): PoseModelAdapter {
  return {
    id,
    revision: 1,
    keypointNames: COCO_KEYPOINTS,
    input: { size: inputSize, dtype: "int32" },
    decode: decodeMovenet,
    nextCrop: (est, width, height) => movenetNextCrop(est.keypoints, width, height),
    minKeypointScore: MIN_KEYPOINT_SCORE,
    hasPerson: movenetHasPerson,
  };
}

/** Output [1, 1, 17, 3] = (y, x, score) normalised to the crop; the pose score is the mean keypoint score. */
function decodeMovenet(outputs: readonly Float32Array[], box: CropBox): PoseEstimate {
  const raw = outputs[0] as Float32Array;
  const x0 = box.cx - box.size / 2;
  const y0 = box.cy - box.size / 2;
  const kp = new Float32Array(MOVENET_KEYPOINTS * 3);
  let sum = 0;
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
    kp[i * 3] = x0 + (raw[i * 3 + 1] ?? 0) * box.size;
    kp[i * 3 + 1] = y0 + (raw[i * 3] ?? 0) * box.size;
    const s = raw[i * 3 + 2] ?? 0;
    kp[i * 3 + 2] = s;
    sum += s;
  }
  return { keypoints: kp, score: sum / MOVENET_KEYPOINTS };
}

/**
 * MoveNet always returns 17 points, even on an empty wall: a frame shows a person when the mean
 * score is high enough and both shoulders and both hips are confidently placed (empty scenes and
 * test patterns score 0.04–0.2 overall with torso points at 0.1–0.3).
 */
function movenetHasPerson({ keypoints, score }: PoseEstimate): boolean {
  if (score < MIN_POSE_SCORE) return false;
  return [LEFT_SHOULDER, RIGHT_SHOULDER, LEFT_HIP, RIGHT_HIP].every(
    (i) => (keypoints[i * 3 + 2] ?? 0) >= MIN_KEYPOINT_SCORE,
  );
}

/**
 * MoveNet's crop rule (as in tfjs-models' movenet detector): centre on the hips, size from the
 * farthest torso point (×1.9) and farthest confident body point (×1.2); back to the whole frame
 * when the torso is not visible.
 */
export function movenetNextCrop(kp: Float32Array, width: number, height: number): CropBox {
  const s = (i: number) => kp[i * 3 + 2] ?? 0;
  const x = (i: number) => kp[i * 3] ?? 0;
  const y = (i: number) => kp[i * 3 + 1] ?? 0;
  const torsoVisible =
    (s(LEFT_HIP) > MIN_CROP_SCORE || s(RIGHT_HIP) > MIN_CROP_SCORE) &&
    (s(LEFT_SHOULDER) > MIN_CROP_SCORE || s(RIGHT_SHOULDER) > MIN_CROP_SCORE);
  if (!torsoVisible) return fullFrameCrop(width, height);
  const cx = (x(LEFT_HIP) + x(RIGHT_HIP)) / 2;
  const cy = (y(LEFT_HIP) + y(RIGHT_HIP)) / 2;
  let torsoX = 0;
  let torsoY = 0;
  for (const i of [LEFT_SHOULDER, RIGHT_SHOULDER, LEFT_HIP, RIGHT_HIP]) {
    torsoX = Math.max(torsoX, Math.abs(cx - x(i)));
    torsoY = Math.max(torsoY, Math.abs(cy - y(i)));
  }
  let bodyX = 0;
  let bodyY = 0;
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
    if (s(i) < MIN_CROP_SCORE) continue;
    bodyX = Math.max(bodyX, Math.abs(cx - x(i)));
    bodyY = Math.max(bodyY, Math.abs(cy - y(i)));
  }
  let half = Math.max(torsoX * 1.9, torsoY * 1.9, bodyX * 1.2, bodyY * 1.2);
  half = Math.min(half, Math.max(cx, width - cx, cy, height - cy));
  if (half * 2 >= Math.max(width, height) || half < 8) return fullFrameCrop(width, height);
  return { cx, cy, size: half * 2 };
}

/** Whether a frame's keypoints ([x, y, score] × 17, as decoded) show a person: the mean score and the torso rule. */
export function movenetSeesPerson(keypoints: Float32Array): boolean {
  let sum = 0;
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) sum += keypoints[i * 3 + 2] ?? 0;
  return movenetHasPerson({ keypoints, score: sum / MOVENET_KEYPOINTS });
}
