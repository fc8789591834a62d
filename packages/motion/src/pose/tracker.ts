/**
 * Person tracking between frames: the model sees a square crop around where the person was in the
 * previous frame, so a small or off-centre dancer still fills the model's input. Pure functions,
 * shared by the worker and the tests.
 */
export interface CropBox {
  /** Centre and side of a square, in frame pixels; may extend past the frame (padded with black). */
  cx: number;
  cy: number;
  size: number;
}

/** Keypoints as a flat array [x, y, score] per point, in frame pixels. */
export type FlatKeypoints = Float32Array;

/** The whole frame, letterboxed into a square. */
export function fullFrameCrop(width: number, height: number): CropBox {
  return { cx: width / 2, cy: height / 2, size: Math.max(width, height) };
}

const MIN_CROP_SCORE = 0.2;

/**
 * MoveNet's crop rule (as in tfjs-models' movenet detector): centre on the hips, size from the
 * farthest torso point (×1.9) and farthest confident body point (×1.2); back to the whole frame
 * when the torso is not visible.
 */
export function movenetNextCrop(kp: FlatKeypoints, width: number, height: number): CropBox {
  const s = (i: number) => kp[i * 3 + 2] ?? 0;
  const x = (i: number) => kp[i * 3] ?? 0;
  const y = (i: number) => kp[i * 3 + 1] ?? 0;
  const LS = 5;
  const RS = 6;
  const LH = 11;
  const RH = 12;
  const torsoVisible =
    (s(LH) > MIN_CROP_SCORE || s(RH) > MIN_CROP_SCORE) && (s(LS) > MIN_CROP_SCORE || s(RS) > MIN_CROP_SCORE);
  if (!torsoVisible) return fullFrameCrop(width, height);
  const cx = (x(LH) + x(RH)) / 2;
  const cy = (y(LH) + y(RH)) / 2;
  let torsoX = 0;
  let torsoY = 0;
  for (const i of [LS, RS, LH, RH]) {
    torsoX = Math.max(torsoX, Math.abs(cx - x(i)));
    torsoY = Math.max(torsoY, Math.abs(cy - y(i)));
  }
  let bodyX = 0;
  let bodyY = 0;
  for (let i = 0; i < 17; i++) {
    if (s(i) < MIN_CROP_SCORE) continue;
    bodyX = Math.max(bodyX, Math.abs(cx - x(i)));
    bodyY = Math.max(bodyY, Math.abs(cy - y(i)));
  }
  let half = Math.max(torsoX * 1.9, torsoY * 1.9, bodyX * 1.2, bodyY * 1.2);
  half = Math.min(half, Math.max(cx, width - cx, cy, height - cy));
  if (half * 2 >= Math.max(width, height) || half < 8) return fullFrameCrop(width, height);
  return { cx, cy, size: half * 2 };
}

/**
 * BlazePose's crop rule (MediaPipe's landmarks-to-ROI): auxiliary landmark 33 is the body centre,
 * 34 a point on the circle around the body; the ROI is that circle's square, enlarged 1.25×.
 * (MediaPipe also rotates the ROI to keep the body upright; dancers are mostly upright, so we don't.)
 */
export function blazeposeNextCrop(kp: FlatKeypoints, poseScore: number, width: number, height: number): CropBox {
  if (poseScore < 0.5) return fullFrameCrop(width, height);
  const cx = kp[33 * 3] ?? 0;
  const cy = kp[33 * 3 + 1] ?? 0;
  const r = Math.hypot((kp[34 * 3] ?? 0) - cx, (kp[34 * 3 + 1] ?? 0) - cy);
  const size = 2 * r * 1.25;
  if (!(size > 16)) return fullFrameCrop(width, height);
  return { cx, cy, size: Math.min(size, 2 * Math.max(width, height)) };
}

/**
 * Bilinear crop-and-resize of an RGB frame into the model's square input. Written out in JS
 * (a few hundred thousand multiply-adds) so that pre-processing is identical everywhere; source
 * columns and weights are computed once per call, pixels outside the frame are black.
 */
export function cropResize(
  rgb: Uint8Array,
  width: number,
  height: number,
  box: CropBox,
  outSize: number,
  out: Int32Array | Float32Array,
  scale: number,
): void {
  const x0 = box.cx - box.size / 2;
  const y0 = box.cy - box.size / 2;
  const step = box.size / outSize;
  // Per output column: the two source columns (byte offsets, -1 when outside) and the weight.
  const colA = new Int32Array(outSize);
  const colB = new Int32Array(outSize);
  const colW = new Float32Array(outSize);
  for (let ox = 0; ox < outSize; ox++) {
    const sx = x0 + (ox + 0.5) * step - 0.5;
    const ix = Math.floor(sx);
    colW[ox] = sx - ix;
    colA[ox] = ix >= 0 && ix < width ? ix * 3 : -1;
    colB[ox] = ix + 1 >= 0 && ix + 1 < width ? (ix + 1) * 3 : -1;
  }
  const round = scale === 1;
  let o = 0;
  for (let oy = 0; oy < outSize; oy++) {
    const sy = y0 + (oy + 0.5) * step - 0.5;
    const iy = Math.floor(sy);
    const fy = sy - iy;
    const rowA = iy >= 0 && iy < height ? iy * width * 3 : -1;
    const rowB = iy + 1 >= 0 && iy + 1 < height ? (iy + 1) * width * 3 : -1;
    for (let ox = 0; ox < outSize; ox++) {
      const a = colA[ox] as number;
      const b = colB[ox] as number;
      const fx = colW[ox] as number;
      for (let c = 0; c < 3; c++) {
        const p00 = rowA >= 0 && a >= 0 ? (rgb[rowA + a + c] as number) : 0;
        const p10 = rowA >= 0 && b >= 0 ? (rgb[rowA + b + c] as number) : 0;
        const p01 = rowB >= 0 && a >= 0 ? (rgb[rowB + a + c] as number) : 0;
        const p11 = rowB >= 0 && b >= 0 ? (rgb[rowB + b + c] as number) : 0;
        const v = (p00 * (1 - fx) + p10 * fx) * (1 - fy) + (p01 * (1 - fx) + p11 * fx) * fy;
        out[o++] = round ? Math.round(v) : v * scale;
      }
    }
  }
}
