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
 * A dance-along take's poses as the browser estimated them while recording (MoveNet, the server's
 * model), sent beside the take so its result can come in seconds: a compact track (the engine's
 * CompactTrack: `{keypointNames, fps, width, height, frames: [[t, x0, y0, s0, …]]}`, the take's
 * seconds, at the analysis rate, coordinates as fractions of width and height or in its pixels;
 * `posesPerSecond`, how often the device estimated a pose, when it says),
 * as JSON text — a text field, or a file part of the same name. The server trusts it only after
 * checking it against frames of the take it estimates again; otherwise it analyses the take itself.
 *
 * The track is only an accelerator, so a bad one never costs the user their upload: a track too
 * large, not JSON or not of this shape is ignored (the take is analysed in full, as without it;
 * `POSE_TRACK_MESSAGES` says why, in the server's log). About 300 bytes a frame at 7 frames a
 * second: 130 KB for 60 s, 650 KB for the five-minute recording limit; refused above 1 MB.
 */
export const POSE_TRACK_LIMITS = {
  maxBytes: 1_000_000,
  /** Ten minutes (the longest video analysed) at 60 frames a second. */
  maxFrames: 36_000,
  maxKeypoints: 33,
  maxFps: 60,
  maxSide: 10_000,
} as const;

export const POSE_TRACK_MESSAGES = {
  tooLarge: `The take's pose track is larger than ${POSE_TRACK_LIMITS.maxBytes / 1_000_000} MB`,
  notJson: "The take's pose track is not JSON",
  malformed:
    "The take's pose track must be {keypointNames, fps, width, height, frames: [[t, x, y, score, …]]} with one x, y and score per keypoint",
} as const;

const positive = (max: number) => z.number({ error: POSE_TRACK_MESSAGES.malformed }).positive().max(max);

/** The compact track's shape, every frame a time and (x, y, score) per keypoint. */
export const poseTrackShape = z
  .object(
    {
      keypointNames: z.array(z.string().max(40)).min(1).max(POSE_TRACK_LIMITS.maxKeypoints),
      fps: positive(POSE_TRACK_LIMITS.maxFps),
      width: positive(POSE_TRACK_LIMITS.maxSide),
      height: positive(POSE_TRACK_LIMITS.maxSide),
      frames: z.array(z.array(z.number().finite())).min(1).max(POSE_TRACK_LIMITS.maxFrames),
      /** How many poses a second the device estimated while recording (each frame is blended from the poses either side of its tick). */
      posesPerSecond: positive(POSE_TRACK_LIMITS.maxFps).optional(),
    },
    { error: POSE_TRACK_MESSAGES.malformed },
  )
  .refine((t) => t.frames.every((f) => f.length === 1 + 3 * t.keypointNames.length), {
    error: POSE_TRACK_MESSAGES.malformed,
  });
export type PoseTrackUpload = z.infer<typeof poseTrackShape>;

/** The `pose_track` field's text read as a compact track (its first issue's message says what is wrong). */
export const poseTrackField = z
  .string()
  .max(POSE_TRACK_LIMITS.maxBytes, { error: POSE_TRACK_MESSAGES.tooLarge })
  .transform((text, ctx): PoseTrackUpload => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: POSE_TRACK_MESSAGES.notJson });
      return z.NEVER;
    }
    const shaped = poseTrackShape.safeParse(json);
    if (shaped.success) return shaped.data;
    // One sentence for every wrong shape (the field's first issue is what the server logs).
    ctx.addIssue({ code: "custom", message: POSE_TRACK_MESSAGES.malformed });
    return z.NEVER;
  });

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
  /**
   * Dance along: the browser's poses of the take, as text (see poseTrackField). Read apart by the
   * server, which ignores a bad one rather than refuse the upload.
   */
  pose_track: z.string().optional(),
});
export type CompareRequestFields = z.infer<typeof compareRequestFields>;
/** The form as the client writes it: every field as text. */
export type CompareRequestForm = { [K in keyof z.input<typeof compareRequestFields>]?: string };
