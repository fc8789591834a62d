// An analysis under way: one progress bar for upload and analysis, its stage in words, the time left.
import { COMPARE_TEXTS } from "../constants/texts";

/**
 * Seconds of analysis left, from how far it is and how long its running attempt has been at it (both
 * as the server reports them, so a reload or another device says the same); null while that says too
 * little (under 2 s or 3 % in) or nothing runs yet.
 */
export function secondsLeft(percent: number, analysingS: number | null | undefined): number | null {
  if (analysingS == null || analysingS < 2 || percent < 3) return null;
  return (analysingS * (100 - Math.min(100, percent))) / percent;
}

/**
 * The wait in words: queued (no attempt runs: `analysingS` null), too early to tell, or about how
 * long, rounded up to 5 s under a minute and to whole minutes above. `analysingS` undefined: not
 * reported yet.
 */
export function timeLeftText(percent: number, analysingS: number | null | undefined): string {
  if (analysingS === null) return "Waiting for its turn…";
  const seconds = secondsLeft(percent, analysingS);
  return seconds === null ? "Estimating the time left…" : `About ${roughTime(seconds)} left`;
}

/** A wait in round figures: up to 5 s under a minute, whole minutes above ("35 s", "2 min"). */
export function roughTime(seconds: number): string {
  return seconds < 55 ? `${Math.max(5, Math.ceil(seconds / 5) * 5)} s` : `${Math.max(1, Math.round(seconds / 60))} min`;
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
