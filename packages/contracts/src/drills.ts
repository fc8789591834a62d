import { z } from "zod";
import { MAX_ROW_ID, rowId } from "./ids.ts";

/**
 * "Drill this move": one move of a library routine looped at half speed with
 * live verdicts until it scores Great (or better) DRILL.streak times in a row, then at full speed
 * until the same again: the move is mastered. Nothing is uploaded and no credit is spent; what the
 * dancer practised is kept in the routine's progress.
 *
 * POST /api/progress/drills stores one drill (a dialog's practice, sent when it closes or the move
 * is mastered); GET /api/progress/drills?reference_video_id= answers the user's drilled moves of
 * that routine, each move once with its practice summed.
 */
export const DRILL = {
  /** Passes in a row scoring Great or better that move the drill on (half speed → full → mastered). */
  streak: 3,
  /** The speeds a move is drilled at, in order. */
  speeds: [0.5, 1] as const,
  /** A move longer than this is a part, not a move (the longest counted move is a few seconds). */
  maxMoveS: 30,
  /** More passes than anyone dances in one sitting: a client's counting gone wrong. */
  maxPasses: 1000,
  maxLabel: 40,
} as const;

export const DRILL_MESSAGES = {
  videoId: "reference_video_id must be a library video's id",
  startS: "start_s must be a number of seconds, 0 or more",
  endS: "end_s must be after start_s",
  tooLong: `A drilled move is at most ${DRILL.maxMoveS} seconds long`,
  beyondVideo: "The move must lie inside the video",
  label: `count_label must be 1–${DRILL.maxLabel} characters`,
  passes: `Passes must be whole numbers from 0 to ${DRILL.maxPasses}`,
  noPass: "A drill needs at least one pass at half speed",
  streak: `A streak is a whole number from 0 to ${DRILL.streak}, and no more than the passes at its speed`,
  fullBeforeHalf: `Full speed comes after ${DRILL.streak} Great passes in a row at half speed`,
  masteredNeedsStreak: `A move is mastered after ${DRILL.streak} Great passes in a row at full speed`,
} as const;

const passes = z.number({ error: DRILL_MESSAGES.passes }).int(DRILL_MESSAGES.passes).min(0, DRILL_MESSAGES.passes);
const streak = z.number({ error: DRILL_MESSAGES.streak }).int(DRILL_MESSAGES.streak).min(0, DRILL_MESSAGES.streak);

export const drillRequest = z
  .object({
    reference_video_id: z
      .number({ error: DRILL_MESSAGES.videoId })
      .int(DRILL_MESSAGES.videoId)
      .positive(DRILL_MESSAGES.videoId)
      .max(MAX_ROW_ID, DRILL_MESSAGES.videoId),
    /** The move, seconds in the reference (as the result and the analysis say them). */
    start_s: z.number({ error: DRILL_MESSAGES.startS }).min(0, DRILL_MESSAGES.startS),
    end_s: z.number({ error: DRILL_MESSAGES.endS }),
    /** The move as the result names it ("5–6", "move 3"). */
    count_label: z
      .string({ error: DRILL_MESSAGES.label })
      .trim()
      .min(1, DRILL_MESSAGES.label)
      .max(DRILL.maxLabel, DRILL_MESSAGES.label),
    /** Passes danced (and judged) at half and at full speed. */
    passes_half: passes.max(DRILL.maxPasses, DRILL_MESSAGES.passes),
    passes_full: passes.max(DRILL.maxPasses, DRILL_MESSAGES.passes),
    /** The longest run of Great-or-better passes at each speed. */
    best_streak_half: streak.max(DRILL.streak, DRILL_MESSAGES.streak),
    best_streak_full: streak.max(DRILL.streak, DRILL_MESSAGES.streak),
    /** DRILL.streak Great passes in a row at full speed. */
    mastered: z.boolean({ error: "mastered must be true or false" }),
  })
  .strict()
  .superRefine((d, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (!(d.end_s > d.start_s)) fail(DRILL_MESSAGES.endS, "end_s");
    else if (d.end_s - d.start_s > DRILL.maxMoveS) fail(DRILL_MESSAGES.tooLong, "end_s");
    if (d.passes_half < 1) fail(DRILL_MESSAGES.noPass, "passes_half");
    if (d.best_streak_half > d.passes_half || d.best_streak_full > d.passes_full)
      fail(DRILL_MESSAGES.streak, "best_streak_half");
    if (d.passes_full > 0 && d.best_streak_half < DRILL.streak) fail(DRILL_MESSAGES.fullBeforeHalf, "passes_full");
    if (d.mastered && d.best_streak_full < DRILL.streak) fail(DRILL_MESSAGES.masteredNeedsStreak, "mastered");
  });
export type DrillRequest = z.infer<typeof drillRequest>;

export const drillQuery = z.object({
  // An id past what the database holds is no video's either (and never reaches the query).
  reference_video_id: rowId(DRILL_MESSAGES.videoId),
});

/** One drilled move of a routine: every drill of it by the user, summed. */
export const drilledMove = z.object({
  start_s: z.number(),
  end_s: z.number(),
  count_label: z.string(),
  /** Times it was drilled (dialogs practised). */
  drills: z.number().int(),
  passes_half: z.number().int(),
  passes_full: z.number().int(),
  best_streak_half: z.number().int(),
  best_streak_full: z.number().int(),
  /** Reached full speed in some drill (DRILL.streak Great in a row at half speed), danced there or not yet. */
  reached_full: z.boolean(),
  mastered: z.boolean(),
  last_drilled_at: z.string(),
});
export type DrilledMove = z.infer<typeof drilledMove>;

export const drillsResponse = z.object({
  reference_video_id: z.number().int(),
  /** In the routine's order. */
  moves: z.array(drilledMove),
});
export type DrillsResponse = z.infer<typeof drillsResponse>;

/** POST answers the move as now summed. */
export const drillSavedResponse = drilledMove;
