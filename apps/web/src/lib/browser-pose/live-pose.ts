// Body tracking on a live <video>: samples frames into the model's square input — the whole frame
// and its squares in turn until someone is found, then a square around them, as the server's
// tracker crops its frames (a dancer a few metres from a laptop's camera is a sixth of its width:
// cropped, the model sees her at twice the size) — sends them to the pose worker one at a time
// (never queueing: a slow device just tracks at a lower rate), and hands each answer back in frame
// pixels. The worker, and with it TF.js and the model, is created here, on start, and terminated on
// stop.
import { type CropBox, isFullFrame, movenetNextCrop, movenetPose, searchCropAt } from "@stepsync/motion/live";
import { cropRects, type Keypoints, MOVENET_INPUT_SIZE } from "./movenet";
import type { FrameRequest, WorkerReply } from "./protocol";

export type LivePoseStatus = "loading" | "ready" | "unavailable";

/** What the model said of one camera frame. */
export interface PoseFrameInput {
  /** [x, y, score] × 17 in the camera frame's pixels. */
  keypoints: Keypoints;
  /** The pose's score: MoveNet's mean keypoint score. */
  score: number;
  /** The camera frame's own size, pixels (the picture before any mirroring on screen). */
  width: number;
  height: number;
  /**
   * When the frame was taken (performance.now() time): the camera's capture time where the browser
   * says it, else when the frame was presented, else when it was sampled.
   */
  at: number;
}

export interface LivePoseOptions {
  video: HTMLVideoElement;
  onStatus: (status: LivePoseStatus) => void;
  /** Each estimate, in the video's own pixels, with the frame's size and when it was taken (performance.now()). */
  onPose: (frame: PoseFrameInput) => void;
  /** Least time between two frames sent (ms), so recording and playback keep their share of the CPU. */
  minIntervalMs: () => number;
}

/** Longer than this to load the runtime and the model counts as unavailable. */
export const LOAD_TIMEOUT_MS = 30_000;

function createPoseWorker(): Worker {
  // The literal `new Worker(new URL(…))` form is what the bundler turns into its own chunk.
  return new Worker(new URL("./pose.worker.ts", import.meta.url), { type: "module", name: "pose" });
}

/** Starts tracking; the returned function stops it and frees the worker. */
export function startLivePose({ video, onStatus, onPose, minIntervalMs }: LivePoseOptions): () => void {
  let stopped = false;
  let worker: Worker | undefined;
  const fail = () => {
    if (stopped) return;
    stop();
    onStatus("unavailable");
  };
  onStatus("loading");
  if (typeof Worker === "undefined" || typeof WebAssembly === "undefined") {
    onStatus("unavailable");
    return () => undefined;
  }
  try {
    worker = createPoseWorker();
  } catch {
    onStatus("unavailable");
    return () => undefined;
  }

  let ready = false;
  let nextId = 0;
  let pending: { id: number; crop: CropBox; width: number; height: number; at: number } | null = null;
  // Where the model looks next: around the last pose found in a frame of this size, else it searches.
  let next: { crop: CropBox; width: number; height: number } | null = null;
  // Frames looked at since someone was last followed (searchCropAt: the whole frame, then its squares).
  let searched = 0;
  let lastSent = 0;
  let raf = 0;
  const loadTimer = setTimeout(fail, LOAD_TIMEOUT_MS);
  const canvas = document.createElement("canvas");
  canvas.width = MOVENET_INPUT_SIZE;
  canvas.height = MOVENET_INPUT_SIZE;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });

  // When the frame the preview shows now was taken: a pose is of that moment, not of the moment it
  // was sampled (tens of milliseconds later), as the recording places the frame by its capture.
  let shownAt: number | null = null;
  let frameRequest: number | null = null;
  const onFrame: VideoFrameRequestCallback = (now, meta) => {
    shownAt = meta.captureTime ?? meta.presentationTime ?? now;
    if (!stopped) frameRequest = video.requestVideoFrameCallback(onFrame);
  };
  if (typeof video.requestVideoFrameCallback === "function") frameRequest = video.requestVideoFrameCallback(onFrame);

  const sample = (now: number) => {
    raf = requestAnimationFrame(sample);
    if (!ready || pending || now - lastSent < minIntervalMs()) return;
    if (!ctx) return fail();
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (video.readyState < 2 || !w || !h) return;
    const followed =
      next && next.width === w && next.height === h && !isFullFrame(next.crop, w, h)
        ? cropRects(next.crop, w, h)
        : null;
    if (followed) searched = 0;
    const crop = followed && next ? next.crop : searchCropAt(w, h, searched++);
    const r = followed ?? cropRects(crop, w, h);
    if (!r) return;
    ctx.fillStyle = "#000";
    ctx.fillRect(0, 0, MOVENET_INPUT_SIZE, MOVENET_INPUT_SIZE);
    ctx.drawImage(video, r.sx, r.sy, r.sw, r.sh, r.dx, r.dy, r.dw, r.dh);
    const { data } = ctx.getImageData(0, 0, MOVENET_INPUT_SIZE, MOVENET_INPUT_SIZE);
    pending = { id: ++nextId, crop, width: w, height: h, at: shownAt !== null && shownAt <= now ? shownAt : now };
    lastSent = now;
    const request: FrameRequest = { type: "frame", id: pending.id, rgba: data.buffer };
    worker?.postMessage(request, [data.buffer]);
  };

  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (stopped) return;
    if (reply.type === "ready") {
      clearTimeout(loadTimer);
      ready = true;
      onStatus("ready");
      raf = requestAnimationFrame(sample);
    } else if (reply.type === "pose") {
      if (pending?.id !== reply.id) return;
      const { crop, width, height, at } = pending;
      pending = null;
      const { keypoints, score } = movenetPose(reply.raw, crop, at);
      next = { crop: movenetNextCrop(keypoints, width, height), width, height };
      onPose({ keypoints, score, width, height, at });
    } else {
      fail();
    }
  };
  // The script itself failed to load or threw (e.g. a policy forbids WebAssembly).
  worker.onerror = (event) => {
    event.preventDefault();
    fail();
  };

  function stop() {
    stopped = true;
    clearTimeout(loadTimer);
    cancelAnimationFrame(raf);
    if (frameRequest !== null && typeof video.cancelVideoFrameCallback === "function")
      video.cancelVideoFrameCallback(frameRequest);
    worker?.terminate();
    worker = undefined;
  }
  return stop;
}
