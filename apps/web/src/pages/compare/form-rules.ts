// What the compare form allows and says: when it may be sent, the first thing missing, the credits
// notice, and what a saved comparison's address shows instead of its result.
import { COMPARE_MESSAGES, type ComparisonDetail, LIMITS } from "@stepsync/contracts";
import { errorMessage, isApiError } from "../../api/client";
import type { CreditsState } from "../../api/credits";
import { COMPARE_TEXTS } from "../../constants/texts";

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
