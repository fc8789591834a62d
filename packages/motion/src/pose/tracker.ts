/**
 * Person tracking between frames: the model sees a square crop around where the person was in the
 * previous frame, so a small or off-centre dancer still fills the model's input. Each model's
 * adapter decides the next crop (adapters/); the crop box and the resize into the model's input
 * are shared. Pure functions.
 */
export interface CropBox {
  /** Centre and side of a square, in frame pixels; may extend past the frame (padded with black). */
  cx: number;
  cy: number;
  size: number;
}

/** The whole frame, letterboxed into a square. */
export function fullFrameCrop(width: number, height: number): CropBox {
  return { cx: width / 2, cy: height / 2, size: Math.max(width, height) };
}

/** Whether a crop is the whole frame (fullFrameCrop): where a tracker that follows no one looks. */
export function isFullFrame(box: CropBox, width: number, height: number): boolean {
  const whole = fullFrameCrop(width, height);
  return box.cx === whole.cx && box.cy === whole.cy && box.size === whole.size;
}

/** A frame this much longer than wide (or wider than long) is searched in squares when the whole frame shows no one. */
const SEARCH_MIN_ASPECT = 1.2;

/**
 * Squares of the frame's short side along its long side (start, middle, end), where to look for a
 * person the whole frame does not show: letterboxed into the model's input, a small dancer in a
 * landscape frame (or one blurred by compression) is a few dozen pixels tall, in a square twice
 * that. None for a frame about as wide as long (a square would be the whole frame).
 */
export function searchCrops(width: number, height: number): CropBox[] {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (long < short * SEARCH_MIN_ASPECT) return [];
  return [short / 2, long / 2, long - short / 2].map((c) =>
    width >= height ? { cx: c, cy: height / 2, size: short } : { cx: width / 2, cy: c, size: short },
  );
}

/**
 * Where a tracker that looks once a frame (the browser's, on a live camera) looks on the n-th frame
 * (from 0) with no one followed: the whole frame, then each of its squares in turn.
 */
export function searchCropAt(width: number, height: number, n: number): CropBox {
  const crops = [fullFrameCrop(width, height), ...searchCrops(width, height)];
  return crops[n % crops.length] as CropBox;
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
  const region = { x0: box.cx - box.size / 2, y0: box.cy - box.size / 2, step: box.size / outSize };
  resizeRegion(rgb, width, height, region, outSize, outSize, out, scale);
}

/**
 * Bilinear resize of a region of an RGB frame into an outWidth × outHeight image: output pixel
 * (ox, oy) samples the frame at (x0 + (ox + 0.5)·step − 0.5, y0 + (oy + 0.5)·step − 0.5); pixels
 * outside the frame are black. `scale` multiplies the values (1: rounded to integers).
 */
export function resizeRegion(
  rgb: Uint8Array,
  width: number,
  height: number,
  region: { x0: number; y0: number; step: number },
  outWidth: number,
  outHeight: number,
  out: Int32Array | Float32Array,
  scale: number,
): void {
  const { x0, y0, step } = region;
  // Per output column: the two source columns (byte offsets, -1 when outside) and the weight.
  const colA = new Int32Array(outWidth);
  const colB = new Int32Array(outWidth);
  const colW = new Float32Array(outWidth);
  for (let ox = 0; ox < outWidth; ox++) {
    const sx = x0 + (ox + 0.5) * step - 0.5;
    const ix = Math.floor(sx);
    colW[ox] = sx - ix;
    colA[ox] = ix >= 0 && ix < width ? ix * 3 : -1;
    colB[ox] = ix + 1 >= 0 && ix + 1 < width ? (ix + 1) * 3 : -1;
  }
  const round = scale === 1;
  let o = 0;
  for (let oy = 0; oy < outHeight; oy++) {
    const sy = y0 + (oy + 0.5) * step - 0.5;
    const iy = Math.floor(sy);
    const fy = sy - iy;
    const rowA = iy >= 0 && iy < height ? iy * width * 3 : -1;
    const rowB = iy + 1 >= 0 && iy + 1 < height ? (iy + 1) * width * 3 : -1;
    for (let ox = 0; ox < outWidth; ox++) {
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
