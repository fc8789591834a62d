import type { PoseEstimate, PoseModelAdapter } from "./adapters/adapter.ts";
import type { PoseModelName } from "./model-names.ts";
import { poseAdapter } from "./models.ts";
import { loadModel, type RuntimeModel } from "./runtime.ts";
import { type CropBox, cropResize, fullFrameCrop, isFullFrame, searchCrops } from "./tracker.ts";

export type { PoseEstimate };

/** Where to look in the next frame of one track. A fresh state starts from the whole frame. */
export interface TrackState {
  crop?: CropBox;
}

/**
 * One loaded model following people from frame to frame: crop around the last pose, run the model,
 * let the adapter decode it. Tracking state lives with the caller (one per track), so a worker can
 * serve several tracks whose frames arrive interleaved; frames of one track must come in order.
 */
export class PoseEstimator {
  private readonly input: Int32Array | Float32Array;

  private constructor(
    readonly adapter: PoseModelAdapter,
    private readonly model: RuntimeModel,
  ) {
    const n = adapter.input.size * adapter.input.size * 3;
    this.input = adapter.input.dtype === "int32" ? new Int32Array(n) : new Float32Array(n);
  }

  static async load(name: PoseModelName): Promise<PoseEstimator> {
    const adapter = poseAdapter(name);
    return new PoseEstimator(adapter, await loadModel(adapter));
  }

  estimate(rgb: Uint8Array, width: number, height: number, state: TrackState): PoseEstimate {
    let est: PoseEstimate;
    if (!state.crop) {
      // A new track: look at the whole frame (its squares when it shows no one), then once more at
      // the crop that suggests, so the first frame of a track is as accurate as the following ones.
      const whole = this.runOnCrop(rgb, width, height, fullFrameCrop(width, height));
      const crop = this.adapter.nextCrop(whole, width, height);
      est =
        this.lookInSquares(rgb, width, height, whole) ??
        (isFullFrame(crop, width, height) ? whole : this.runOnCrop(rgb, width, height, crop));
    } else {
      est = this.runOnCrop(rgb, width, height, state.crop);
      // No one followed: the whole frame was looked at.
      if (isFullFrame(state.crop, width, height)) est = this.lookInSquares(rgb, width, height, est) ?? est;
    }
    state.crop = this.adapter.nextCrop(est, width, height);
    return { keypoints: est.keypoints.slice(0, this.adapter.keypointNames.length * 3), score: est.score };
  }

  /**
   * Where the whole frame shows no one: the most confident person one of its squares shows
   * (tracker.ts searchCrops; three more model runs), looked at once more in the crop around them
   * as on a new track. Undefined when the whole frame shows someone, or no square does.
   */
  private lookInSquares(rgb: Uint8Array, width: number, height: number, whole: PoseEstimate): PoseEstimate | undefined {
    if (this.adapter.hasPerson(whole)) return undefined;
    let found: PoseEstimate | undefined;
    for (const square of searchCrops(width, height)) {
      const est = this.runOnCrop(rgb, width, height, square);
      if (this.adapter.hasPerson(est) && (!found || est.score > found.score)) found = est;
    }
    if (!found) return undefined;
    const crop = this.adapter.nextCrop(found, width, height);
    return isFullFrame(crop, width, height) ? found : this.runOnCrop(rgb, width, height, crop);
  }

  /** The model's reading of one crop of the frame (keypoints in frame pixels). */
  runOnCrop(rgb: Uint8Array, width: number, height: number, box: CropBox): PoseEstimate {
    const { size, dtype } = this.adapter.input;
    cropResize(rgb, width, height, box, size, this.input, dtype === "int32" ? 1 : 1 / 255);
    return this.adapter.decode(this.model.run(this.input), box);
  }

  dispose(): void {
    this.model.dispose();
  }
}
