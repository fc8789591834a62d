import type { PoseModelName } from "./pose/models.ts";

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

/** The poses of one video: serialisable JSON, computed once and reusable (cache it). */
export interface PoseTrack {
  version: 1;
  model: PoseModelName;
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
}

/** One section of the reference: where the movement changes, a few seconds long. */
export interface SectionResult {
  title: string;
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
}

/** Compact tracks for a skeleton overlay: per frame [t, x0, y0, s0, x1, y1, s1, …] rounded. */
export interface CompactTrack {
  keypointNames: string[];
  fps: number;
  frames: number[][];
}

export interface ComparisonResult {
  /** 0–100 (one decimal). */
  overall_score: number;
  style: string;
  /** The chosen style's four categories, 0–100 each. */
  categories: Record<string, number>;
  sections: SectionResult[];
  overallFeedback: string;
  jointSpecificFeedback: Record<string, string>;
  problematicJoints: string[];
  alignment: AlignmentInfo;
  /** Per-joint mean absolute angle difference over the matched frames, degrees. */
  joint_differences: Record<string, number>;
  /** Per-frame pose score along the reference: [[ref_t, score 0–100], …], at most 240 points. */
  timeline: Array<[number, number]>;
  tracks: { reference: CompactTrack; user: CompactTrack };
  model: string;
  engine_version: string;
}
