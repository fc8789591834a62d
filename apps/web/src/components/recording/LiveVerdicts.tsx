import { REFERENCE_ANALYSIS_MESSAGES, type ReferenceAnalysisStatus, VERDICTS } from "@stepsync/contracts";
import type { LiveMove, LiveScore } from "@stepsync/motion/live";
import { Sparkles, TriangleAlert } from "lucide-react";
import { roughTime, secondsLeft } from "../../lib/analysis-progress";
import { moveName, timingText, VERDICT_LOOK } from "../../lib/verdicts";
import { VerdictChip } from "../VerdictChip";
import { cx } from "../cx";
import { DrillButton, useDrillMove } from "../drill/DrillHost";
import { GREAT_OR_BETTER } from "../drill/drill-plan";
import type { LiveScoringStatus } from "./useLiveScoring";

/**
 * Over the stage while dancing along: the last move's verdict as it is judged (in the result's
 * words and colours, VERDICT_LOOK), and the running score with the moves judged so far.
 */
export function LiveVerdictBadge({ moves, score }: { moves: readonly LiveMove[]; score: LiveScore | null }) {
  const last = moves[moves.length - 1];
  if (!last && !score) return null;
  // Not the routine so far: every move would read Miss and the score judges nothing, so neither shows.
  if (score?.sameness === "not_same")
    return (
      <div className="pointer-events-none absolute left-3 top-3 z-20 max-w-[60%]" data-testid="live-verdicts">
        <output
          aria-live="polite"
          className="block rounded-2xl bg-night-950/75 px-3 py-1.5 text-sm font-semibold text-amber-100 shadow-lg shadow-black/40 ring-1 ring-amber-300/40 backdrop-blur"
          data-testid="live-not-same"
        >
          {LIVE_NOT_SAME.badge}
        </output>
      </div>
    );
  const timing = last ? timingText(last.timing_ms) : null;
  return (
    <div
      className="pointer-events-none absolute left-3 top-3 z-20 flex max-w-[60%] flex-col items-start gap-1.5"
      data-testid="live-verdicts"
    >
      {last ? (
        <output
          key={last.index}
          aria-live="polite"
          aria-label={`${last.count_label}: ${VERDICT_LOOK[last.verdict].label}`}
          className={cx(
            "animate-fade-up rounded-2xl px-3 py-1.5 text-2xl font-black uppercase tracking-wide shadow-lg shadow-black/40 ring-1 backdrop-blur sm:text-3xl",
            VERDICT_LOOK[last.verdict].chip,
            "bg-night-950/75",
          )}
          data-testid="live-verdict"
          data-verdict={last.verdict}
          data-end-s={last.end_s}
        >
          {VERDICT_LOOK[last.verdict].label}
          <span className="block text-[0.7rem] font-semibold normal-case tracking-normal text-slate-200">
            {last.count_label}
            {timing ? ` · ${timing}` : ""}
          </span>
        </output>
      ) : null}
      {score ? (
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold tabular-nums text-white"
          data-testid="live-score"
          data-judged={score.judged}
        >
          <Sparkles className="size-3.5 text-accent-300" aria-hidden />
          <span className="sr-only">Live score </span>
          <span data-testid="live-score-value">{Math.round(score.overall)}</span>
          <span className="text-xs font-medium text-slate-300">
            <span className="sr-only">, moves judged </span>
            {score.judged}/{score.total}
          </span>
        </span>
      ) : null}
    </div>
  );
}

const NOTES: Partial<Record<LiveScoringStatus, string>> = {
  notAnalysed: REFERENCE_ANALYSIS_MESSAGES.notAnalysed,
  loading: "Getting live scoring ready…",
  ready: "Live scoring on: each move's verdict shows as you dance.",
  unavailable: "Live scoring isn't available right now. Recording still works, and the result comes as usual.",
};

/** Why the reference has no analysis yet: a file just picked, or how far a library video's is (null: not known). */
export type AnalysisWait = "file" | ReferenceAnalysisStatus | null;

/** Live scoring waits for the reference's analysis: when that will be, as far as it is known. */
export function notAnalysedNote(wait: AnalysisWait): string {
  if (wait === "file")
    return "A file you pick is analysed with your comparison, not before: live scoring comes when you practise its parts from the result.";
  if (wait?.status === "failed")
    return "This video could not be analysed, so it has no live scoring. Recording still works.";
  if (wait?.status !== "pending") return REFERENCE_ANALYSIS_MESSAGES.notAnalysed;
  if (wait.analysing_s === null)
    return "This video is waiting its turn to be analysed: live scoring starts once it is.";
  const left = secondsLeft(wait.progress, wait.analysing_s);
  const when = left === null ? "" : `, about ${roughTime(left)} left`;
  return `This video is being analysed (${wait.progress}%${when}): live scoring starts as soon as it is done.`;
}

/** One quiet line under the preview on live scoring's state (nothing when it is off). */
export function LiveScoringNote({ status, waiting = null }: { status: LiveScoringStatus; waiting?: AnalysisWait }) {
  const note = status === "notAnalysed" ? notAnalysedNote(waiting) : NOTES[status];
  if (!note) return null;
  return (
    <p
      className="mt-1 flex items-center gap-2 text-xs text-slate-400"
      data-testid="live-scoring-note"
      data-status={status}
      aria-live="polite"
    >
      <Sparkles
        className={cx("size-3 shrink-0", status === "ready" ? "text-accent-300" : "text-slate-500")}
        aria-hidden
      />
      {note}
    </p>
  );
}

/** What live scoring says while the take does not look like the reference's routine. */
export const LIVE_NOT_SAME = {
  badge: "Not matching this routine so far",
  heading: "This doesn't look like the routine so far",
  details:
    "Your moves didn't match the reference's while you danced, so there is no live score. The full analysis decides; if it finds another routine, your credit comes back.",
} as const;

/** How many of the take's weakest moves the live summary offers to drill. */
const MOVES_TO_DRILL = 3;

/**
 * After a scored take, until the server's result arrives: the final live score and how many moves
 * got each verdict. The result is the server's; this is what the dancer saw while dancing. Where the
 * page hosts drills (a <DrillHost> for this reference), the weakest moves below Great can be
 * drilled straight away, without waiting for the result.
 */
export function LiveSummary({
  moves,
  score,
  drills = true,
  className,
}: {
  moves: readonly LiveMove[];
  score: LiveScore | null;
  /** Offer drills (false inside another dialog: a drill opens its own). */
  drills?: boolean;
  className?: string;
}) {
  const canDrill = useDrillMove() !== null && drills;
  if (!score || !moves.length) return null;
  // Another routine, as far as live scoring can tell: no score, verdicts or drills to claim.
  if (score.sameness === "not_same")
    return (
      <section
        className={cx("rounded-2xl border border-amber-300/40 bg-amber-400/10 p-4", className)}
        data-testid="live-summary"
        data-sameness="not_same"
        aria-label="Live check of your take"
      >
        <p className="flex items-center gap-2 text-sm font-semibold text-amber-100">
          <TriangleAlert className="size-4 shrink-0 text-amber-300" aria-hidden />
          {LIVE_NOT_SAME.heading}
        </p>
        <p className="mt-1 text-xs leading-relaxed text-amber-50/80">{LIVE_NOT_SAME.details}</p>
      </section>
    );
  const toDrill = canDrill
    ? moves
        .filter((m) => !GREAT_OR_BETTER.has(m.verdict))
        .sort((a, b) => a.score - b.score || a.index - b.index)
        .slice(0, MOVES_TO_DRILL)
        .sort((a, b) => a.index - b.index)
    : [];
  return (
    <section
      className={cx("rounded-2xl border border-accent-400/25 bg-accent-500/8 p-4", className)}
      data-testid="live-summary"
      data-verdicts={moves.map((m) => m.verdict).join(" ")}
      data-timings={moves.map((m) => m.timing_ms ?? "").join(" ")}
      data-score={score.overall}
      aria-label="Live score of your take"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-white">
          Live score <span className="text-2xl font-black tabular-nums">{Math.round(score.overall)}</span>
        </p>
        <p className="text-xs text-slate-400">
          {moves.length} of {score.total} moves judged while you danced
        </p>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Verdicts">
        {VERDICTS.map((v) => [v, moves.filter((m) => m.verdict === v).length] as const)
          .filter(([, n]) => n > 0)
          .map(([v, n]) => (
            <li key={v} className={cx("rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", VERDICT_LOOK[v].chip)}>
              {n} {VERDICT_LOOK[v].label}
            </li>
          ))}
      </ul>
      {toDrill.length ? (
        <div className="mt-3 border-t border-white/8 pt-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-400">Drill these now</p>
          <ul className="mt-1.5 space-y-1.5 sm:max-w-md" aria-label="Moves to drill" data-testid="live-summary-drills">
            {toDrill.map((m) => (
              <li key={m.index} className="flex items-center gap-2 text-sm text-slate-200">
                <span className="min-w-0 flex-1 truncate capitalize">{moveName(m)}</span>
                <VerdictChip move={m} />
                <DrillButton move={m} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-400">The full result, with every move, comes from the server's analysis.</p>
    </section>
  );
}
