// Messages between the page and the live scoring worker (live-score.worker.ts).
import type { ReferenceAnalysis, ReferenceWindow } from "@stepsync/motion/live";
import type { PoseFrameInput } from "../browser-pose/live-pose";
import type { LivePoseInput, LiveTakeResult, LiveUpdate } from "./session";

/** Page → worker. */
export type ScoreRequest =
  /** The reference to score against (sent when the dialog opens, before the count-in). */
  | { type: "reference"; analysis: ReferenceAnalysis; window?: ReferenceWindow }
  /** A take starts: its clock is at 0. */
  | { type: "begin" }
  /**
   * Where the reference's start (or the window's) played in the take, take seconds; `rate`: the
   * speed the reference played at (0.5: a move drilled at half speed; default 1).
   */
  | { type: "offset"; takeOffset: number; rate?: number }
  | ({ type: "pose" } & LivePoseInput)
  /** The take ended. */
  | { type: "finish" };

/** Worker → page. */
export type ScoreReply =
  | { type: "ready" }
  | ({ type: "update" } & LiveUpdate)
  | ({ type: "finished" } & LiveTakeResult)
  /** The reference could not be read or a pose failed: live scoring stops, recording goes on. */
  | { type: "error"; message: string };

/** A camera pose `t` take seconds in, as the scoring worker takes it (its keypoints' buffer is transferred). */
export function poseRequest({ keypoints, score, width, height }: PoseFrameInput, t: number): ScoreRequest {
  return { type: "pose", keypoints, score, width, height, t };
}
