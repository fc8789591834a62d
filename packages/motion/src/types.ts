import type { Overview, Verdict } from "@stepsync/contracts";
import type { Clock } from "./align/timing.ts";
import type { PoseModelName } from "./pose/model-names.ts";

/** One analysed frame of a pose track. */
export interface PoseFrame {
  /** Seconds from the start of the video. */
  t: number;
  /** Whole-pose confidence 0–1 (0 when no person was found in the frame). */
  score: number;
  /**
   * Flat [x, y, score] per keypoint (order: PoseTrack.keypointNames). x and y are normalised to
   * the display frame (0–1, after rotation). A point is missing when its score is 0: points the
   * model was unsure about (below PoseTrack.minScore) are zeroed, never guessed.
   */
  keypoints: number[];
}

/** The music of a video: its beats, found in the audio track (see audio/). */
export interface AudioBeats {
  /** Beats per minute of the music's pulse. */
  bpm: number;
  /** Beat times, seconds from the start of the video, increasing. */
  beats: number[];
  /** 0–1: how clearly the audio carries a steady beat (low for speech, noise, silence). */
  confidence: number;
  /** Onset strength envelope (0–1) at `rate` values per second, for lining up two recordings of one song. */
  onset: { rate: number; values: number[] };
  /** The analysis that found them (audio/index.ts AUDIO_ANALYSIS_VERSION); absent: an older one. */
  version?: number;
}

/** The poses of one video: serialisable JSON, computed once and reusable (cache it). */
export interface PoseTrack {
  version: 1;
  /** The pose model that estimated it, or "measured" for keypoints given as they are (track-input.ts). */
  model: PoseModelName | "measured";
  keypointNames: string[];
  /** Analysis frame rate (frames per second). */
  fps: number;
  /** Display size of the source video (after rotation). */
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** Confidence below which a keypoint was marked missing. */
  minScore: number;
  frames: PoseFrame[];
  /** The sound track's beats (check `confidence`: speech and noise have none worth counting); null without audio. */
  audio: AudioBeats | null;
}

/** One section of the reference: where the movement changes, a few seconds long. */
export interface SectionResult {
  /** "8-count 2 · arms up, step": label and description together (what older results carry alone). */
  title: string;
  /** Which section: "8-count 2" on counted music, else "Part 3". */
  label: string;
  /** What happens in it, in a dancer's words: "arms up, step". */
  description: string;
  /** 0–100. */
  score: number;
  overall_feedback: string;
  /** Start in the reference video, seconds. */
  timestamp: number;
  /** Seconds. */
  duration: number;
  /** Only when the rounded score is below 90, and only joints whose diff is above 20 (degrees). */
  joint_feedback: Record<string, { diff: number; feedback: string }>;
  /** Scores of the style's four categories in this section. */
  categories: Record<string, number>;
  /** Where this section starts in the user's video, seconds (for jump-to in the user player). */
  user_timestamp: number;
  /** Indexes (into ComparisonResult.moves) of the moves this section is made of, in order. */
  moves: number[];
}

/** Verdict per move, best first (as in dance games: Perfect … Miss): the contracts' list. */
export type { Overview, Verdict };

/** One move of the reference (usually two counts), judged on its own. */
export interface MoveResult {
  index: number;
  /** In the reference video, seconds. */
  start_s: number;
  end_s: number;
  /** Where the move was matched in the user's video, seconds (null when it was not found). */
  user_start_s: number | null;
  /** The counts it covers, as a teacher says them: "1–2", "5–6", "7–8" (or "move 3" without a count). */
  count_label: string;
  verdict: Verdict;
  /** Signed: + late, − early, against the reference's own time (null: not found, a hold, or not the same routine). */
  timing_ms: number | null;
  /** 0–100: how close the body is to the reference at the matched moment. */
  shape: number;
  /** The body part that matters most here (e.g. "right_arm"), null when nothing stands out. */
  focus: string | null;
  /** One instruction for this move, null when there is nothing to correct. */
  cue: string | null;
  /**
   * The dancer was hidden behind another dancer here (a group video): the move was not seen, so it
   * is not judged — its verdict is not to be shown, timing_ms is null and it has no cue. Absent otherwise.
   */
  hidden?: true;
}

/** How the reference was counted. */
export interface CountInfo {
  /** "music": beats found in the audio; "movement": a pulse found in the movement; "none": cut where the movement changes. */
  source: "music" | "movement" | "none";
  /** Beats per minute of the count, when there is one. */
  bpm: number | null;
  /** Reference times of count 1 of every eight, seconds. */
  downbeats: number[];
}

export interface AlignmentInfo {
  /** The user performed the reference mirror-wise (left ↔ right); scores compare the mirrored pose. */
  mirrored: boolean;
  /** User seconds per reference second over the matched part (1.25 = the user is 25% slower). */
  tempo_ratio: number;
  /** user_t ≈ offset_s + tempo_ratio × ref_t (seconds; positive = the user starts later). */
  offset_s: number;
  /** 0–1: how steady the timing relation is (1 = a constant tempo and offset throughout). */
  sync_quality: number;
  /** Typical section length, seconds. */
  segment_duration: number;
  /** [[user_t, ref_t], …] along the warping path, downsampled, both increasing. */
  time_map: Array<[number, number]>;
  /** Part of the reference (0–1) the user's video covers. */
  coverage: number;
  /** 0–1: how sure the engine is that it matched the same routine moment for moment. */
  confidence: number;
  /**
   * What the dancer kept time with: "music" (the same song in both videos), "take" (recorded while
   * the reference played), "beat" (the reference's music), "free" (nothing: the pace is their own).
   */
  clock: Clock;
}

/** Compact tracks for a skeleton overlay: per frame [t, x0, y0, s0, x1, y1, s1, …] rounded. */
export interface CompactTrack {
  keypointNames: string[];
  fps: number;
  frames: number[][];
  /** Display size of the video (pixels): x and y are fractions of these, so a pose keeps its proportions. */
  width: number;
  height: number;
  /**
   * A take's track from a browser: how many poses a second it estimated while recording (its frames
   * are blended from the poses either side of each tick); absent, every frame is a pose of its own.
   */
  posesPerSecond?: number;
}

/**
 * Shape per limb along the user's video (score/limbs.ts), for a skeleton coloured limb by limb:
 * `scores[i][k]` is limb `limbs[k]` at user time `times[i]` (the analysis frames), 0–100, null where
 * unknown (not visible, or no move matched there). Limbs are named as the user's own (COCO keypoints:
 * left_upper_arm 5–7, left_forearm 7–9, left_thigh 11–13, left_shin 13–15, the right ones alike,
 * torso hips→shoulders, head shoulders→nose, shoulders 6–5, hips 12–11).
 */
export interface LimbScores {
  limbs: string[];
  times: number[];
  scores: Array<Array<number | null>>;
}

export interface ComparisonResult {
  /** 0–100 (one decimal): shape and timing combined (see score/overall.ts). */
  overall_score: number;
  /** The two judgments the overall score is made of, 0–100; timing is null when the routines do not match (or the reference only holds still). */
  scores: { shape: number; timing: number | null };
  /** False when the two videos do not look like the same routine: then no timing, tempo or joint claims. */
  same_routine: boolean;
  /**
   * Whether the user danced the reference's routine: "same" (scored), "unsure" (scored, and the
   * feedback says what is uncertain) or "not_same" (no claims; the overall score stays below 35).
   * `music`: both videos carry the same music, which set the timing and was part of the evidence.
   * `dancer_call`: the evidence said "not the same", the dancer said it is this routine, so it was
   * scored as "unsure" (CompareOptions.dancerCall); absent otherwise.
   */
  sameness: { decision: "same" | "unsure" | "not_same"; confidence: number; music: boolean; dancer_call?: true };
  /**
   * The part of the reference the user's video covers, when it covers only part of it (the user
   * started later or stopped earlier): the result judges that part only, and says so. Null when the
   * whole routine (or the whole practised part) is in the user's video. Reference seconds.
   */
  danced: { start_s: number; end_s: number; duration_s: number } | null;
  moves: MoveResult[];
  counts: CountInfo;
  style: string;
  /** The chosen style's four categories, 0–100 each. */
  categories: Record<string, number>;
  sections: SectionResult[];
  /** overview.headline and overview.details joined: the spec's one paragraph. */
  overallFeedback: string;
  overview: Overview;
  jointSpecificFeedback: Record<string, string>;
  problematicJoints: string[];
  alignment: AlignmentInfo;
  /** Per-joint mean absolute angle difference over the matched frames, degrees. */
  joint_differences: Record<string, number>;
  /** Per-frame pose score along the reference: [[ref_t, score 0–100], …], at most 240 points. */
  timeline: Array<[number, number]>;
  /** Per-limb shape along the user's video; null when not the same routine (no claims then). */
  limb_scores: LimbScores | null;
  tracks: { reference: CompactTrack; user: CompactTrack };
  model: string;
  engine_version: string;
}
