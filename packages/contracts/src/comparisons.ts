import { z } from "zod";

/** One pagination block for every paged list (server: http/paging.ts). */
export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  has_more: z.boolean(),
});

export const COMPARISON_STATUSES = ["processing", "completed", "failed"] as const;

/** Cards (library, history) show thumbnails and previews at 16:9 (Tailwind's aspect-video). */
export const CARD_ASPECT = 16 / 9;

/**
 * Where the person is in a video, for a card: a frame showing the whole body (`at`, seconds) and
 * the window of the frame to show at CARD_ASPECT (fractions of the frame; it reaches outside the
 * frame where a portrait video is shown in a landscape card).
 */
export const videoFraming = z.object({
  at: z.number(),
  crop: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
});
export type VideoFraming = z.infer<typeof videoFraming>;

/** A practised part of the reference (see PART_LIMITS below). */
export const comparisonPart = z.object({
  start_s: z.number(),
  end_s: z.number(),
  /** The comparison it was practised from; null once that one was deleted. */
  parent_id: z.number().int().nullable(),
  /** What the part is called where it was chosen: "counts 5–6", or a section's title. */
  label: z.string(),
});
export type ComparisonPart = z.infer<typeof comparisonPart>;

/**
 * How a finished comparison counts, as the server decided (its policy.ts countedAs): "yes" (stats,
 * averages, best scores, achievements, leaderboards); "other_routine" (refused as another routine: its
 * credit was given back); "own_recording" (the reference's own recording, mirrored or not);
 * "short_part" (a practised part shorter than PART_LIMITS.countedMinSeconds: practice). Only "yes"
 * counts anywhere; the others are shown, and say why.
 */
export const COUNTED = ["yes", "other_routine", "own_recording", "short_part"] as const;
export type Counted = (typeof COUNTED)[number];

/**
 * What became of the pose track a dance-along take was sent with (its live poses), decided before the
 * analysis runs: "used" (it checked out against the video: its comparison is the quick result shown
 * while the video is analysed); "sparse" (the device tracked too few poses a second to stand for the
 * video's analysis); "unused" (it did not fit the video closely enough, or the reference had no poses
 * yet). Whatever became of it, the stored result is the server's own analysis of the video.
 */
export const TAKE_TRACK_USES = ["used", "sparse", "unused"] as const;
export type TakeTrackUse = (typeof TAKE_TRACK_USES)[number];

/** A comparison as listed in history and recent activity. */
export const comparisonSummary = z.object({
  id: z.number().int(),
  activity_type: z.string(),
  status: z.enum(COMPARISON_STATUSES),
  /** Analysis progress 0–100 while processing. */
  progress: z.number().int(),
  /** Analysis attempts started: above 1 while processing, an interrupted analysis is being retried. */
  attempt: z.number().int(),
  /**
   * Seconds the running attempt has been analysing, as the server answers (null while queued and once
   * finished): with `progress`, the time left. Optional only so summaries built without it still type-check.
   */
  analysing_s: z.number().nullable().optional(),
  /** Why it failed, in words for the user. */
  error: z.string().nullable(),
  overall_score: z.number().nullable(),
  reference_title: z.string().nullable(),
  contributor_name: z.string().nullable(),
  thumbnail_path: z.string().nullable(),
  reference_video_path: z.string().nullable(),
  user_video_path: z.string().nullable(),
  /** The user's video framed for the card; null until analysed or when no person was framed. Always sent (optional only so summaries built without it still type-check). */
  user_framing: videoFraming.nullable().optional(),
  reference_video_id: z.number().int().nullable(),
  created_at: z.string(),
  /** False when the analysis found another routine (the result then counts nowhere); true otherwise. Optional only so summaries built without it still type-check. */
  same_routine: z.boolean().optional(),
  /**
   * The dancer's call: refused as another routine, then analysed anyway as this routine because its
   * owner said so (it then counts like any result). Optional only so summaries built without it still type-check.
   */
  dancer_call: z.boolean().optional(),
  /** True when the user's video is the reference's own recording (shown, counted nowhere); absent when not checked. */
  same_performance: z.boolean().optional(),
  /**
   * A dance-along take sent with its live poses: what became of them (TAKE_TRACK_USES), known
   * once its analysis starts; null without such a track. Optional only so summaries built without it still type-check.
   */
  take_track: z.enum(TAKE_TRACK_USES).nullable().optional(),
  /** How it counts (COUNTED), null until it completed. Always sent (optional only so summaries built without it still type-check). */
  counted: z.enum(COUNTED).nullable().optional(),
  /** "Practise this part": the span of the reference this comparison covers; null for the whole video. Always sent (optional only so summaries built without it still type-check). */
  part: comparisonPart.nullable().optional(),
});
export type ComparisonSummary = z.infer<typeof comparisonSummary>;

export const comparisonListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(12),
  activity_type: z.string().optional(),
});

export const comparisonListResponse = z.object({ comparisons: z.array(comparisonSummary), pagination });
export type ComparisonListResponse = z.infer<typeof comparisonListResponse>;
/** GET /api/dashboard/recent-comparisons: the latest few, newest first. */
export const recentComparisonsResponse = z.object({ comparisons: z.array(comparisonSummary) });
export type RecentComparisons = z.infer<typeof recentComparisonsResponse>;

/**
 * "Practise this part" (POST /api/videos/compare with reference_start_s, reference_end_s and
 * parent_comparison_id): one span of the reference, danced again and compared on its own. Times are
 * seconds in the reference, and the part's moves and sections say reference time too, so they line
 * up with the full result it came from.
 */
export const PART_LIMITS = {
  minSeconds: 1,
  maxSeconds: 60,
  maxLabelLength: 80,
  /**
   * A part shorter than this is practice and counts nowhere (COUNTED "short_part"): a move or two
   * scored 98 would top the leaderboard. 8 s is a phrase, four moves or more, the least the engine
   * tells apart from another routine's stretch on its own (@stepsync/motion compare.ts, PART_PHRASE).
   */
  countedMinSeconds: 8,
} as const;

export const PART_MESSAGES = {
  notANumber: "The part's start and end must be numbers of seconds",
  startBeforeEnd: "The part must start at 0 s or later and end after it starts",
  tooShort: `The part must be at least ${PART_LIMITS.minSeconds} s long`,
  tooLong: `The part can be at most ${PART_LIMITS.maxSeconds} s long`,
  pastEnd: (duration: number) => `The part ends after the reference video does (${Math.round(duration * 10) / 10} s)`,
  spanWithoutParent: "A part is practised from one of your comparisons: give its parent_comparison_id",
  parentNotCompleted: "Practise a part of a comparison once its analysis has finished",
  otherReference: "A part is compared against the same reference as the comparison it comes from",
  labelTooLong: `The part's label can be at most ${PART_LIMITS.maxLabelLength} characters`,
} as const;

/** POST /api/videos/compare (202): the comparison is queued; its id is polled for progress. */
export const startComparisonResponse = z.object({
  comparison_id: z.number().int(),
  status: z.literal("processing"),
  progress: z.number().int(),
  message: z.string(),
  reference_url: z.string().nullable(),
  user_url: z.string().nullable(),
});
export type StartComparisonResponse = z.infer<typeof startComparisonResponse>;

/**
 * POST /api/comparisons/:id/analyse-anyway (202): a result refused as another routine is analysed
 * again as the reference's routine, its owner's call, for one more credit. Asked again after the
 * call was taken, it answers the comparison as it is now and charges nothing (`charged` false).
 */
export const analyseAnywayResponse = z.object({
  comparison_id: z.number().int(),
  status: z.enum(COMPARISON_STATUSES),
  progress: z.number().int(),
  charged: z.boolean(),
  message: z.string(),
});
export type AnalyseAnywayResponse = z.infer<typeof analyseAnywayResponse>;

/** GET /api/comparisons/processing-status: the caller's comparisons still being analysed, newest first. */
export const processingStatusResponse = z.object({
  processing_comparisons: z.array(
    z.object({ id: z.number().int(), progress: z.number().int(), attempt: z.number().int(), created_at: z.string() }),
  ),
});
export type ProcessingStatus = z.infer<typeof processingStatusResponse>;

export const RECENT_TRENDS = ["Improving", "Stable", "Declining"] as const;
export const comparisonStatsResponse = z.object({
  total_comparisons: z.number().int(),
  best_score: z.number().nullable(),
  average_score: z.number().nullable(),
  recent_trend: z.enum(RECENT_TRENDS),
});
export type ComparisonStats = z.infer<typeof comparisonStatsResponse>;
