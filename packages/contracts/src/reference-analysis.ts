import { z } from "zod";
import { compactTrack, countInfo } from "./comparison-detail.ts";

/**
 * GET /api/reference-videos/{id}/analysis: what a browser loads before the count-in to score a
 * dance-along take live (@stepsync/motion/live): the reference's poses and its counting, computed
 * once from the reference alone by the engine that judges the take on the server. The answer is
 * the engine's ReferenceAnalysis as it is; it carries an ETag (answer 304 to If-None-Match) and
 * Cache-Control. 404 (REFERENCE_ANALYSIS_MESSAGES.notAnalysed) while the video has no poses yet:
 * live scoring starts once the reference is analysed.
 */

/** One move of the reference, reference seconds. */
export const referenceMove = z.object({
  start: z.number(),
  end: z.number(),
  /** "1–2", "5–6" … or "move 3" without a count. */
  label: z.string(),
  /** The reference holds still: a pose to match, with no moment to be early or late for. */
  held: z.boolean().optional(),
});

/** A group of consecutive moves: one 8-count, or a few seconds of movement without a count. */
export const referenceSection = z.object({
  start: z.number(),
  end: z.number(),
  /** Indexes into the moves. */
  moves: z.array(z.number().int()),
  /** 1-based number of the 8-count (or of the part, without a count). */
  number: z.number().int(),
});

export const referenceAnalysisResponse = z.object({
  /** The engine that counted it: a page running another engine's scorer should load the page again. */
  engine_version: z.string(),
  /** The reference's poses at its analysis rate: per frame [t, x0, y0, s0, …], x/y 0–1 of width × height. */
  track: compactTrack.extend({ width: z.number(), height: z.number() }),
  counting: z.object({
    info: countInfo,
    moves: z.array(referenceMove),
    sections: z.array(referenceSection),
  }),
});
export type ReferenceAnalysisResponse = z.infer<typeof referenceAnalysisResponse>;

/**
 * GET /api/reference-videos/{id}/analysis-status: where a library video's analysis stands, for a page
 * waiting on it (live scoring starts once it is ready): pending (queued, or running: `progress` 0–100
 * and `analysing_s` seconds since its attempt started, the time left from the two), ready, or failed.
 */
export const referenceAnalysisStatus = z.object({
  status: z.enum(["pending", "ready", "failed"]),
  progress: z.number().int(),
  /** Null while queued (and once done). */
  analysing_s: z.number().nullable(),
});
export type ReferenceAnalysisStatus = z.infer<typeof referenceAnalysisStatus>;

export const REFERENCE_ANALYSIS_MESSAGES = {
  notAnalysed: "This video has not been analysed yet: live scoring starts once it is.",
} as const;
