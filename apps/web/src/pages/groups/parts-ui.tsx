import { scoreBand } from "@stepsync/contracts";
import { CalendarDays, CircleAlert, CircleCheck, CircleDot, CircleDashed } from "lucide-react";
import type { ReactNode } from "react";
import { isApiError } from "../../api/client";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { Spinner } from "../../components/Spinner";
import { countdownText, eventDateText } from "./group-rules";

/**
 * A best score as the board shows it: the number, a colour and a shape for its band (a tick from 80,
 * a dot from 60, an alert below), and the band in words for screen readers, so colour is never the
 * only cue. No score yet: a dashed circle and a dash.
 */
export function ScoreCell({ score, className }: { score: number | null; className?: string }) {
  const look =
    score === null
      ? { icon: CircleDashed, tone: "bg-white/5 text-slate-400 ring-white/10", word: "not practised yet" }
      : scoreBand(score) === "green"
        ? { icon: CircleCheck, tone: "bg-emerald-500/15 text-emerald-200 ring-emerald-400/30", word: "ready" }
        : scoreBand(score) === "yellow"
          ? { icon: CircleDot, tone: "bg-amber-400/15 text-amber-100 ring-amber-300/30", word: "getting there" }
          : { icon: CircleAlert, tone: "bg-rose-500/15 text-rose-200 ring-rose-400/30", word: "needs work" };
  const Icon = look.icon;
  return (
    <span
      className={cx(
        "inline-flex min-w-[4.5rem] items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold tabular-nums ring-1 ring-inset",
        look.tone,
        className,
      )}
      data-testid="score-cell"
      data-band={score === null ? "none" : scoreBand(score)}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span aria-hidden>{score === null ? "—" : Math.round(score)}</span>
      <span className="sr-only">{score === null ? look.word : `${Math.round(score)}, ${look.word}`}</span>
    </span>
  );
}

/** What the score cells' shapes mean. */
export function ScoreLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-400" aria-label="What the scores mean">
      <li className="flex items-center gap-1.5">
        <CircleCheck className="size-4 text-emerald-300" aria-hidden /> 80+ ready
      </li>
      <li className="flex items-center gap-1.5">
        <CircleDot className="size-4 text-amber-200" aria-hidden /> 60–79 getting there
      </li>
      <li className="flex items-center gap-1.5">
        <CircleAlert className="size-4 text-rose-300" aria-hidden /> under 60 needs work
      </li>
      <li className="flex items-center gap-1.5">
        <CircleDashed className="size-4 text-slate-400" aria-hidden /> not practised
      </li>
    </ul>
  );
}

/** The event's date and the days left, as a pill; nothing without a date. */
export function Countdown({
  date,
  days,
  large = false,
}: {
  date: string | null;
  days: number | null;
  large?: boolean;
}) {
  const left = countdownText(days);
  const when = eventDateText(date);
  if (!left || !when) return null;
  return (
    <p
      className={cx(
        "inline-flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-2xl border border-accent-400/25 bg-accent-500/10 text-accent-100",
        large ? "px-4 py-2.5 text-base" : "px-3 py-1.5 text-sm",
      )}
      data-testid="countdown"
    >
      <CalendarDays className={cx("shrink-0 text-accent-300", large ? "size-5" : "size-4")} aria-hidden />
      <strong className="font-semibold text-white">{left}</strong>
      <span className="text-accent-200/90">{when}</span>
    </p>
  );
}

/** A group screen that could not load: a 404 is "not found" (not a member, or gone), anything else may be tried again. */
export function GroupLoadFailure({ error, retry, what = "group" }: { error: Error; retry: () => void; what?: string }) {
  if (isApiError(error, 404))
    return (
      <EmptyState
        title="Group not found"
        action={
          <ButtonLink to="/groups" variant="secondary">
            Back to your groups
          </ButtonLink>
        }
      >
        This group does not exist, or you are not one of its members.
      </EmptyState>
    );
  return (
    <EmptyState title={`Failed to load the ${what}`} action={<Button onClick={retry}>Try again</Button>}>
      {error.message}
    </EmptyState>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-slate-400">
      <Spinner label={label} className="size-6" />
    </div>
  );
}

/** A small label beside a name: Organiser, You. */
export function Tag({ children, tone = "plain" }: { children: ReactNode; tone?: "plain" | "accent" }) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide",
        tone === "accent" ? "bg-accent-500/15 text-accent-200" : "bg-white/8 text-slate-300",
      )}
    >
      {children}
    </span>
  );
}
