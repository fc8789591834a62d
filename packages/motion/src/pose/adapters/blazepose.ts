import { BLAZEPOSE_KEYPOINTS } from "../keypoints.ts";
import { type CropBox, fullFrameCrop } from "../tracker.ts";
import type { PoseEstimate, PoseModelAdapter } from "./adapter.ts";

/** BlazePose scores are probabilities (sigmoid of logits): the same threshold serves points and poses. */
const MIN_SCORE = 0.5;
/** 33 landmarks and 6 auxiliary points (33: body centre, 34: a point on the circle around the body). */
const POINTS = 39;
const INPUT_SIZE = 256;

/** BlazePose GHUM landmark models (lite, full, heavy): 33 keypoints, float32 input 0–1. */
export function blazepose(id: "blazepose-lite" | "blazepose-full" | "blazepose-heavy"): PoseModelAdapter {
  return {
    id,
    revision: 1,
    keypointNames: BLAZEPOSE_KEYPOINTS,
    input: { size: INPUT_SIZE, dtype: "float32" },
    // ld_3d [1, 195] and the pose flag [1, 1].
    outputs: ["Identity_2:0", "Identity_3:0"],
    decode: decodeBlazepose,
    nextCrop: (est, width, height) => blazeposeNextCrop(est.keypoints, est.score, width, height),
    minKeypointScore: MIN_SCORE,
    hasPerson: (est) => est.score >= MIN_SCORE,
  };
}

/** ld_3d = 39 × (x, y, z, visibility, presence) in input pixels, the last two logits; the pose flag is the pose score. */
function decodeBlazepose(outputs: readonly Float32Array[], box: CropBox): PoseEstimate {
  const [landmarks, flag] = outputs as [Float32Array, Float32Array];
  const x0 = box.cx - box.size / 2;
  const y0 = box.cy - box.size / 2;
  const kp = new Float32Array(POINTS * 3);
  const k = box.size / INPUT_SIZE;
  for (let i = 0; i < POINTS; i++) {
    kp[i * 3] = x0 + (landmarks[i * 5] ?? 0) * k;
    kp[i * 3 + 1] = y0 + (landmarks[i * 5 + 1] ?? 0) * k;
    const visibility = sigmoid(landmarks[i * 5 + 3] ?? 0);
    const presence = sigmoid(landmarks[i * 5 + 4] ?? 0);
    kp[i * 3 + 2] = Math.min(visibility, presence);
  }
  return { keypoints: kp, score: flag[0] ?? 0 };
}

/**
 * BlazePose's crop rule (MediaPipe's landmarks-to-ROI): the square around the circle of auxiliary
 * points 33–34, enlarged 1.25×. (MediaPipe also rotates the ROI to keep the body upright; dancers
 * are mostly upright, so we don't.)
 */
export function blazeposeNextCrop(kp: Float32Array, poseScore: number, width: number, height: number): CropBox {
  if (poseScore < MIN_SCORE) return fullFrameCrop(width, height);
  const cx = kp[33 * 3] ?? 0;
  const cy = kp[33 * 3 + 1] ?? 0;
  const r = Math.hypot((kp[34 * 3] ?? 0) - cx, (kp[34 * 3 + 1] ?? 0) - cy);
  const size = 2 * r * 1.25;
  if (!(size > 16)) return fullFrameCrop(width, height);
  return { cx, cy, size: Math.min(size, 2 * Math.max(width, height)) };
}

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}
