import { z } from "zod";
import { comparisonDetail, SAMENESS_DECISIONS } from "./comparison-detail.ts";
import { ACTIVITY_TYPES } from "./constants.ts";
import { MAX_ROW_ID, rowId } from "./ids.ts";
import { COMPARE_MESSAGES } from "./messages.ts";

/**
 * Rehearsals: a group's rehearsal filmed on one phone, every dancer found and compared with the
 * teacher's video (the reference), and how together the group danced, move by move.
 *
 * POST /api/rehearsals (multipart: group_video, reference_video_id?, style?, group_id?) → 202 {rehearsal_id}
 * GET /api/rehearsals → {rehearsals} (the ones I uploaded, newest first)
 * GET /api/groups/:id/rehearsals → {rehearsals} (the group's; members only, else 404)
 * GET /api/rehearsals/:id → {rehearsal} (its uploader, or a member of its group; else 404)
 * GET /api/rehearsals/:id/video → the rehearsal video (range requests)
 * GET /api/rehearsals/:id/thumbnail → a frame of it (JPEG), once analysed
 * GET /api/rehearsals/:id/dancers/:dancer_id → {dancer, result, reference, video_url}
 * PUT /api/rehearsals/:id/dancers/:dancer_id {user_id | null} (the group's organiser) → {rehearsal}
 * DELETE /api/rehearsals/:id (its uploader or the group's organiser) → {message}
 *
 * Credits: one is held when it starts (402 without one); once the dancers are found, one per dancer
 * in all (the held one is the first dancer's). A balance that cannot pay for every dancer fails it
 * with REHEARSAL_MESSAGES.notEnoughCredits and gives the held credit back; a failed analysis gives
 * it back as a comparison's does. Naming a dancer moves no credits.
 */

export const REHEARSAL_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type RehearsalStatus = (typeof REHEARSAL_STATUSES)[number];

export const REHEARSAL_LIMITS = {
  /** The engine follows at most this many dancers (the largest). */
  maxDancers: 10,
  /** Credits per dancer found (the one held at the start is the first dancer's). */
  creditsPerDancer: 1,
} as const;

/**
 * Each dancer's colour, by id (1 = the first), on boxes, lines and names: the Okabe–Ito palette
 * (Okabe & Ito 2008), told apart with every common colour-vision deficiency, in its order without
 * black first; white, grey and black for a ninth and tenth dancer and beyond.
 */
export const DANCER_COLOURS = [
  "#E69F00", // orange
  "#56B4E9", // sky blue
  "#009E73", // bluish green
  "#F0E442", // yellow
  "#0072B2", // blue
  "#D55E00", // vermillion
  "#CC79A7", // reddish purple
  "#FFFFFF", // white
  "#999999", // grey
  "#000000", // black
] as const;

/** Dancer `id`'s colour (ids from 1; past the palette it starts again). */
export function dancerColour(id: number): string {
  const i =
    (((Math.max(1, Math.round(id)) - 1) % DANCER_COLOURS.length) + DANCER_COLOURS.length) % DANCER_COLOURS.length;
  return DANCER_COLOURS[i] as string;
}

export const REHEARSAL_MESSAGES = {
  notFound: "Rehearsal not found",
  dancerNotFound: "Dancer not found",
  noVideo: "Please upload the rehearsal video",
  referenceRequired: "Choose the routine to compare with: a library video, or your group's routine",
  referenceNotAvailable: "That routine is not available",
  groupHasNoRoutine: "Your group has no routine yet: choose the routine to compare with",
  insufficientCredits: "Insufficient credits",
  started: "Rehearsal uploaded. Finding the dancers…",
  /** The ledger lines. */
  heldCharge: "Rehearsal (first dancer)",
  dancersCharge: (id: number, more: number) => `Rehearsal #${id}: ${more} more ${more === 1 ? "dancer" : "dancers"}`,
  refund: (id: number) => `Refund: rehearsal #${id} could not be completed`,
  deletedRefund: (id: number) => `Refund: rehearsal #${id} was deleted before its analysis finished`,
  /** The balance did not cover every dancer found: failed, the held credit back. */
  notEnoughCredits: (dancers: number, balance: number) =>
    `This rehearsal shows ${dancers} dancers: it needs ${dancers} credits, one per dancer, and you had ${balance + 1}. ` +
    "Your credit has been refunded; add credits and upload it again.",
  /** The engine's reason the video could not be analysed (e.g. no dancer found), with the refund. */
  refunded: (reason: string) => `${reason} Your credit has been refunded.`,
  analysisFailed: "We could not analyse this rehearsal. Your credit has been refunded; please try again.",
  interrupted: "The analysis was interrupted too many times. Your credit has been refunded; please try again.",
  videoGone: "One of the videos is no longer available.",
  /** A dancer the engine found dancing another routine: no score. */
  otherRoutine: "Seems to be dancing another routine: no score",
  organiserOnly: "Only the group's organiser can name the dancers.",
  deleteNotAllowed: "Only the person who uploaded this rehearsal or the group's organiser can delete it.",
  notAMember: "Only a member of the group can be named",
  notYetAnalysed: "The dancers can be named once the analysis is done",
  notInAGroup: "Only a group's rehearsal can have its dancers named",
  deleted: "Rehearsal deleted",
  deletedWhileRunning: "Rehearsal deleted. Its analysis had not finished, so your credit has been refunded.",
} as const;

// Requests ----------------------------------------------------------------------------------------

/** POST /api/rehearsals' text fields (the file part is group_video). */
export const rehearsalUploadFields = z.object({
  reference_video_id: rowId(REHEARSAL_MESSAGES.referenceNotAvailable).optional(),
  style: z.enum(ACTIVITY_TYPES, { error: COMPARE_MESSAGES.unknownStyle }).optional(),
  group_id: rowId(REHEARSAL_MESSAGES.notFound).optional(),
});
export type RehearsalUploadFields = z.infer<typeof rehearsalUploadFields>;

/** PUT /api/rehearsals/:id/dancers/:dancer_id: name the dancer as a member, or null for nobody. */
export const tagDancerRequest = z.object({
  user_id: z
    .number({ error: REHEARSAL_MESSAGES.notAMember })
    .int({ error: REHEARSAL_MESSAGES.notAMember })
    .positive({ error: REHEARSAL_MESSAGES.notAMember })
    .max(MAX_ROW_ID, { error: REHEARSAL_MESSAGES.notAMember })
    .nullable(),
});
export type TagDancerRequest = z.infer<typeof tagDancerRequest>;

// Responses ---------------------------------------------------------------------------------------

export const startRehearsalResponse = z.object({ rehearsal_id: z.number().int() });
export type StartRehearsalResponse = z.infer<typeof startRehearsalResponse>;

export const rehearsalSummary = z.object({
  id: z.number().int(),
  status: z.enum(REHEARSAL_STATUSES),
  /** 0–100. */
  progress: z.number().int(),
  group_id: z.number().int().nullable(),
  reference: z.object({ id: z.number().int().nullable(), title: z.string() }),
  /** Null until the dancers are found. */
  dancer_count: z.number().int().nullable(),
  /** The group's sync 0–100; null until completed, or with fewer than two dancers of the routine. */
  sync_score: z.number().nullable(),
  credits_charged: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export type RehearsalSummary = z.infer<typeof rehearsalSummary>;

/** [t_s, x0, y0, x1, y1]: a dancer's box in one analysed frame, 0–1 of the frame. */
export const dancerBox = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
export type DancerBox = z.infer<typeof dancerBox>;

export const rehearsalDancer = z.object({
  /** 1…n from left to right (the engine's dancer id). */
  id: z.number().int(),
  /** dancerColour(id). */
  colour: z.string(),
  /** Mean centre, 0–1 of the width. */
  x: z.number(),
  /** Null when the dancer is doing another routine (decision "not_same"): REHEARSAL_MESSAGES.otherRoutine. */
  overall_score: z.number().nullable(),
  scores: z.object({ shape: z.number().nullable(), timing: z.number().nullable() }),
  decision: z.enum(SAMENESS_DECISIONS),
  /** Mean lateness in seconds, + late (against RehearsalSync.lateness_against); null when unknown. */
  offset_s: z.number().nullable(),
  /** Share of the analysed frames they were seen in. */
  seen_share: z.number(),
  /** The member the organiser named (first name), or null. */
  member: z.object({ user_id: z.number().int(), name: z.string() }).nullable(),
  /** The named member's comparison (in their history and on the group's board). */
  comparison_id: z.number().int().nullable(),
  boxes: z.array(dancerBox),
});
export type RehearsalDancer = z.infer<typeof rehearsalDancer>;

export const rehearsalMoveSync = z.object({
  index: z.number().int(),
  start_s: z.number(),
  end_s: z.number(),
  count_label: z.string(),
  /** Latest minus earliest hit, ms; null when fewer than two dancers hit it. */
  spread_ms: z.number().nullable(),
  shape_agreement: z.number().nullable(),
  sync: z.number().nullable(),
  falls_apart: z.boolean(),
  /** Per dancer: ms after the group's middle, + late; null when not found or not this routine. */
  dancers: z.array(z.object({ id: z.number().int(), ms: z.number().nullable() })),
});
export type RehearsalMoveSync = z.infer<typeof rehearsalMoveSync>;

export const rehearsalSync = z.object({
  /** 0–100; null when no move was hit by two dancers of the routine (one dancer alone). */
  sync_score: z.number().nullable(),
  /** Median over moves of the spread of the dancers' timing, ms; null as sync_score. */
  spread_ms: z.number().nullable(),
  lateness_against: z.enum(["teacher", "group"]),
  moves: z.array(rehearsalMoveSync),
});
export type RehearsalSync = z.infer<typeof rehearsalSync>;

export const rehearsal = rehearsalSummary.extend({
  /** Why it failed, for the user. */
  error: z.string().nullable(),
  video_url: z.string(),
  video: z.object({ width: z.number(), height: z.number(), duration: z.number() }).nullable(),
  reference: z.object({
    id: z.number().int().nullable(),
    title: z.string(),
    video_url: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
  }),
  /** The viewer is the group's organiser: may name the dancers. */
  can_tag: z.boolean(),
  /** The viewer may delete it (its uploader or the group's organiser). */
  can_delete: z.boolean(),
  /** The group's members (first names) when can_tag, else []. */
  members: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  /** Left to right; [] until completed. */
  dancers: z.array(rehearsalDancer),
  sync: rehearsalSync.nullable(),
  /** Seconds the running attempt has analysed (null while queued or finished), as comparisons' analysing_s. */
  analysing_s: z.number().nullable(),
  /** Seconds of analysis left, from progress and analysing_s; null while too early to tell or not running. */
  time_left_s: z.number().nullable(),
});
export type Rehearsal = z.infer<typeof rehearsal>;

export const rehearsalListResponse = z.object({ rehearsals: z.array(rehearsalSummary) });
export type RehearsalListResponse = z.infer<typeof rehearsalListResponse>;

export const rehearsalResponse = z.object({ rehearsal });
export type RehearsalResponse = z.infer<typeof rehearsalResponse>;

/**
 * One dancer's whole result, shaped as GET /api/comparisons/:id answers (`result.id` is the named
 * member's comparison, or 0 when nobody is named; its user_url is the rehearsal video and its user
 * track this dancer's poses in it).
 */
export const rehearsalDancerResponse = z.object({
  dancer: rehearsalDancer,
  result: comparisonDetail,
  reference: z.object({ id: z.number().int().nullable(), title: z.string(), video_url: z.string().nullable() }),
  video_url: z.string(),
});
export type RehearsalDancerResponse = z.infer<typeof rehearsalDancerResponse>;
