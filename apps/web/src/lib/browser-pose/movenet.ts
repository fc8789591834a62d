// MoveNet SinglePose Lightning in the browser: where a camera frame goes in the model's square
// input and how the model's answer comes back to frame pixels. Plain functions (no DOM, no tfjs),
// shared by the frame sampler on the page and its tests.

/** Lightning's input: a 192×192 RGB image, int32 0–255. */
export const MOVENET_INPUT_SIZE = 192;
export const MOVENET_KEYPOINTS = 17;

/** A point the model is less sure of than this is not drawn. */
export const MIN_POINT_SCORE = 0.3;
/** Below this mean score the frame shows no one (MoveNet always answers, even for an empty room). */
const MIN_POSE_SCORE = 0.2;

/** Where a width×height frame lands inside the size×size input: scaled to fit, centred (letterboxed). */
export interface InputBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Input pixels per frame pixel. */
  scale: number;
}

export function letterbox(width: number, height: number, size = MOVENET_INPUT_SIZE): InputBox {
  const scale = size / Math.max(width, height, 1);
  const w = width * scale;
  const h = height * scale;
  return { x: (size - w) / 2, y: (size - h) / 2, width: w, height: h, scale };
}

/** One frame's pose: [x, y, score] per COCO keypoint, x and y in frame pixels. */
export type Keypoints = Float32Array;

/**
 * MoveNet's output [1, 1, 17, 3] holds (y, x, score) normalised to the input square; this maps
 * each point back through the letterbox to the frame.
 */
export function toFramePoints(raw: ArrayLike<number>, box: InputBox, size = MOVENET_INPUT_SIZE): Keypoints {
  const out = new Float32Array(MOVENET_KEYPOINTS * 3);
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
    const y = (raw[i * 3] ?? 0) * size;
    const x = (raw[i * 3 + 1] ?? 0) * size;
    out[i * 3] = (x - box.x) / box.scale;
    out[i * 3 + 1] = (y - box.y) / box.scale;
    out[i * 3 + 2] = raw[i * 3 + 2] ?? 0;
  }
  return out;
}

/** Whether the frame shows a person worth drawing (mean keypoint score). */
export function showsPerson(points: Keypoints): boolean {
  let sum = 0;
  for (let i = 0; i < MOVENET_KEYPOINTS; i++) sum += points[i * 3 + 2] ?? 0;
  return sum / MOVENET_KEYPOINTS >= MIN_POSE_SCORE;
}

/** RGBA pixels (a canvas's ImageData) as the model's int32 RGB input. */
export function rgbaToRgb(rgba: Uint8ClampedArray | Uint8Array): Int32Array {
  const n = rgba.length / 4;
  const rgb = new Int32Array(n * 3);
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = rgba[i * 4] ?? 0;
    rgb[i * 3 + 1] = rgba[i * 4 + 1] ?? 0;
    rgb[i * 3 + 2] = rgba[i * 4 + 2] ?? 0;
  }
  return rgb;
}
