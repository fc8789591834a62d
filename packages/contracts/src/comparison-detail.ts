import { z } from "zod";
import { comparisonSummary } from "./comparisons.ts";
import { VERDICTS } from "./constants.ts";

/**
 * GET /api/comparisons/{id}: a comparison with the engine's result. A stored result keeps the shape
 * of the engine that wrote it: a field a later engine added is null where it lacks it (judgments,
 * moves, counts, `sameness`, `danced`, the alignment's `confidence` and `clock`; a section's `moves`
 * absent), and the web app shows what there is.
 */

/** One move of the reference (usually two counts), judged on its own. */
export const moveResult = z.object({
  index: z.number().int(),
  /** In the reference video, seconds. */
  start_s: z.number(),
  end_s: z.number(),
  /** Where the move was matched in the user's video, seconds; null when it was not found. */
  user_start_s: z.number().nullable(),
  /** The counts it covers as a teacher says them ("1–2"), or "move 3" without a count. */
  count_label: z.string(),
  verdict: z.enum(VERDICTS),
  /** Signed: + late, − early; null when timing is unknown. */
  timing_ms: z.number().nullable(),
  /** 0–100: how close the body is to the reference at the matched moment. */
  shape: z.number(),
  /** Body part that matters most here ("right_arm"), null when nothing stands out. */
  focus: z.string().nullable(),
  /** One instruction sentence, null when there is nothing to correct. */
  cue: z.string().nullable(),
  /**
   * true: the dancer was hidden behind another dancer here (a group rehearsal), so the move was not
   * seen and is not judged: show it as not seen, not by its verdict (timing_ms null, no cue). Absent
   * on every other move, and on results stored before it existed.
   */
  hidden: z.boolean().optional(),
});
export type MoveResult = z.infer<typeof moveResult>;

/** How the reference was counted. */
export const countInfo = z.object({
  source: z.enum(["music", "movement", "none"]),
  bpm: z.number().nullable(),
  /** Reference times of count 1 of every eight, seconds. */
  downbeats: z.array(z.number()),
});
export type CountInfo = z.infer<typeof countInfo>;

export const jointFeedback = z.object({
  /** Degrees. */
  diff: z.number(),
  /** A complete sentence ("Raise your right arm higher, about 20°."): shown as it is. */
  feedback: z.string(),
});

export const comparisonSection = z.object({
  /** "8-count 2 · arms up, step": no times (the card shows them from timestamp and duration). */
  title: z.string(),
  /** The title's two halves ("8-count 2", "arms up, step"); absent where a result has only the title. */
  label: z.string().optional(),
  description: z.string().optional(),
  score: z.number(),
  overall_feedback: z.string(),
  /** Start in the reference video, seconds. */
  timestamp: z.number(),
  duration: z.number(),
  /** Start in the user's video, seconds. */
  user_timestamp: z.number().optional(),
  joint_feedback: z.record(z.string(), jointFeedback),
  categories: z.record(z.string(), z.number()).optional(),
  /** Indexes into results.moves, in order; absent where a result has no moves. */
  moves: z.array(z.number().int()).optional(),
});
export type ComparisonSection = z.infer<typeof comparisonSection>;

/**
 * Shape per limb along the user's video, for a skeleton coloured limb by limb (same rule as the
 * moves' shape): `scores[i][k]` is limb `limbs[k]` at user time `times[i]` (seconds, the analysis
 * frames), 0–100, null where unknown. Limbs are named as the user's own segments: left_upper_arm
 * (COCO 5–7), left_forearm (7–9), left_thigh (11–13), left_shin (13–15), the right ones alike, torso
 * (hips → shoulders), head (shoulders → nose), shoulders (6–5), hips (12–11).
 */
export const LIMB_NAMES = [
  "left_upper_arm",
  "right_upper_arm",
  "left_forearm",
  "right_forearm",
  "left_thigh",
  "right_thigh",
  "left_shin",
  "right_shin",
  "torso",
  "head",
  "shoulders",
  "hips",
] as const;
export type LimbName = (typeof LIMB_NAMES)[number];

export const limbScores = z.object({
  /** LIMB_NAMES today (the engine keeps its own copy; the server's detail test checks they agree). */
  limbs: z.array(z.string()),
  times: z.array(z.number()),
  scores: z.array(z.array(z.number().nullable())),
});
export type LimbScores = z.infer<typeof limbScores>;

/** Whether the user danced the reference's routine, as the engine decided it (see `sameness` below). */
export const SAMENESS_DECISIONS = ["same", "unsure", "not_same"] as const;
export type SamenessDecision = (typeof SAMENESS_DECISIONS)[number];

export const sameness = z.object({
  /**
   * "same": scored on shape and timing. "unsure": scored as if it were, and the overall feedback
   * says what is uncertain. "not_same": no claims (no timing, no joint feedback, every move a miss),
   * and the comparison's credit was given back.
   */
  decision: z.enum(SAMENESS_DECISIONS),
  /** 0–1: how sure the engine is that it is the same routine. */
  confidence: z.number(),
  /** Both videos carry the same music (it set the timing and was part of the evidence). */
  music: z.boolean(),
  /**
   * The engine had refused it ("not_same") and the dancer said it is this routine ("analyse it
   * anyway"): scored as "unsure". Absent otherwise.
   */
  dancer_call: z.literal(true).optional(),
});
export type Sameness = z.infer<typeof sameness>;

/** The part of the reference the user's video covers, when only part (reference seconds). */
export const dancedPart = z.object({
  start_s: z.number(),
  end_s: z.number(),
  /** The length of the routine (or of the practised part) it is a part of, seconds. */
  duration_s: z.number(),
});
export type DancedPart = z.infer<typeof dancedPart>;

/** The overall feedback as its parts: the verdict's headline and the details after it. */
export const overview = z.object({ headline: z.string(), details: z.string() });
export type Overview = z.infer<typeof overview>;

export const POSE_SOURCES = ["browser", "server"] as const;
export type PoseSource = (typeof POSE_SOURCES)[number];

export const comparisonResults = z.object({
  sections: z.array(comparisonSection),
  categories: z.record(z.string(), z.number()),
  /** The whole paragraph: overview.headline and overview.details joined. */
  overallFeedback: z.string(),
  overview,
  /** Joint key → a complete sentence. */
  jointSpecificFeedback: z.record(z.string(), z.string()),
  problematicJoints: z.array(z.string()),
  /** The two judgments the overall score is made of, 0–100; timing null when the routines differ. */
  scores: z.object({ shape: z.number(), timing: z.number().nullable() }).nullable(),
  /** False: the videos do not look like the same routine (no timing or joint claims then). */
  same_routine: z.boolean().nullable(),
  moves: z.array(moveResult).nullable(),
  counts: countInfo.nullable(),
  /** Null when the routines differ (no claims then); null or absent where a result was stored without it. */
  limb_scores: limbScores.nullable().optional(),
  /** The engine's decision on "is it the same routine?"; null or absent where a result was stored without it. */
  sameness: sameness.nullable().optional(),
  /** The part of the reference the user danced when only part; null for the whole routine (and where a result was stored without it). */
  danced: dancedPart.nullable().optional(),
  /**
   * The user's video is the reference's own recording (itself, a copy, its mirror image): shown, but
   * counted toward no achievement or leaderboard. Null or absent where it was not checked.
   */
  same_performance: z.boolean().nullable().optional(),
  /**
   * Which poses the result was computed from: "browser" (a dance-along take's live poses, checked
   * against frames the server estimated again: the quick result of a comparison still processing, or
   * a result stored before every result came from the server) or "server" (its own analysis of the
   * video). Null or absent for results stored before it was recorded.
   */
  pose_source: z.enum(POSE_SOURCES).nullable().optional(),
});
export type ComparisonResults = z.infer<typeof comparisonResults>;

export const ALIGNMENT_CLOCKS = ["music", "take", "beat", "free"] as const;
export type AlignmentClock = (typeof ALIGNMENT_CLOCKS)[number];

export const alignmentInfo = z.object({
  mirrored: z.boolean(),
  /** User seconds per reference second. */
  tempo_ratio: z.number(),
  offset_s: z.number(),
  sync_quality: z.number(),
  segment_duration: z.number(),
  /** [[user_t, ref_t], …], both increasing. */
  time_map: z.array(z.tuple([z.number(), z.number()])),
  coverage: z.number(),
  /** 0–1: how sure the engine is that it matched the same routine moment for moment. */
  confidence: z.number().nullable(),
  /**
   * What the dancer kept time with: "music" (the same song in both videos), "take" (recorded while
   * the reference played), "beat" (the reference's music), "free" (nothing: a silent reference, so
   * the pace is the dancer's own). Null or absent where a result was stored without it.
   */
  clock: z.enum(ALIGNMENT_CLOCKS).nullable().optional(),
});
export type AlignmentInfo = z.infer<typeof alignmentInfo>;

/** A pose track for the skeleton overlay: per frame [t, x0, y0, s0, …], x/y 0–1, s = 0 when missing. */
export const compactTrack = z.object({
  keypointNames: z.array(z.string()),
  fps: z.number(),
  frames: z.array(z.array(z.number())),
  /** Display size of the video, pixels (x and y are fractions of it); absent where a track was stored without it. */
  width: z.number().optional(),
  height: z.number().optional(),
});
export type CompactTrack = z.infer<typeof compactTrack>;

export const comparisonDetail = comparisonSummary.extend({
  completed_at: z.string().nullable(),
  /**
   * The result. While processing, a dance-along take's quick result when its live poses checked out
   * (pose_source "browser", its score the detail's overall_score): shown, counted nowhere, and replaced
   * by the server's analysis of the video when it completes (isQuickResult).
   */
  results: comparisonResults.nullable(),
  alignment_info: alignmentInfo.nullable(),
  tracks: z.object({ reference: compactTrack, user: compactTrack }).nullable(),
  aligned_videos: z.object({
    reference_url: z.string().nullable(),
    user_url: z.string().nullable(),
    sync_quality: z.number().nullable(),
    segment_duration: z.number().nullable(),
  }),
  reference_url: z.string().nullable(),
  user_url: z.string().nullable(),
});
export type ComparisonDetail = z.infer<typeof comparisonDetail>;

/** A comparison still being analysed that shows its quick result from the take's live poses meanwhile. */
export function isQuickResult(detail: Pick<ComparisonDetail, "status" | "results">): boolean {
  return detail.status === "processing" && detail.results !== null;
}
export const comparisonDetailResponse = z.object({ comparison: comparisonDetail });
