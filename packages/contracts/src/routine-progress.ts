import { z } from "zod";

/**
 * GET /api/comparisons/{id}/progress: against a library reference the user has
 * danced before, their earlier scores on it and the change since the last time, overall and per
 * section. Deltas are in whole points between the scores as shown (each rounded first), so "+6"
 * is always the difference of the two percentages on screen.
 */

/** One section's score in a result, with where it starts in the reference (for lining attempts up). */
export const routineSectionScore = z.object({
  title: z.string(),
  /** The title's two halves, when the result has them: see comparisonSection. */
  label: z.string().optional(),
  description: z.string().optional(),
  /** Start in the reference video, seconds. */
  timestamp: z.number(),
  score: z.number(),
});
export type RoutineSectionScore = z.infer<typeof routineSectionScore>;

/** An earlier completed comparison of the same user against the same library video. */
export const routineAttempt = z.object({
  comparison_id: z.number().int(),
  created_at: z.string(),
  overall_score: z.number(),
  sections: z.array(routineSectionScore),
  /** Against the attempt before it; null for the first one. */
  delta: z.number().int().nullable(),
});
export type RoutineAttempt = z.infer<typeof routineAttempt>;

/** This result against the latest earlier attempt. */
export const routineSinceLast = z.object({
  /** The earlier attempt compared with, and when it was danced. */
  comparison_id: z.number().int(),
  created_at: z.string(),
  /** Overall: this result's score, the earlier one's, and the change. */
  score: z.number(),
  previous_score: z.number(),
  delta: z.number().int(),
  /** This result's sections in its order, each with the same section's earlier score (null: not in that result). */
  sections: z.array(
    routineSectionScore.extend({
      previous_score: z.number().nullable(),
      delta: z.number().int().nullable(),
    }),
  ),
});
export type RoutineSinceLast = z.infer<typeof routineSinceLast>;

export const routineProgressResponse = z.object({
  comparison_id: z.number().int(),
  /** The library video danced; null for an uploaded reference (no progress is kept on those). */
  reference_video_id: z.number().int().nullable(),
  /** Earlier completed attempts on it, newest first (at most ROUTINE_PROGRESS_LIMIT). */
  earlier: z.array(routineAttempt),
  /** Null when there is no earlier attempt (first time) or this result has no score yet. */
  since_last: routineSinceLast.nullable(),
});
export type RoutineProgress = z.infer<typeof routineProgressResponse>;

/** How many earlier attempts the progress answer lists. */
export const ROUTINE_PROGRESS_LIMIT = 50;
