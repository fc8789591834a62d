import { DRILL, type DrilledMove, type RoutineProgress as Progress } from "@stepsync/contracts";
import { Footprints, TrendingUp } from "lucide-react";
import { useDrills } from "../../api/drills";
import { cx } from "../../components/cx";
import { formatPercent, formatWhen } from "../../lib/format";
import { sectionHeading } from "./sections";
import { moveName } from "../../lib/verdicts";
import { useRoutineProgress } from "../../api/comparisons";

export const ROUTINE_PROGRESS_TEXTS = {
  heading: "Progress on this routine",
  firstTime: "First time on this routine",
  firstTimeHint: "Dance it again to see how you improve.",
  attempt: (n: number) => `Attempt ${n}`,
  sinceLast: (delta: number) => (delta === 0 ? "Same as last time" : `${signed(delta)} since last time`),
  lastTime: (score: number, when: string) => `Last time ${formatPercent(score)} · ${when}`,
  scores: "Your scores on this routine, oldest first",
  sections: "Sections since last time",
  newSection: "New",
  drilled: "Drilled moves",
  /** "counts 3–4 · mastered at full speed", as far as the drills of the move went. */
  drilledMove: (m: DrilledMove) => `${moveName(m)} · ${drillProgress(m)}`,
} as const;

/** How far a move's drills went: mastered, up to full speed, or its best streak at half speed. */
export function drillProgress(m: DrilledMove): string {
  if (m.mastered) return "mastered at full speed";
  if (m.reached_full)
    return m.best_streak_full > 0
      ? `up to full speed, best ${m.best_streak_full} of ${DRILL.streak} Great in a row there`
      : "up to full speed";
  return `best ${m.best_streak_half} of ${DRILL.streak} Great in a row at half speed`;
}

/** A whole-point change with its sign: +6, −3 (a true minus sign), 0. */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : "0";
}

/** Colour by sign: up is green, down is red, no change is neutral. */
export function deltaClass(delta: number | null): string {
  if (delta === null || delta === 0) return "bg-white/8 text-slate-300";
  return delta > 0 ? "bg-emerald-500/15 text-emerald-300" : "bg-rose-500/15 text-rose-300";
}

/**
 * Progress on a routine: against a library reference danced before, the change
 * since last time ("+6 since last time"), the scores so far, and each section's change beside its
 * title; "First time on this routine" when there is nothing earlier. Nothing for an uploaded
 * reference, nor while loading or when the progress cannot be read (the result stands without it).
 */
export function RoutineProgress({
  comparisonId,
  referenceVideoId,
}: {
  comparisonId: number;
  /** The result's library video (ComparisonDetail.reference_video_id); null for an uploaded reference. */
  referenceVideoId: number | null;
}) {
  const { data } = useRoutineProgress(comparisonId, referenceVideoId);
  if (referenceVideoId === null || !data || data.reference_video_id === null) return null;
  return (
    <section
      aria-labelledby="routine-progress-heading"
      data-testid="routine-progress"
      className="glass space-y-4 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="routine-progress-heading" className="flex items-center gap-2 text-base font-semibold text-white">
          <TrendingUp className="size-4 text-accent-300" aria-hidden />
          {ROUTINE_PROGRESS_TEXTS.heading}
        </h2>
        <span className="text-xs text-slate-400">{ROUTINE_PROGRESS_TEXTS.attempt(data.earlier.length + 1)}</span>
      </div>
      {data.since_last ? <SinceLast progress={data} /> : <FirstTime />}
      <DrilledMoves referenceVideoId={referenceVideoId} />
    </section>
  );
}

/** The routine's moves drilled so far ("Drill this move"), in its order; nothing before the first drill. */
function DrilledMoves({ referenceVideoId }: { referenceVideoId: number }) {
  const { data } = useDrills(referenceVideoId);
  if (!data?.moves.length) return null;
  return (
    <div>
      <h3 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-400">
        <Footprints className="size-3.5" aria-hidden />
        {ROUTINE_PROGRESS_TEXTS.drilled}
      </h3>
      <ul className="mt-1.5 space-y-1 text-sm" data-testid="drilled-moves">
        {data.moves.map((m) => (
          <li key={`${m.start_s}-${m.end_s}`} className="flex items-center gap-2 text-slate-200">
            <span
              className={cx("size-2 shrink-0 rounded-full", m.mastered ? "bg-emerald-400" : "bg-sky-400")}
              aria-hidden
            />
            {ROUTINE_PROGRESS_TEXTS.drilledMove(m)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function FirstTime() {
  return (
    <div>
      <p className="text-lg font-semibold text-accent-200" data-testid="routine-progress-overall">
        {ROUTINE_PROGRESS_TEXTS.firstTime}
      </p>
      <p className="mt-0.5 text-sm text-slate-400">{ROUTINE_PROGRESS_TEXTS.firstTimeHint}</p>
    </div>
  );
}

function SinceLast({ progress }: { progress: Progress }) {
  const last = progress.since_last;
  if (!last) return null;
  // Oldest first, then this result: how the scores went.
  const scores = [
    ...progress.earlier.map((a) => ({ id: a.comparison_id, score: a.overall_score })).reverse(),
    { id: progress.comparison_id, score: last.score },
  ];
  return (
    <>
      <div>
        <p
          className={cx("inline-flex rounded-full px-3 py-1 text-lg font-bold tabular-nums", deltaClass(last.delta))}
          data-testid="routine-progress-overall"
        >
          {ROUTINE_PROGRESS_TEXTS.sinceLast(last.delta)}
        </p>
        <p className="mt-1.5 text-sm text-slate-400">
          {ROUTINE_PROGRESS_TEXTS.lastTime(last.previous_score, formatWhen(last.created_at))}
        </p>
      </div>
      <ol aria-label={ROUTINE_PROGRESS_TEXTS.scores} className="flex flex-wrap items-center gap-1.5 text-xs">
        {scores.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === scores.length - 1 ? "true" : undefined}
            className={cx(
              "rounded-md px-1.5 py-0.5 tabular-nums",
              i === scores.length - 1 ? "bg-accent-500/20 font-semibold text-accent-100" : "bg-white/6 text-slate-300",
            )}
          >
            {formatPercent(s.score)}
          </li>
        ))}
      </ol>
      {last.sections.length > 0 ? (
        <ul aria-label={ROUTINE_PROGRESS_TEXTS.sections} className="divide-y divide-white/5">
          {last.sections.map((s, i) => (
            <li key={`${s.timestamp}-${s.title}`} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0 truncate text-slate-200">{sectionHeading(s, i)}</span>
              <span
                className={cx(
                  "shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
                  deltaClass(s.delta),
                )}
              >
                {s.delta === null ? ROUTINE_PROGRESS_TEXTS.newSection : signed(s.delta)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
