import type { ComparisonSection, MoveResult } from "@stepsync/contracts";
import { Clock, Repeat, Target } from "lucide-react";
import { cx } from "../../components/cx";
import { scoreBgClass } from "../../lib/format";
import { formatClock } from "../../lib/format";
import { jointTag, sectionHeading, visibleJointFeedback } from "./sections";
import { MoveList } from "./MoveList";
import { loopKey } from "./practice-loop";
import { PractiseButton } from "./PractisePart";

/** A joint's name beside its feedback sentence (the sentence itself is never prefixed with it). */
export function JointTag({ joint, sentence }: { joint: string; sentence: string }) {
  const tag = jointTag(joint, sentence);
  return tag ? (
    <span className="ml-1.5 inline-block rounded-full bg-white/8 px-2 py-px align-[1px] text-[11px] font-medium text-slate-300">
      {tag}
    </span>
  ) : null;
}

export function SectionCard({
  section,
  index,
  moves,
  current,
  highlighted,
  jumpedMove,
  looping,
  loopingMove,
  onJump,
  onJumpToMove,
  onLoop,
  onLoopMove,
  onPractise,
  onPractiseMove,
}: {
  section: ComparisonSection;
  index: number;
  /** This section's moves, in order (none for a result stored without moves). */
  moves: ReadonlyArray<MoveResult>;
  current: boolean;
  highlighted: boolean;
  jumpedMove: number | null;
  /** This section is the one looping. */
  looping: boolean;
  /** The move looping, when it is one of this section's. */
  loopingMove: number | null;
  onJump: () => void;
  onJumpToMove: (move: MoveResult) => void;
  onLoop: () => void;
  onLoopMove: (move: MoveResult) => void;
  /** "Practise this part": the section, or one of its moves (absent where there is nothing to practise against). */
  onPractise?: () => void;
  onPractiseMove?: (move: MoveResult) => void;
}) {
  const joints = visibleJointFeedback(section);
  const heading = sectionHeading(section, index);
  const name = section.title || `section ${index + 1}`;
  const span = `${formatClock(section.timestamp)} – ${formatClock(section.timestamp + section.duration)}`;
  return (
    <li
      className={cx(
        "rounded-2xl border p-4 transition duration-300",
        highlighted
          ? "border-accent-400 bg-accent-500/12 shadow-lg shadow-accent-600/20"
          : looping
            ? "border-fuchsia-400/60 bg-fuchsia-500/[0.07]"
            : current
              ? "border-accent-400/50 bg-white/[0.05]"
              : "border-white/10 bg-white/[0.02]",
      )}
      data-testid="section-card"
      data-loop-key={loopKey.section(index)}
      data-highlighted={highlighted || undefined}
      data-looping={looping || undefined}
      aria-current={current ? "step" : undefined}
    >
      <button
        type="button"
        onClick={onJump}
        className="group flex w-full items-start justify-between gap-3 rounded-xl text-left"
        aria-label={`Jump to ${name} at ${formatClock(section.timestamp)}`}
      >
        <span className="min-w-0">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-white">
            {heading}
            {current ? (
              <span className="rounded-full bg-accent-500/20 px-2 py-0.5 text-[10px] font-semibold uppercase tracking-wider text-accent-200">
                Now
              </span>
            ) : null}
          </span>
          <span className="mt-1 inline-flex items-center gap-1 text-xs text-slate-400 group-hover:text-accent-300">
            <Clock className="size-3.5" aria-hidden />
            {span} · Jump to section
          </span>
        </span>
        <span
          className={cx("shrink-0 rounded-full px-3 py-1 text-sm font-bold tabular-nums", scoreBgClass(section.score))}
        >
          {Math.round(section.score)}%
        </span>
      </button>
      <div className="mt-3 flex items-center gap-2">
        <button
          type="button"
          onClick={onLoop}
          aria-pressed={looping}
          aria-label={`Loop ${name}`}
          title={looping ? "Stop looping this section" : "Play this section over and over"}
          className={cx(
            "inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
            looping
              ? "border-fuchsia-400/60 bg-fuchsia-500/20 text-fuchsia-100 shadow shadow-fuchsia-600/20"
              : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14 hover:text-white",
          )}
        >
          <Repeat className={cx("size-3.5", looping && "animate-pulse")} aria-hidden />
          {looping ? "Looping" : "Loop"}
        </button>
        {onPractise ? <PractiseButton label={heading} onClick={onPractise} /> : null}
        {looping ? <span className="text-xs text-slate-400">{span} on repeat</span> : null}
      </div>
      {section.overall_feedback ? <p className="mt-3 text-sm text-slate-300">{section.overall_feedback}</p> : null}
      {moves.length ? (
        <MoveList
          moves={moves}
          jumpedMove={jumpedMove}
          loopingMove={loopingMove}
          onJump={onJumpToMove}
          onLoop={onLoopMove}
          onPractise={onPractiseMove}
          label={`Moves of ${heading}`}
        />
      ) : null}
      {joints.length ? (
        <ul className="mt-3 space-y-1.5">
          {joints.map((j) => (
            <li key={j.joint} className="flex gap-2 text-sm text-slate-300">
              <Target className="mt-0.5 size-4 shrink-0 text-rose-300" aria-hidden />
              <span className="min-w-0">
                {j.feedback}
                <JointTag joint={j.joint} sentence={j.feedback} />{" "}
                <span className="text-xs text-slate-500">({Math.round(j.diff)}° off)</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** In the section list, where the sections stop: a span of the routine the user's video does not cover. */
export function NotDancedCard({ span }: { span: { start_s: number; end_s: number } }) {
  return (
    <li
      className="flex items-start gap-2 rounded-2xl border border-dashed border-white/12 px-4 py-3 text-sm text-slate-400"
      data-testid="not-danced"
    >
      <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span className="min-w-0">
        <span className="font-medium text-slate-300">
          {formatClock(span.start_s)} – {formatClock(span.end_s)}
        </span>{" "}
        · Not in your video, so not scored
      </span>
    </li>
  );
}
