import { movenet } from "../pose/adapters/movenet.ts";
import { MOVENET_LIGHTNING_INPUT_SIZE } from "../pose/adapters/movenet-constants.ts";
import type { CropBox } from "../pose/tracker.ts";
import { PoseSmoother, type RawPoseFrame, type SmoothingRule } from "../pose/smooth.ts";
import type { PoseFrame } from "../types.ts";

const MOVENET = movenet("movenet-lightning", MOVENET_LIGHTNING_INPUT_SIZE);

/** MoveNet's rule for which points and frames count as seen: the browser runs MoveNet as the server does. */
export const MOVENET_RULE: SmoothingRule = MOVENET;

/**
 * MoveNet's raw output for the square `crop` of a camera frame ((y, x, score) × 17, normalised to
 * the crop) as the pose the live scorer takes: keypoints in the frame's pixels and the pose score,
 * decoded as the server decodes the model's output.
 */
export function movenetPose(raw: Float32Array, crop: CropBox, t: number): RawPoseFrame {
  const { keypoints, score } = MOVENET.decode([raw], crop);
  return { t, keypoints, score };
}

/** Tracks keep times to 0.1 ms: a frame this close before a tick is on it. */
const TIME_SLACK = 1e-4;

/** Poses further apart than this (seconds: a stalled camera or model) are not blended: the nearest stands for the tick. */
const MAX_BLEND_S = 0.5;

type AnyPose = RawPoseFrame | PoseFrame;

/**
 * The pose at time `at` between poses a and b: each point moved along the way from a to b (a point
 * either one did not see is the nearer pose's), so a device that estimates a few poses a second
 * gives each tick where the body was then, not where it was up to half a gap earlier or later.
 */
function between(a: AnyPose, b: AnyPose, at: number): AnyPose {
  const w = (at - a.t) / (b.t - a.t);
  const near = w < 0.5 ? a : b;
  if (!(a.score > 0) || !(b.score > 0)) return near;
  const keypoints = near.keypoints.slice();
  for (let i = 0; i + 2 < keypoints.length; i += 3) {
    const sa = a.keypoints[i + 2] as number;
    const sb = b.keypoints[i + 2] as number;
    if (!(sa > 0) || !(sb > 0)) continue;
    for (let c = 0; c < 3; c++)
      keypoints[i + c] = (a.keypoints[i + c] as number) * (1 - w) + (b.keypoints[i + c] as number) * w;
  }
  return { t: at, score: a.score * (1 - w) + b.score * w, keypoints } as AnyPose;
}

/**
 * A take's poses as they come (a camera's rate, uneven) made into the frames the server's analysis
 * of the recorded take would have: one per tick of the analysis rate, the pose at the tick (blended
 * from the poses either side of it; a camera's frames are 1/30 s apart, so where every frame has a
 * pose this is the frame the decoder picks), then, for a pose model's raw output, smoothed and
 * normalised the way every track is (pose/smooth.ts). Frames of an engine track (already smoothed)
 * pass through.
 */
export class TakeFrames {
  private tick = 0;
  private last: AnyPose | undefined;
  private readonly smoother: PoseSmoother | undefined;

  constructor(
    private readonly fps: number,
    /** Raw poses (keypoints in pixels of a frame this size, as the model gives them); absent: engine frames. */
    raw?: { rule: SmoothingRule; width: number; height: number },
  ) {
    this.smoother = raw && new PoseSmoother(raw.rule, raw);
  }

  /** Takes one pose (take time t, increasing) and answers the analysis frames it completes. */
  push(frame: AnyPose): PoseFrame[] {
    const out: PoseFrame[] = [];
    for (;;) {
      const at = this.tick / this.fps;
      if (frame.t < at - TIME_SLACK) break;
      const prev = this.last;
      const pick =
        !prev || frame.t <= at + TIME_SLACK
          ? frame
          : frame.t - prev.t <= MAX_BLEND_S
            ? between(prev, frame, at)
            : at - prev.t <= frame.t - at
              ? prev
              : frame;
      out.push(this.emit(pick, at));
      this.tick++;
    }
    this.last = frame;
    return out;
  }

  private emit(frame: AnyPose, at: number): PoseFrame {
    const t = Math.round(at * 1e4) / 1e4;
    if (!this.smoother) {
      const f = frame as PoseFrame;
      return { t, score: f.score, keypoints: [...f.keypoints] };
    }
    return { ...this.smoother.push({ ...(frame as RawPoseFrame), t: at }), t };
  }
}
