import { roundTo } from "../numbers.ts";
import type { PoseFrame } from "../types.ts";
import type { PoseModelAdapter } from "./adapters/adapter.ts";

/**
 * One Euro filter (Casiez et al. 2012): a low-pass filter whose cut-off rises with speed, so still
 * poses lose their jitter while fast moves are not delayed. Applied per coordinate over time.
 */
export interface OneEuroParams {
  /** Hz; lower removes more jitter at rest. */
  minCutoff: number;
  /** How fast the cut-off rises with speed (per unit of speed, here frame-sizes per second). */
  beta: number;
  /** Hz; cut-off of the speed estimate. */
  dCutoff: number;
}

export const DEFAULT_SMOOTHING: OneEuroParams = { minCutoff: 2.5, beta: 20, dCutoff: 2.5 };

function alpha(cutoff: number, dt: number): number {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
}

export class OneEuro {
  private x: number | undefined;
  private dx = 0;
  private t = 0;
  constructor(private readonly p: OneEuroParams) {}

  reset(): void {
    this.x = undefined;
    this.dx = 0;
  }

  filter(value: number, t: number): number {
    if (this.x === undefined || t <= this.t) {
      this.x = value;
      this.t = t;
      this.dx = 0;
      return value;
    }
    const dt = t - this.t;
    const rawDx = (value - this.x) / dt;
    this.dx = this.dx + alpha(this.p.dCutoff, dt) * (rawDx - this.dx);
    const cutoff = this.p.minCutoff + this.p.beta * Math.abs(this.dx);
    this.x = this.x + alpha(cutoff, dt) * (value - this.x);
    this.t = t;
    return this.x;
  }
}

/** A pose as a model gives it: keypoints [x, y, score] in pixels of the decoded frame. */
export interface RawPoseFrame {
  t: number;
  keypoints: Float32Array;
  score: number;
}

/** What smoothing needs to know of the pose model: its points, and when a point or a person counts as seen. */
export type SmoothingRule = Pick<PoseModelAdapter, "keypointNames" | "minKeypointScore" | "hasPerson">;

/**
 * Normalises to 0–1, smooths each coordinate over time (One Euro) and zeroes low-confidence
 * points, one frame at a time as they come. Smoothing restarts whenever a point goes missing, so
 * it never drags a point across a gap.
 */
export class PoseSmoother {
  private readonly fx: OneEuro[];
  private readonly fy: OneEuro[];
  /** Filter in units of the frame's longest side, so the speed term means the same for any shape. */
  private readonly side: number;

  constructor(
    private readonly rule: SmoothingRule,
    private readonly decoded: { width: number; height: number },
  ) {
    const k = rule.keypointNames.length;
    this.side = Math.max(decoded.width, decoded.height);
    this.fx = Array.from({ length: k }, () => new OneEuro(DEFAULT_SMOOTHING));
    this.fy = Array.from({ length: k }, () => new OneEuro(DEFAULT_SMOOTHING));
  }

  push(r: RawPoseFrame): PoseFrame {
    const { rule, decoded, side } = this;
    const k = rule.keypointNames.length;
    const present = rule.hasPerson(r);
    const kp: number[] = new Array(k * 3).fill(0);
    for (let i = 0; i < k; i++) {
      const s = r.keypoints[i * 3 + 2] ?? 0;
      if (!present || s < rule.minKeypointScore) {
        this.fx[i]?.reset();
        this.fy[i]?.reset();
        continue;
      }
      const x = (this.fx[i] as OneEuro).filter((r.keypoints[i * 3] ?? 0) / side, r.t) * side;
      const y = (this.fy[i] as OneEuro).filter((r.keypoints[i * 3 + 1] ?? 0) / side, r.t) * side;
      kp[i * 3] = roundTo(x / decoded.width, 5);
      kp[i * 3 + 1] = roundTo(y / decoded.height, 5);
      kp[i * 3 + 2] = roundTo(s, 3);
    }
    return { t: roundTo(r.t, 4), score: present ? roundTo(r.score, 3) : 0, keypoints: kp };
  }
}

/**
 * A whole track's raw poses smoothed (PoseSmoother). Every track goes through here: a video's poses
 * and measured keypoints (track-input.ts) alike; a live take frame by frame through PoseSmoother.
 */
export function smoothPoses(
  raw: ReadonlyArray<RawPoseFrame>,
  rule: SmoothingRule,
  decoded: { width: number; height: number },
): PoseFrame[] {
  const smoother = new PoseSmoother(rule, decoded);
  return raw.map((r) => smoother.push(r));
}
