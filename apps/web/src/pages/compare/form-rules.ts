import {
  COMPARE_MESSAGES,
  JOINT_FEEDBACK_BELOW_SCORE,
  JOINT_FEEDBACK_MIN_DIFF,
  LIMITS,
  type ComparisonDetail,
  type ComparisonResults,
  type ComparisonSection,
} from "@stepsync/contracts";
import { errorMessage, isApiError } from "../../api/client";
import { COMPARE_TEXTS } from "../../constants/texts";
import { formatClock, formatMinutes } from "../../lib/format";

/** The reference handed over from the library through navigation state. */
export interface LibraryReference {
  id: number | string;
  title?: string;
  category?: string;
  instructor?: string;
  duration?: number | string;
  description?: string;
  videoUrl?: string | null;
}

export function readLibraryReference(state: unknown): LibraryReference | null {
  if (!state || typeof state !== "object") return null;
  const ref = (state as { referenceVideo?: unknown }).referenceVideo;
  if (!ref || typeof ref !== "object") return null;
  const r = ref as Record<string, unknown>;
  if (typeof r.id !== "number" && typeof r.id !== "string") return null;
  return {
    id: r.id,
    title: typeof r.title === "string" ? r.title : undefined,
    category: typeof r.category === "string" ? r.category : undefined,
    instructor: typeof r.instructor === "string" ? r.instructor : undefined,
    duration: typeof r.duration === "number" || typeof r.duration === "string" ? r.duration : undefined,
    description: typeof r.description === "string" ? r.description : undefined,
    videoUrl: typeof r.videoUrl === "string" ? r.videoUrl : null,
  };
}

/**
 * What a saved comparison (/compare?id=) shows instead of its result, or null: not found, sign in
 * again, a load failure, or why its analysis failed. A passing failure while it is still analysed
 * keeps the progress on screen.
 */
export function savedComparisonError(id: string, detail: ComparisonDetail | undefined, error: unknown): string | null {
  // An id that is not a comparison id at all (?id=abc, answered 400) is simply not found either: the
  // server's validation wording is not for the user.
  if (isApiError(error, 404) || isApiError(error, 400)) return COMPARE_MESSAGES.comparisonNotFound(id);
  if (isApiError(error, 401)) return COMPARE_MESSAGES.historyAuth;
  if (!detail) return error ? COMPARE_TEXTS.comparisonLoadError(errorMessage(error, "Unknown error")) : null;
  return detail.status === "failed" ? (detail.error ?? COMPARE_MESSAGES.analysisFailed) : null;
}

export type CreditsState = { kind: "unknown" } | { kind: "known"; credits: number };

export interface SubmitInput {
  hasUserVideo: boolean;
  hasReference: boolean;
  credits: CreditsState;
  /** The account's address is confirmed: only then are its credits spent (the server says so too). */
  confirmed: boolean;
  analysing: boolean;
  /** What the preview found wrong with a picked video (see videoFileProblem), else null. */
  videoProblem?: string | null;
}

/**
 * Both videos, credits not known to be below LIMITS.comparisonCost, a confirmed address, not while analysing;
 * and no picked video the preview already found unusable (uploading it would only fail).
 */
export function canSubmit({
  hasUserVideo,
  hasReference,
  credits,
  confirmed,
  analysing,
  videoProblem = null,
}: SubmitInput): boolean {
  if (analysing || !confirmed || videoProblem) return false;
  if (!hasUserVideo || !hasReference) return false;
  if (credits.kind === "known" && credits.credits < LIMITS.comparisonCost) return false;
  return true;
}

/** The first validation message for a submit attempt, or null when it may go ahead. */
export function submitProblem({
  hasUserVideo,
  hasReference,
  credits,
  confirmed,
  videoProblem = null,
}: Omit<SubmitInput, "analysing">): string | null {
  if (!hasUserVideo) return COMPARE_MESSAGES.noUserVideo;
  if (!hasReference) return COMPARE_MESSAGES.noReference;
  if (videoProblem) return videoProblem;
  if (!confirmed) return COMPARE_MESSAGES.confirmEmailFirst;
  if (credits.kind === "known" && credits.credits < LIMITS.comparisonCost) return COMPARE_MESSAGES.insufficientCredits;
  return null;
}

export type CreditsNotice = "unconfirmed" | "insufficient" | "unknown" | null;

export function creditsNotice(credits: CreditsState, confirmed: boolean): CreditsNotice {
  if (!confirmed) return "unconfirmed";
  if (credits.kind === "unknown") return "unknown";
  return credits.credits < LIMITS.comparisonCost ? "insufficient" : null;
}

/**
 * A section's joint feedback, worst first, by the engine's rule (JOINT_FEEDBACK_BELOW_SCORE and
 * JOINT_FEEDBACK_MIN_DIFF in @stepsync/contracts): none for a good section, only joints well off.
 */
export function visibleJointFeedback(section: Pick<ComparisonSection, "score" | "joint_feedback">): Array<{
  joint: string;
  diff: number;
  feedback: string;
}> {
  if (Math.round(section.score) >= JOINT_FEEDBACK_BELOW_SCORE) return [];
  return Object.entries(section.joint_feedback ?? {})
    .filter(([, jf]) => jf && typeof jf.diff === "number" && jf.diff > JOINT_FEEDBACK_MIN_DIFF)
    .map(([joint, jf]) => ({ joint, diff: jf.diff, feedback: jf.feedback }))
    .sort((a, b) => b.diff - a.diff);
}

/**
 * The "What to work on" list, worst joint first. The engine lists problematicJoints in that order;
 * the feedback object's own key order is lost in storage (PostgreSQL's jsonb sorts keys).
 */
export function jointFeedbackList(
  results: Pick<ComparisonResults, "jointSpecificFeedback" | "problematicJoints"> | null | undefined,
): Array<{ joint: string; feedback: string }> {
  const texts = results?.jointSpecificFeedback ?? {};
  const ranked = (results?.problematicJoints ?? []).filter((j) => j in texts);
  const rest = Object.keys(texts).filter((j) => !ranked.includes(j));
  return [...ranked, ...rest].map((joint) => ({ joint, feedback: texts[joint] ?? "" }));
}

/** The section whose [timestamp, timestamp + duration) contains t (reference seconds), else -1. */
export function currentSectionIndex(
  sections: ReadonlyArray<Pick<ComparisonSection, "timestamp" | "duration">>,
  t: number,
): number {
  for (let i = 0; i < sections.length; i++) {
    const s = sections[i];
    if (!s) continue;
    const end = s.timestamp + s.duration;
    const last = i === sections.length - 1;
    if (t >= s.timestamp && (t < end || (last && t <= end + 0.05))) return i;
  }
  return -1;
}

export const SECTION_JUMP = { leadS: 2.5, highlightMs: 5000 } as const;

/** Where a section jump starts (2.5 s before, not before 0) and how long it plays before pausing. */
export function sectionJumpPlan(timestamp: number): { start: number; stopAt: number; playMs: number } {
  const start = Math.max(0, timestamp - SECTION_JUMP.leadS);
  return { start, stopAt: timestamp, playMs: Math.round((timestamp - start) * 1000) };
}

/** The COMPARE_TEXTS message for a media element error code. */
export function videoErrorText(code: number | null | undefined): string {
  switch (code) {
    case 4:
      return COMPARE_TEXTS.videoFormat;
    case 3:
      return COMPARE_TEXTS.videoNetwork;
    case 2:
      return COMPARE_TEXTS.videoNotFound;
    default:
      return COMPARE_TEXTS.videoError;
  }
}

export const VIDEO_CHECKS = {
  unplayable: "This file isn't a playable video. Choose a video file (MP4, WebM, OGG or MOV).",
  tooLong: (seconds: number) =>
    `This video is ${formatClock(seconds)} long: videos can be at most ${formatMinutes(LIMITS.maxVideoSeconds)}. Trim it, or choose a shorter one.`,
  limits: (megabytes: number) =>
    `MP4, WebM, OGG or MOV · up to ${megabytes} MB and ${formatMinutes(LIMITS.maxVideoSeconds)}`,
} as const;

/**
 * What the preview of a picked file tells before any upload: the browser cannot play it (a text
 * file renamed .mp4), or it runs past the engine's limit. Null when it is fine or not known yet
 * (a fresh recording reports no duration until played).
 */
export function videoFileProblem(check: { mediaError: number | null; duration: number | null }): string | null {
  // MEDIA_ERR_DECODE (3) and MEDIA_ERR_SRC_NOT_SUPPORTED (4): the bytes are no video it can play.
  if (check.mediaError === 3 || check.mediaError === 4) return VIDEO_CHECKS.unplayable;
  if (check.duration !== null && Number.isFinite(check.duration) && check.duration > LIMITS.maxVideoSeconds)
    return VIDEO_CHECKS.tooLong(check.duration);
  return null;
}

/** A reading of the analysis' progress: when (ms, any clock) and how far (percent). */
export type ProgressSample = { at: number; percent: number };

/**
 * Seconds of analysis left, from the pace between the first reading seen and the latest, or null
 * while that pace says too little (under 3 s or 3 points of progress apart).
 */
export function secondsLeft(first: ProgressSample, latest: ProgressSample): number | null {
  const ms = latest.at - first.at;
  const points = latest.percent - first.percent;
  if (ms < 3000 || points < 3) return null;
  return ((100 - latest.percent) * ms) / points / 1000;
}

/** The estimate in words: rounded up to 5 s under a minute, to whole minutes above. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return "Estimating the time left…";
  if (seconds < 55) return `About ${Math.max(5, Math.ceil(seconds / 5) * 5)} s left`;
  return `About ${Math.max(1, Math.round(seconds / 60))} min left`;
}

/** One bar for two stages: upload counts 0–30 %, analysis 30–100 % of the bar. */
export function overallProgress(stage: "uploading" | "analysing", percent: number): number {
  const p = Math.max(0, Math.min(100, percent));
  return stage === "uploading" ? Math.round(p * 0.3) : Math.round(30 + p * 0.7);
}

export function stageLabel(stage: "uploading" | "analysing", percent: number): string {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return stage === "uploading" ? COMPARE_TEXTS.uploadingStage(p) : COMPARE_TEXTS.analysingStage(p);
}

/** Joint key → words ('left_elbow' → 'Left elbow'). */
export function jointLabel(joint: string): string {
  const words = joint.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The joint's name as a small tag beside its feedback sentence, or null when the sentence already
 * opens with a name (results of the previous engine: "Left elbow: straighten it…"). Sentences are
 * shown as they are, never prefixed.
 */
export function jointTag(joint: string, sentence: string): string | null {
  return /^[\p{L} ]{1,24}:\s/u.test(sentence) ? null : jointLabel(joint);
}

export function categoryLabel(key: string): string {
  return key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * What loops after a press of a Loop button (a section's, a move's, or the L key): pressing the
 * looped one turns the loop off, pressing another moves the loop there.
 */
export function toggleLoop<T>(current: T | null, pressed: T): T | null {
  return current === pressed ? null : pressed;
}

/** The parts of a section its heading is made of; a routine's progress lists carry the title alone. */
export type SectionNaming = { title?: string | null } & Partial<Pick<ComparisonSection, "label" | "description">>;

/**
 * A section's heading: its label and what happens in it ("8-count 2 · Arms up, step"), from the
 * fields the engine writes since 3.0.1.
 */
export function sectionHeading(section: SectionNaming | null | undefined, index: number): string {
  const label = section?.label?.trim() ?? "";
  const description = capitalise(section?.description?.trim() ?? "");
  if (label || description) return [label, description].filter(Boolean).join(" · ");
  return legacySectionHeading(section?.title, index);
}

/**
 * Only for results stored by engines before 3.0.1, which have the title alone. Their titles may start
 * with the time range ("0:04–0:08 · Arms lead"), which the card already shows under the heading, so
 * it is left off.
 */
function legacySectionHeading(title: string | null | undefined, index: number): string {
  const rest = (title ?? "").replace(/^\d+:\d{2}\s*[–-]\s*\d+:\d{2}\s*·\s*/, "").trim();
  return rest ? capitalise(rest) : `Section ${index + 1}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
