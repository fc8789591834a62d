// MoveNet SinglePose Lightning in the browser: which part of a camera frame goes into the model's
// square input (a crop around the dancer, as the server's tracker picks it: @stepsync/motion/live).
// Plain functions (no DOM, no tfjs), shared by the frame sampler on the page and its tests. The
// model's numbers and what counts as seen are the engine's (@stepsync/motion/live).
import { type CropBox, MOVENET_LIGHTNING_INPUT_SIZE } from "@stepsync/motion/live";

/** Lightning's input: a 192×192 RGB image, int32 0–255. */
export const MOVENET_INPUT_SIZE = MOVENET_LIGHTNING_INPUT_SIZE;

/** One frame's pose: [x, y, score] per COCO keypoint, x and y in frame pixels. */
export type Keypoints = Float32Array;

/**
 * Where the part of `crop` inside a width×height frame comes from (source rectangle, frame pixels)
 * and where it goes in the size×size input (destination): the rest of the input stays black, as the
 * server pads a crop past the frame (pose/tracker.ts). Null when the crop misses the frame.
 */
export function cropRects(
  crop: CropBox,
  width: number,
  height: number,
  size = MOVENET_INPUT_SIZE,
): { sx: number; sy: number; sw: number; sh: number; dx: number; dy: number; dw: number; dh: number } | null {
  const x0 = crop.cx - crop.size / 2;
  const y0 = crop.cy - crop.size / 2;
  const sx = Math.max(0, x0);
  const sy = Math.max(0, y0);
  const sw = Math.min(width, x0 + crop.size) - sx;
  const sh = Math.min(height, y0 + crop.size) - sy;
  if (!(sw > 0) || !(sh > 0)) return null;
  const scale = size / crop.size;
  return { sx, sy, sw, sh, dx: (sx - x0) * scale, dy: (sy - y0) * scale, dw: sw * scale, dh: sh * scale };
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
