// An analysis under way: one progress bar for upload and analysis, its stage in words, the time left.
import { COMPARE_TEXTS } from "../constants/texts";

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
