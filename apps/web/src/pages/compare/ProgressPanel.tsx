import { cx } from "../../components/cx";
import { overallProgress, stageLabel } from "../../lib/analysis-progress";

/** Under the progress of an analysis (the processing dialog says the same in its words): the result does not need this page open. */
export const WAIT_NOTE =
  "You can leave this page: the result opens at this address (bookmark it or share it) and in your comparison history.";

/** The upload's or the analysis' progress as one bar, with the time left when known. */
export function ProgressPanel({
  stage,
  percent,
  timeLeft = null,
}: {
  stage: "uploading" | "analysing";
  percent: number;
  timeLeft?: string | null;
}) {
  // One figure: the whole job's progress, named by its stage (a stage's own 0% beside the bar's 30%
  // read as two contradicting numbers).
  const value = overallProgress(stage, percent);
  const label = stageLabel(stage, value);
  return (
    <div className="glass space-y-3 p-5 sm:p-6" data-testid="compare-progress">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex items-center gap-2 text-sm font-semibold text-white" aria-live="polite">
          <span className="size-2 animate-pulse rounded-full bg-accent-400" aria-hidden />
          <span data-testid="progress-label">{label}</span>
        </p>
        {timeLeft ? (
          <p className="text-sm tabular-nums text-slate-300" data-testid="time-left">
            {timeLeft}
          </p>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label="Comparison progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={label}
        className="h-3 overflow-hidden rounded-full bg-white/8"
      >
        <div
          className="relative h-full rounded-full bg-gradient-to-r from-accent-500 via-fuchsia-500 to-violet-400 transition-[width] duration-500"
          style={{ width: `${Math.max(2, value)}%` }}
        >
          <span className="absolute inset-0 animate-pulse bg-white/15" />
        </div>
      </div>
      <ol className="flex gap-4 text-xs text-slate-400">
        <li className={cx(stage === "uploading" ? "font-semibold text-white" : "text-emerald-300")}>1. Upload</li>
        <li className={cx(stage === "analysing" ? "font-semibold text-white" : "")}>2. Pose analysis & scoring</li>
      </ol>
    </div>
  );
}
