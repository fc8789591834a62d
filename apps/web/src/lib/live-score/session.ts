// One dance-along take scored live: the browser's MoveNet poses, on the take's clock, made into
// the analysis frames the server would have (TakeFrames, sent with the take) and, read as often as
// the poses arrive (takeReadingRate), judged move by move by the engine's own LiveScorer
// (@stepsync/motion/live). Plain code: the scoring worker runs it off the page's thread; where no
// worker exists it runs in place.
import {
  type CompactTrack,
  compactTrack,
  type LiveMove,
  type LiveReference,
  type LiveScore,
  LiveScorer,
  liveReference,
  MOVENET_RULE,
  type PoseFrame,
  type ReferenceAnalysis,
  type ReferenceWindow,
  type RawPoseFrame,
  TakeFrames,
  takeReadingRate,
} from "@stepsync/motion/live";

/** The pose rate is measured over this much of the take before the reference plays (the count-in), seconds. */
const RATE_WINDOW_S = 2;

/** One camera frame's MoveNet pose (browser-pose/live-pose.ts). */
export interface LivePoseInput {
  /** [x, y, score] × 17 in the frame's pixels. */
  keypoints: Float32Array;
  /** MoveNet's mean keypoint score. */
  score: number;
  /** The camera frame's size, pixels (un-mirrored). */
  width: number;
  height: number;
  /** Take seconds at which the frame was taken. */
  t: number;
}

/** What changed with a pose: the moves it completed, the running score, the limbs now. */
export interface LiveUpdate {
  moves: LiveMove[];
  score: LiveScore | null;
  /** Limb name → 0–100 (null: unknown), for colouring the skeleton; null when unknown. */
  limbs: Record<string, number | null> | null;
}

/** What a take leaves when it ends: every verdict, the final live score, and its poses for the server. */
export interface LiveTakeResult {
  moves: LiveMove[];
  score: LiveScore | null;
  /** The take's analysis frames (the reference's rate), null when none arrived. */
  track: CompactTrack | null;
}

export class LiveTakeSession {
  private readonly reference: LiveReference;
  /** The analysis frames the server reads (the reference's rate): kept and sent with the take. */
  private frames: TakeFrames | null = null;
  private kept: PoseFrame[] = [];
  /** How many poses the take brought, and when the first and last were taken (take seconds). */
  private poses = { count: 0, first: 0, last: 0 };
  /** The frames the scorer reads (takeReadingRate), from the take's offset on. */
  private live: TakeFrames | null = null;
  private scorer: LiveScorer | null = null;
  /** Poses before the take's offset is known: their rate sets the scorer's, and they are judged once it is. */
  private early: RawPoseFrame[] = [];
  private size = { width: 0, height: 0 };

  constructor(analysis: ReferenceAnalysis, window?: ReferenceWindow) {
    // The costly part (the reference's features) is done here, before the count-in.
    this.reference = liveReference(analysis, window);
  }

  /** A new take starts (its clock at 0). */
  begin(): void {
    this.frames = null;
    this.kept = [];
    this.poses = { count: 0, first: 0, last: 0 };
    this.live = null;
    this.scorer = null;
    this.early = [];
  }

  /**
   * Where the reference's start played in the take (take seconds): judging starts, at the pace of
   * a reference played at `rate` (a drill at half speed: 0.5).
   */
  offset(takeOffset: number, rate = 1): LiveUpdate {
    if (this.scorer || !this.size.width) return { moves: [], score: null, limbs: null };
    const fps = takeReadingRate(this.reference.track.fps, posesPerSecond(this.early));
    const live = new TakeFrames(fps, { rule: MOVENET_RULE, ...this.size });
    const scorer = new LiveScorer(this.reference, { takeOffset, rate, fps, ...this.size });
    this.live = live;
    this.scorer = scorer;
    const moves = this.early.flatMap((p) => live.push(p).flatMap((f) => scorer.push(f)));
    this.early = [];
    return this.update(moves);
  }

  pose({ keypoints, score, width, height, t }: LivePoseInput): LiveUpdate {
    if (!this.frames) {
      this.size = { width, height };
      this.frames = new TakeFrames(this.reference.track.fps, { rule: MOVENET_RULE, width, height });
    }
    const pose = { t, keypoints, score };
    this.kept.push(...this.frames.push(pose));
    if (this.poses.count++ === 0) this.poses.first = t;
    this.poses.last = t;
    if (!this.scorer || !this.live) {
      this.early.push(pose);
      return { moves: [], score: null, limbs: null };
    }
    const scorer = this.scorer;
    const made = this.live.push(pose);
    // Between analysis frames nothing changes.
    return made.length ? this.update(made.flatMap((f) => scorer.push(f))) : { moves: [], score: null, limbs: null };
  }

  /** The take ended: the moves it started are judged with what there is of them. */
  finish(): LiveTakeResult {
    this.scorer?.finish();
    const moves = [...(this.scorer?.moves ?? [])];
    const { fps } = this.reference.track;
    const track = this.kept.length
      ? compactTrack({
          ...this.reference.track,
          model: "measured",
          ...this.size,
          duration: this.kept.length / fps,
          frames: this.kept,
          audio: null,
        })
      : null;
    // How often poses came: the server times moves by the frames only when they were frequent enough.
    const { count, first, last } = this.poses;
    if (track && count > 1 && last > first)
      track.posesPerSecond = Math.round(((count - 1) / (last - first)) * 100) / 100;
    return { moves, score: this.scorer?.score() ?? null, track };
  }

  private update(moves: LiveMove[]): LiveUpdate {
    const scorer = this.scorer as LiveScorer;
    return { moves, score: scorer.score(), limbs: scorer.limbs()?.scores ?? null };
  }
}

/** How many poses a second arrived over the last RATE_WINDOW_S of them (0 with fewer than two). */
function posesPerSecond(poses: readonly RawPoseFrame[]): number {
  const last = poses[poses.length - 1];
  if (!last) return 0;
  const recent = poses.filter((p) => p.t >= last.t - RATE_WINDOW_S);
  const first = recent[0] as RawPoseFrame;
  return recent.length > 1 && last.t > first.t ? (recent.length - 1) / (last.t - first.t) : 0;
}
