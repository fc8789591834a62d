/**
 * The inference runtime: TensorFlow.js graph models on its WebAssembly backend (SIMD, single
 * threaded; the pool runs one per core). Adapters never touch tfjs: they get plain output arrays.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, sep } from "node:path";
import * as tf from "@tensorflow/tfjs-core";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import { type GraphModel, loadGraphModel } from "@tensorflow/tfjs-converter";
import type { PoseModelAdapter } from "./adapters/adapter.ts";
import { modelJsonPath } from "./models.ts";

/** A loaded model: one input image in, the adapter's outputs out. */
export interface RuntimeModel {
  run(input: Int32Array | Float32Array): Float32Array[];
  dispose(): void;
}

let backendReady: Promise<void> | undefined;

/**
 * Starts tfjs on the WebAssembly backend. The backend registers process-wide
 * uncaughtException/unhandledRejection handlers that rethrow; we remove exactly the ones it added
 * so the host keeps its own crash handling.
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

/** Loads the adapter's model from its files and runs it once (the first run compiles kernels and is slow). */
export async function loadModel(adapter: Pick<PoseModelAdapter, "id" | "input" | "outputs">): Promise<RuntimeModel> {
  const { size, dtype } = adapter.input;
  const graph = await loadGraph(modelJsonPath(adapter.id), { dtype, outputs: adapter.outputs });
  const shape: [number, number] = [size, size];
  const model: RuntimeModel = {
    run: (input) => graph.run(input, shape),
    dispose: () => graph.dispose(),
  };
  model.run(dtype === "int32" ? new Int32Array(size * size * 3) : new Float32Array(size * size * 3));
  return model;
}

/** A loaded graph model that takes one RGB image of any size the graph accepts ([1, height, width, 3]). */
export interface RuntimeGraph {
  run(input: Int32Array | Float32Array, size: readonly [height: number, width: number]): Float32Array[];
  dispose(): void;
}

/** Loads a graph model from its model.json (and weight files beside it) on the WebAssembly backend. */
export async function loadGraph(
  jsonPath: string,
  opts: { dtype: "int32" | "float32"; outputs?: readonly string[] },
): Promise<RuntimeGraph> {
  await initWasmBackend();
  const { modelJson, weights, specs } = readModelFiles(jsonPath);
  const handler: tf.io.IOHandler = {
    load: () =>
      tf.io.getModelArtifactsForJSON(modelJson as unknown as tf.io.ModelJSON, async () => [
        specs as tf.io.WeightsManifestEntry[],
        weights,
      ]),
  };
  let graph: GraphModel | undefined = await loadGraphModel(handler);
  const outputs = opts.outputs ? [...opts.outputs] : undefined;
  return {
    run(input, [height, width]) {
      const g = graph;
      if (!g) throw new Error("model disposed");
      return tf.tidy(() => {
        const t = tf.tensor4d(input, [1, height, width, 3], opts.dtype);
        const res = outputs ? g.execute(t, outputs) : g.execute(t);
        const out = Array.isArray(res) ? res : [res];
        if (out.length !== (outputs?.length ?? 1)) throw new Error(`unexpected outputs of ${jsonPath}`);
        return out.map((o) => o.dataSync() as Float32Array);
      });
    },
    dispose() {
      graph?.dispose();
      graph = undefined;
    },
  };
}

interface ModelJsonFile {
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
  [k: string]: unknown;
}

/**
 * Reads model.json and its weight shards from disk (tfjs-core's own file handler needs tfjs-node),
 * in the shape tf.io.getModelArtifactsForJSON expects.
 */
function readModelFiles(jsonPath: string): { modelJson: ModelJsonFile; weights: ArrayBuffer; specs: unknown[] } {
  const modelJson = JSON.parse(readFileSync(jsonPath, "utf8")) as ModelJsonFile;
  const buffers: Buffer[] = [];
  const specs: unknown[] = [];
  for (const group of modelJson.weightsManifest) {
    specs.push(...group.weights);
    for (const p of group.paths) buffers.push(readFileSync(join(dirname(jsonPath), p)));
  }
  const all = Buffer.concat(buffers);
  const weights = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
  return { modelJson, weights, specs };
}
