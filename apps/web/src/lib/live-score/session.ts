// One dance-along take scored live: the browser's MoveNet outputs, on the take's clock, made into
// the analysis frames the server would have (TakeFrames) and judged move by move by the engine's
// own LiveScorer (@stepsync/motion/live). Plain code: the scoring worker runs it off the page's
// thread; where no worker exists it runs in place.
import {
  type CompactTrack,
  compactTrack,
  type LiveMove,
  type LiveReference,
  type LiveScore,
  LiveScorer,
  liveReference,
  MOVENET_RULE,
  movenetPose,
  type PoseFrame,
  type ReferenceAnalysis,
  type ReferenceWindow,
  TakeFrames,
} from "@stepsync/motion/live";

/** One MoveNet output of a camera frame: the whole frame letterboxed (see browser-pose/movenet.ts). */
export interface LivePoseInput {
  raw: Float32Array;
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
  private frames: TakeFrames | null = null;
  private kept: PoseFrame[] = [];
  private scorer: LiveScorer | null = null;
  /** Poses before the take's offset is known: judged once it is. */
  private early: PoseFrame[] = [];
  private size = { width: 0, height: 0 };

  constructor(analysis: ReferenceAnalysis, window?: ReferenceWindow) {
    // The costly part (the reference's features) is done here, before the count-in.
    this.reference = liveReference(analysis, window);
  }

  /** A new take starts (its clock at 0). */
  begin(): void {
    this.frames = null;
    this.kept = [];
    this.scorer = null;
    this.early = [];
  }

  /**
   * Where the reference's start played in the take (take seconds): judging starts, at the pace of
   * a reference played at `rate` (a drill at half speed: 0.5).
   */
  offset(takeOffset: number, rate = 1): LiveUpdate {
    if (this.scorer || !this.size.width) return { moves: [], score: null, limbs: null };
    this.scorer = new LiveScorer(this.reference, { takeOffset, rate, ...this.size });
    const moves = this.early.flatMap((f) => (this.scorer as LiveScorer).push(f));
    this.early = [];
    return this.update(moves);
  }

  pose({ raw, width, height, t }: LivePoseInput): LiveUpdate {
    if (!this.frames) {
      this.size = { width, height };
      this.frames = new TakeFrames(this.reference.track.fps, { rule: MOVENET_RULE, width, height });
    }
    const made = this.frames.push(movenetPose(raw, this.size, t));
    this.kept.push(...made);
    if (!this.scorer) {
      this.early.push(...made);
      return { moves: [], score: null, limbs: null };
    }
    const scorer = this.scorer;
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
    return { moves, score: this.scorer?.score() ?? null, track };
  }

  private update(moves: LiveMove[]): LiveUpdate {
    const scorer = this.scorer as LiveScorer;
    return { moves, score: scorer.score(), limbs: scorer.limbs()?.scores ?? null };
  }
}
