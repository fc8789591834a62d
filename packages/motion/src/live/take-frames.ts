import { movenet } from "../pose/adapters/movenet.ts";
import { fullFrameCrop } from "../pose/tracker.ts";
import { PoseSmoother, type RawPoseFrame, type SmoothingRule } from "../pose/smooth.ts";
import type { PoseFrame } from "../types.ts";

const MOVENET = movenet("movenet-lightning", 192);

/** MoveNet's rule for which points and frames count as seen: the browser runs MoveNet as the server does. */
export const MOVENET_RULE: SmoothingRule = MOVENET;

/**
 * MoveNet's raw output for a whole camera frame letterboxed into its input ((y, x, score) × 17,
 * normalised to the input square) as the pose the live scorer takes: keypoints in the frame's
 * pixels and the pose score, decoded as the server decodes the model's output.
 */
export function movenetPose(raw: Float32Array, frame: { width: number; height: number }, t: number): RawPoseFrame {
  const { keypoints, score } = MOVENET.decode([raw], fullFrameCrop(frame.width, frame.height));
  return { t, keypoints, score };
}

/** Tracks keep times to 0.1 ms: a frame this close before a tick is on it. */
const TIME_SLACK = 1e-4;

/**
 * A take's poses as they come (a camera's rate, uneven) made into the frames the server's analysis
 * of the recorded take would have: one per tick of the analysis rate, the pose nearest to it (as
 * the decoder picks frames), then, for a pose model's raw output, smoothed and normalised the way
 * every track is (pose/smooth.ts). Frames of an engine track (already smoothed) pass through.
 */
export class TakeFrames {
  private tick = 0;
  private last: RawPoseFrame | PoseFrame | undefined;
  private readonly smoother: PoseSmoother | undefined;

  constructor(
    private readonly fps: number,
    /** Raw poses (keypoints in pixels of a frame this size, as the model gives them); absent: engine frames. */
    raw?: { rule: SmoothingRule; width: number; height: number },
  ) {
    this.smoother = raw && new PoseSmoother(raw.rule, raw);
  }

  /** Takes one pose (take time t, increasing) and answers the analysis frames it completes. */
  push(frame: RawPoseFrame | PoseFrame): PoseFrame[] {
    const out: PoseFrame[] = [];
    for (;;) {
      const at = this.tick / this.fps;
      if (frame.t < at - TIME_SLACK) break;
      // The pose nearest to the tick: this one or the one before it.
      const prev = this.last;
      const pick = prev && at - prev.t <= frame.t - at ? prev : frame;
      out.push(this.emit(pick, at));
      this.tick++;
    }
    this.last = frame;
    return out;
  }

  private emit(frame: RawPoseFrame | PoseFrame, at: number): PoseFrame {
    const t = Math.round(at * 1e4) / 1e4;
    if (!this.smoother) {
      const f = frame as PoseFrame;
      return { t, score: f.score, keypoints: [...f.keypoints] };
    }
    return { ...this.smoother.push({ ...(frame as RawPoseFrame), t: at }), t };
  }
}
