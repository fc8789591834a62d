// A real dance for the live scorer's tests: an AIST++ freestyle performance (../shared/fixtures/
// tracks, read by the engine's own test helpers, packages/motion/test-support/live-takes.ts) as the
// reference's analysis the server serves, and a dance-along take of it as the browser's MoveNet
// would have seen it (raw outputs of the camera's frames letterboxed into the model's input).
import { analyseReference, type PoseTrack } from "@stepsync/motion/live";
import type { ReferenceAnalysisResponse } from "@stepsync/contracts";
import { letterbox, MOVENET_INPUT_SIZE } from "../lib/browser-pose/movenet";

/** Measured points (packages/motion/src/track-input.ts MeasuredPoints), as far as this file reads them. */
interface Points {
  fps: number;
  width: number;
  height: number;
  frames: ReadonlyArray<ReadonlyArray<readonly [number, number, number?] | null>>;
}
interface TakeHelpers {
  hasAist: boolean;
  performance(name: string): Points;
  takeOf(perf: Points, recipe: { takeOffset: number; noise?: number; late?: Array<[number, number, number]> }): Points;
}
interface TrackInput {
  trackFromPoints(points: Points): PoseTrack;
}

// Node-side modules (they read the fixture files): imported by path at run time, so the web's
// typecheck stays with browser code.
const TAKES = new URL("../../../../packages/motion/test-support/live-takes.ts", import.meta.url).pathname;
const TRACK_INPUT = new URL("../../../../packages/motion/src/track-input.ts", import.meta.url).pathname;

export const DANCE = "gHO_sFM_cAll_d19_mHO0_ch01";

export interface DanceTake {
  /** The reference's analysis as GET /api/reference-videos/:id/analysis answers it. */
  analysis: ReferenceAnalysisResponse;
  /** The take's camera frames: MoveNet's raw output, the frame's size, take seconds. */
  frames: Array<{ raw: Float32Array; width: number; height: number; t: number }>;
}

/** MoveNet's raw output ((y, x, score) × 17 of the letterboxed input) for one frame's points. */
function rawOf(points: Points["frames"][number], width: number, height: number): Float32Array {
  const box = letterbox(width, height);
  const raw = new Float32Array(17 * 3);
  points.forEach((p, k) => {
    if (!p) return;
    raw[k * 3] = (box.y + p[1] * box.scale) / MOVENET_INPUT_SIZE;
    raw[k * 3 + 1] = (box.x + p[0] * box.scale) / MOVENET_INPUT_SIZE;
    raw[k * 3 + 2] = p[2] ?? 0.9;
  });
  return raw;
}

/** Null when the fixtures are not there. `seconds`: how much of the take (from its start). */
export async function danceTake(
  recipe: { takeOffset: number; noise?: number; late?: Array<[number, number, number]> },
  seconds: number,
): Promise<DanceTake | null> {
  const takes = (await import(/* @vite-ignore */ TAKES)) as TakeHelpers;
  if (!takes.hasAist) return null;
  const { trackFromPoints } = (await import(/* @vite-ignore */ TRACK_INPUT)) as TrackInput;
  const perf = takes.performance(DANCE);
  // Through JSON, as the browser receives it.
  const analysis = JSON.parse(JSON.stringify(analyseReference(trackFromPoints(perf)))) as ReferenceAnalysisResponse;
  const take = takes.takeOf(perf, recipe);
  const frames = take.frames.slice(0, Math.round(seconds * take.fps)).map((points, i) => ({
    raw: rawOf(points, take.width, take.height),
    width: take.width,
    height: take.height,
    t: i / take.fps,
  }));
  return { analysis, frames };
}
