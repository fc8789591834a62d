/**
 * Worker thread running one pose model. Inference blocks for tens of milliseconds per frame, so it
 * never runs on the caller's thread. Messages are handled one at a time, in arrival order.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PoseEstimator, type TrackState } from "./estimator.ts";
import type { PoseModelName } from "./model-names.ts";
import { estimatePeople, newPeopleState, type PeopleState, type PersonPose } from "./people.ts";
import { PeopleDetector } from "./people-detector.ts";

/** A frame of a track: "frame" follows one person (estimator.ts), "people" everyone in it (people.ts). */
export interface FrameRequest {
  type: "frame" | "people";
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
  | { type: "people"; id: number; people: PersonPose[] }
  | { type: "error"; id?: number; message: string };

const port = parentPort;
if (!port) throw new Error("pose worker must run in a worker thread");

const tracks = new Map<number, TrackState>();
const peopleTracks = new Map<number, PeopleState>();
let estimator: PoseEstimator | undefined;
/** The people detector is loaded on the first group frame: most analyses follow one dancer. */
let detector: Promise<PeopleDetector> | undefined;
try {
  estimator = await PoseEstimator.load((workerData as { model: PoseModelName }).model);
  port.postMessage({ type: "ready" } satisfies WorkerReply);
} catch (e) {
  port.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) } satisfies WorkerReply);
}

function errorReply(id: number, e: unknown): WorkerReply {
  return { type: "error", id, message: e instanceof Error ? e.message : String(e) };
}

function answerFrame(msg: FrameRequest): void {
  if (!estimator) throw new Error("the pose model is not loaded");
  let state = tracks.get(msg.track);
  if (!state) {
    state = {};
    tracks.set(msg.track, state);
  }
  const est = estimator.estimate(msg.data, msg.width, msg.height, state);
  if (msg.last) tracks.delete(msg.track);
  port?.postMessage({ type: "result", id: msg.id, keypoints: est.keypoints, score: est.score } satisfies WorkerReply, [
    est.keypoints.buffer as ArrayBuffer,
  ]);
}

async function answerPeople(msg: FrameRequest): Promise<void> {
  if (!estimator) throw new Error("the pose model is not loaded");
  detector ??= PeopleDetector.load();
  const people = await detector.catch((e: unknown) => {
    detector = undefined;
    throw e;
  });
  const found = estimatePeople(estimator, people, msg.data, msg.width, msg.height, stateOf(msg.track));
  if (msg.last) peopleTracks.delete(msg.track);
  port?.postMessage(
    { type: "people", id: msg.id, people: found } satisfies WorkerReply,
    found.map((p) => p.keypoints.buffer as ArrayBuffer),
  );
}

function stateOf(track: number): PeopleState {
  let state = peopleTracks.get(track);
  if (!state) {
    state = newPeopleState();
    peopleTracks.set(track, state);
  }
  return state;
}

// One message at a time, in arrival order (loading the detector is the only wait).
let queue = Promise.resolve();
port.on("message", (msg: FrameRequest | { type: "close" }) => {
  queue = queue.then(async () => {
    if (msg.type === "close") {
      estimator?.dispose();
      (await detector?.catch(() => undefined))?.dispose();
      port.close();
      return;
    }
    try {
      if (msg.type === "people") await answerPeople(msg);
      else answerFrame(msg);
    } catch (e) {
      port.postMessage(errorReply(msg.id, e));
    }
  });
});
