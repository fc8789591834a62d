// Messages between the page and the pose worker (pose.worker.ts).

/**
 * Page → worker: the model's input for one frame (the crop around the dancer, letterboxed), RGBA,
 * MOVENET_INPUT_SIZE² pixels (the buffer is transferred).
 */
export interface FrameRequest {
  type: "frame";
  id: number;
  rgba: ArrayBuffer;
}

/** Worker → page. */
export type WorkerReply =
  /** The model is loaded and has run once; `backend` is the tfjs backend in use. */
  | { type: "ready"; backend: string }
  /** MoveNet's raw output for frame `id`: (y, x, score) × 17, normalised to the input. */
  | { type: "pose"; id: number; raw: Float32Array }
  /** The runtime or the model could not load, or a frame failed: body tracking stops, recording goes on. */
  | { type: "error"; message: string };
