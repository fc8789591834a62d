import { createRequire } from "node:module";
import { dirname, sep } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { type GraphModel, loadGraphModel } from "@tensorflow/tfjs-converter";
import { modelJsonPath, modelSpec, type PoseModelName, type PoseModelSpec, readModelFiles } from "./models.ts";
import { blazeposeNextCrop, type CropBox, cropResize, fullFrameCrop, movenetNextCrop } from "./tracker.ts";

let backendReady: Promise<void> | undefined;

/**
 * Starts tfjs on the WebAssembly backend (SIMD, single-threaded in Node). The backend registers
 * process-wide uncaughtException/unhandledRejection handlers that rethrow; we remove exactly the
 * ones it added so the host keeps its own crash handling.
 */
export function initWasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    const before = {
      ue: new Set(process.listeners("uncaughtException")),
      ur: new Set(process.listeners("unhandledRejection")),
    };
    const require = createRequire(import.meta.url);
    const dist = dirname(require.resolve("@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm"));
    setWasmPaths(dist + sep);
    const ok = await tf.setBackend("wasm");
    if (!ok) throw new Error("the tfjs WebAssembly backend failed to start");
    await tf.ready();
    for (const l of process.listeners("uncaughtException"))
      if (!before.ue.has(l)) process.removeListener("uncaughtException", l);
    for (const l of process.listeners("unhandledRejection"))
      if (!before.ur.has(l)) process.removeListener("unhandledRejection", l);
  })();
  return backendReady;
}

export interface PoseEstimate {
  /** [x, y, score] per keypoint, in frame pixels (BlazePose: 33 points; auxiliary points dropped). */
  keypoints: Float32Array;
  /** Whole-pose confidence: MoveNet mean keypoint score, BlazePose pose flag. */
  score: number;
}

/** Where to look in the next frame of one track. A fresh state starts from the whole frame. */
export interface TrackState {
  crop?: CropBox;
}

/**
 * One loaded model. Tracking state lives with the caller (one per track), so a worker can serve
 * several tracks whose frames arrive interleaved; frames of one track must come in order.
 */
export class PoseEstimator {
  readonly spec: PoseModelSpec;
  private model: GraphModel | undefined;
  private input: Int32Array | Float32Array;

  constructor(name: PoseModelName) {
    this.spec = modelSpec(name);
    const n = this.spec.inputSize * this.spec.inputSize * 3;
    this.input = this.spec.inputType === "int32" ? new Int32Array(n) : new Float32Array(n);
  }

  async load(): Promise<void> {
    await initWasmBackend();
    const { modelJson, weights, specs } = readModelFiles(modelJsonPath(this.spec.name));
    const handler: tf.io.IOHandler = {
      load: () =>
        tf.io.getModelArtifactsForJSON(modelJson as unknown as tf.io.ModelJSON, async () => [
          specs as tf.io.WeightsManifestEntry[],
          weights,
        ]),
    };
    this.model = await loadGraphModel(handler);
    // Warm-up: the first execution compiles kernels and is several times slower.
    this.runModel(this.input);
  }

  estimate(rgb: Uint8Array, width: number, height: number, state: TrackState): PoseEstimate {
    if (!state.crop) {
      // A new track: look at the whole frame, then once more at the crop that suggests,
      // so the first frame of a track is as accurate as the following ones.
      const first = this.runOnCrop(rgb, width, height, fullFrameCrop(width, height));
      state.crop = this.nextCrop(first, width, height);
    }
    const est = this.runOnCrop(rgb, width, height, state.crop);
    state.crop = this.nextCrop(est, width, height);
    return { keypoints: est.keypoints.slice(0, this.spec.keypointNames.length * 3), score: est.score };
  }

  private nextCrop(est: PoseEstimate, width: number, height: number): CropBox {
    return this.spec.family === "movenet"
      ? movenetNextCrop(est.keypoints, width, height)
      : blazeposeNextCrop(est.keypoints, est.score, width, height);
  }

  private runOnCrop(rgb: Uint8Array, width: number, height: number, box: CropBox): PoseEstimate {
    const size = this.spec.inputSize;
    cropResize(rgb, width, height, box, size, this.input, this.spec.inputType === "int32" ? 1 : 1 / 255);
    const raw = this.runModel(this.input);
    const x0 = box.cx - box.size / 2;
    const y0 = box.cy - box.size / 2;
    if (this.spec.family === "movenet") {
      // Output [1,1,17,3] = (y, x, score), normalised to the crop.
      const kp = new Float32Array(17 * 3);
      let sum = 0;
      for (let i = 0; i < 17; i++) {
        kp[i * 3] = x0 + (raw.main[i * 3 + 1] ?? 0) * box.size;
        kp[i * 3 + 1] = y0 + (raw.main[i * 3] ?? 0) * box.size;
        const s = raw.main[i * 3 + 2] ?? 0;
        kp[i * 3 + 2] = s;
        sum += s;
      }
      return { keypoints: kp, score: sum / 17 };
    }
    // BlazePose ld_3d [1,195] = 39 × (x, y, z, visibility, presence) in input pixels; the last two are logits.
    const kp = new Float32Array(39 * 3);
    const k = box.size / size;
    for (let i = 0; i < 39; i++) {
      kp[i * 3] = x0 + (raw.main[i * 5] ?? 0) * k;
      kp[i * 3 + 1] = y0 + (raw.main[i * 5 + 1] ?? 0) * k;
      const vis = sigmoid(raw.main[i * 5 + 3] ?? 0);
      const pres = sigmoid(raw.main[i * 5 + 4] ?? 0);
      kp[i * 3 + 2] = Math.min(vis, pres);
    }
    return { keypoints: kp, score: raw.flag };
  }

  private runModel(input: Int32Array | Float32Array): { main: Float32Array; flag: number } {
    const model = this.model;
    if (!model) throw new Error("model not loaded");
    const size = this.spec.inputSize;
    return tf.tidy(() => {
      const t = tf.tensor4d(input, [1, size, size, 3], this.spec.inputType);
      if (this.spec.family === "movenet") {
        const out = model.execute(t) as tf.Tensor;
        return { main: out.dataSync() as Float32Array, flag: 1 };
      }
      const [ld, flag] = model.execute(t, ["Identity_2:0", "Identity_3:0"]) as tf.Tensor[];
      if (!ld || !flag) throw new Error("unexpected BlazePose outputs");
      return { main: ld.dataSync() as Float32Array, flag: (flag.dataSync()[0] as number) ?? 0 };
    });
  }

  dispose(): void {
    this.model?.dispose();
    this.model = undefined;
  }
}

function sigmoid(v: number): number {
  return 1 / (1 + Math.exp(-v));
}
