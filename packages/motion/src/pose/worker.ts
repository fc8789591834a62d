/**
 * Worker thread running one pose model. Inference blocks for tens of milliseconds per frame, so it
 * never runs on the caller's thread. Messages are handled one at a time, in arrival order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PoseEstimator, type TrackState } from "./estimator.ts";
import type { PoseModelName } from "./model-names.ts";

export interface FrameRequest {
  type: "frame";
  /** Opaque id echoed in the reply. */
  id: number;
  /** Frames with the same track id are one track (the crop follows the person). */
  track: number;
  /** Last frame of the track: its state is dropped afterwards. */
  last: boolean;
  width: number;
  height: number;
  data: Uint8Array;
}

export type WorkerReply =
  | { type: "ready" }
  | { type: "result"; id: number; keypoints: Float32Array; score: number }
  | { type: "error"; id?: number; message: string };

const port = parentPort;
if (!port) throw new Error("pose worker must run in a worker thread");

const tracks = new Map<number, TrackState>();
let estimator: PoseEstimator | undefined;
try {
  estimator = await PoseEstimator.load((workerData as { model: PoseModelName }).model);
  port.postMessage({ type: "ready" } satisfies WorkerReply);
} catch (e) {
  port.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) } satisfies WorkerReply);
}

port.on("message", (msg: FrameRequest | { type: "close" }) => {
  if (msg.type === "close") {
    estimator?.dispose();
    port.close();
    return;
  }
  try {
    if (!estimator) throw new Error("the pose model is not loaded");
    let state = tracks.get(msg.track);
    if (!state) {
      state = {};
      tracks.set(msg.track, state);
    }
    const est = estimator.estimate(msg.data, msg.width, msg.height, state);
    if (msg.last) tracks.delete(msg.track);
    port.postMessage({ type: "result", id: msg.id, keypoints: est.keypoints, score: est.score } satisfies WorkerReply, [
      est.keypoints.buffer as ArrayBuffer,
    ]);
  } catch (e) {
    port.postMessage({
      type: "error",
      id: msg.id,
      message: e instanceof Error ? e.message : String(e),
    } satisfies WorkerReply);
  }
});
