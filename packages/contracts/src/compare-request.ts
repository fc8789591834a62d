import { z } from "zod";
import { ACTIVITY_TYPES } from "./constants.ts";
import { rowId } from "./ids.ts";
import { COMPARE_MESSAGES } from "./messages.ts";

/**
 * A take recorded in the app while the reference played ("dance along"): the recording and the
 * reference started together, so the take's clock is known. `take_offset_s` says where the
 * reference's start (for "Practise this part", the part's start) plays in the take, in seconds of
 * the take, as the recording dialog measured it (normally a fraction of a second: the time the
 * reference took to start playing). With it the analysis judges lateness against that clock and at
 * the reference's pace, instead of aligning a late or early take away. Only a take recorded with
 * dance along on carries it; a file from disk or a plain recording does not.
 */
export const TAKE_OFFSET_LIMITS = { maxSeconds: 10 } as const;

export const TAKE_MESSAGES = {
  offset: `The take's offset must be a number of seconds from 0 to ${TAKE_OFFSET_LIMITS.maxSeconds}`,
} as const;

/** A form field's text: a plain decimal number of seconds (no sign, no exponent), 0 to the limit. */
export const takeOffsetSeconds = z
  .string({ error: TAKE_MESSAGES.offset })
  .trim()
  .regex(/^(\d+(\.\d*)?|\.\d+)$/, { error: TAKE_MESSAGES.offset })
  .transform(Number)
  .pipe(z.number().max(TAKE_OFFSET_LIMITS.maxSeconds, { error: TAKE_MESSAGES.offset }));

/**
 * POST /api/videos/compare: the form's text fields (multipart; every field arrives as text). The
 * videos come beside them as the files `reference_video` and `user_video`, or as earlier uploads
 * and library videos by id. The part's fields are checked by the server (videos/part.ts), which
 * needs the reference's length and the parent comparison for its own error texts.
 */
export const compareRequestFields = z.object({
  activity_type: z.enum(ACTIVITY_TYPES, { error: COMPARE_MESSAGES.unknownStyle }).default("contemporary"),
  reference_video_id: rowId(COMPARE_MESSAGES.referenceNotFound).optional(),
  user_video_id: rowId(COMPARE_MESSAGES.videoNotFound).optional(),
  // "Practise this part" (see PART_LIMITS).
  reference_start_s: z.string().optional(),
  reference_end_s: z.string().optional(),
  parent_comparison_id: z.string().optional(),
  part_label: z.string().optional(),
  /** Dance along: where the reference's (or the part's) start plays in the take, seconds (see above). */
  take_offset_s: takeOffsetSeconds.optional(),
});
export type CompareRequestFields = z.infer<typeof compareRequestFields>;
/** The form as the client writes it: every field as text. */
export type CompareRequestForm = { [K in keyof z.input<typeof compareRequestFields>]?: string };
