// A real dance for the live scorer's tests: an AIST++ freestyle performance (../shared/fixtures/
// tracks, read by the engine's own test helpers, packages/motion/test-support/live-takes.ts) as the
// reference's analysis the server serves, and a dance-along take of it as the browser's MoveNet
// would have seen it (the camera's frames' poses in frame pixels).
import { analyseReference, type PoseTrack } from "@stepsync/motion/live";
import type { ReferenceAnalysisResponse } from "@stepsync/contracts";

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
  /** The take's camera frames: MoveNet's pose (frame pixels), the frame's size, take seconds. */
  frames: Array<{ keypoints: Float32Array; score: number; width: number; height: number; t: number }>;
}

/** MoveNet's pose of one frame's points: [x, y, score] × 17 in frame pixels, and the mean score. */
function poseOf(points: Points["frames"][number]): { keypoints: Float32Array; score: number } {
  const keypoints = new Float32Array(17 * 3);
  points.forEach((p, k) => {
    if (p) keypoints.set([p[0], p[1], p[2] ?? 0.9], k * 3);
  });
  let sum = 0;
  for (let k = 0; k < 17; k++) sum += keypoints[k * 3 + 2] as number;
  return { keypoints, score: sum / 17 };
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
    ...poseOf(points),
    width: take.width,
    height: take.height,
    t: i / take.fps,
  }));
  return { analysis, frames };
}
