import type { MoveResult } from "@stepsync/contracts";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { cx } from "../../components/cx";
import { formatClock } from "../../lib/format";
import { moveLook, moveName, moveOutcomeText, NOT_SEEN_TEXT, notSeen, timingText } from "../../lib/verdicts";
import { loopKey } from "./practice-loop";
import { type TimelineBlock, timelineBlocks, timelineLength } from "./timeline";

/** "Counts 5–6 at 0:04: Good, 120 ms late": what a block is and how the move went. */
export function timelineBlockLabel(move: MoveResult, withTiming: boolean): string {
  const name = moveName(move);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} at ${formatClock(move.start_s)}: ${moveOutcomeText(move, withTiming)}`;
}

function Block({
  block,
  current,
  jumped,
  looping,
  tabStop,
  onJump,
  onFocus,
}: {
  block: TimelineBlock;
  current: boolean;
  jumped: boolean;
  looping: boolean;
  /** The one block Tab reaches (the rest by the arrow keys). */
  tabStop: boolean;
  onJump: () => void;
  onFocus: () => void;
}) {
  const cueId = useId();
  const { move, leftPct, widthPct, timing } = block;
  const look = moveLook(move);
  const cue = move.cue;
  // Tooltips near an end open inwards so they stay on screen.
  const side =
    leftPct + widthPct / 2 < 25 ? "left-0" : leftPct + widthPct / 2 > 75 ? "right-0" : "left-1/2 -translate-x-1/2";
  return (
    // px-px: a hair of gap, so neighbouring moves of one verdict read as two blocks.
    <li
      className="group absolute inset-y-0 px-px"
      style={{ left: `${leftPct}%`, width: `${widthPct}%` }}
      data-loop-key={loopKey.move(move)}
    >
      <button
        type="button"
        onClick={onJump}
        onFocus={onFocus}
        tabIndex={tabStop ? 0 : -1}
        aria-label={timelineBlockLabel(move, true)}
        aria-describedby={cue ? cueId : undefined}
        data-testid="timeline-move"
        data-verdict={notSeen(move) ? "not-seen" : move.verdict}
        data-timing={timing ?? undefined}
        data-jump-target={jumped || undefined}
        data-looping={looping || undefined}
        className={cx(
          "relative block h-full w-full rounded-[3px] outline-none transition",
          look.block,
          jumped || looping || current ? "opacity-100" : "opacity-75 hover:opacity-100",
          jumped && "ring-2 ring-white",
          looping && "ring-2 ring-fuchsia-300",
          "focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-white",
        )}
      >
        {timing ? (
          // The early/late mark: a notch at the end the move was off towards.
          <span
            aria-hidden
            className={cx(
              "absolute top-1/2 size-0 -translate-y-1/2 border-y-[3.5px] border-y-transparent",
              timing === "late"
                ? "right-0.5 border-l-[4.5px] border-l-night-950"
                : "left-0.5 border-r-[4.5px] border-r-night-950",
            )}
          />
        ) : null}
      </button>
      <span
        role="tooltip"
        className={cx(
          "pointer-events-none invisible absolute bottom-full z-20 mb-2 w-max max-w-[14rem] rounded-lg border border-white/12 bg-night-900/95 px-2.5 py-1.5 text-xs leading-snug text-slate-200 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100",
          side,
        )}
      >
        <span className="font-semibold text-white">{move.count_label}</span>
        <span className="text-slate-400"> · {notSeen(move) ? NOT_SEEN_TEXT : look.label}</span>
        {timingText(move.timing_ms) ? <span className="text-slate-400"> · {timingText(move.timing_ms)}</span> : null}
        {cue ? (
          <span id={cueId} className="mt-0.5 block">
            {cue}
          </span>
        ) : null}
      </span>
    </li>
  );
}

/** A span of the reference in percent of the timeline's length, clamped to it. */
function spanPct(span: { start_s: number; end_s: number }, length: number) {
  const start = Math.min(length, Math.max(0, span.start_s));
  const end = Math.min(length, Math.max(start, span.end_s));
  return { leftPct: (start / length) * 100, widthPct: ((end - start) / length) * 100 };
}

/**
 * The moves laid out under the scrubber: one block per move, placed by its time in the reference
 * and coloured by its verdict, with an early/late notch; hovering or focusing shows its count and
 * cue, pressing it replays the move (moveReplayPlan: a short lead-in, the move, a pause at its end).
 * One tab stop for them all (the move playing, or the one last focused), the arrow keys, Home and
 * End going from move to move: the controls after it are one Tab away, not dozens.
 */
export function MoveTimeline({
  moves,
  length,
  currentMove,
  jumpedMove,
  loopingMove,
  onJump,
  notDanced = [],
}: {
  moves: ReadonlyArray<MoveResult>;
  /** The reference video's length, seconds (0 until known: the moves' own end then). */
  length: number;
  currentMove: number | null;
  jumpedMove: number | null;
  loopingMove: number | null;
  onJump: (move: MoveResult) => void;
  /** Spans of the reference the user's video does not cover (reference seconds): drawn muted, no moves. */
  notDanced?: ReadonlyArray<{ start_s: number; end_s: number }>;
}) {
  const list = useRef<HTMLOListElement>(null);
  // The move last focused while the focus is among the blocks; null: the tab stop follows playback.
  const [focused, setFocused] = useState<number | null>(null);
  const total = timelineLength(length, moves);
  const blocks = timelineBlocks(moves, total, true);
  if (!blocks.length) return null;
  const indices = blocks.map((b) => b.move.index);
  const tabStop = [focused, currentMove, jumpedMove].find((i) => i !== null && indices.includes(i)) ?? indices[0];

  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    const at = indices.indexOf(focused ?? tabStop ?? -1);
    const to =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? at + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? at - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? indices.length - 1
              : null;
    if (to === null) return;
    // The players' arrow keys (seek) stay out of it: here the arrows go from move to move.
    event.preventDefault();
    const next = Math.min(indices.length - 1, Math.max(0, to));
    list.current?.querySelectorAll<HTMLButtonElement>("[data-testid='timeline-move']")[next]?.focus();
  }
  const gaps = total > 0 ? notDanced.map((g) => spanPct(g, total)).filter((g) => g.widthPct > 0) : [];
  return (
    // The range input's thumb keeps ~8 px from each end of its track: so do the blocks, to line up.
    <ol
      ref={list}
      className="relative mx-2 mt-2 h-3"
      aria-label="Moves on the timeline"
      data-testid="move-timeline"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      {gaps.map((g) => (
        // What the user's video does not cover: a muted, dashed span (the section list says it in words).
        <li
          key={g.leftPct}
          aria-hidden
          title="Not in your video"
          data-testid="timeline-not-danced"
          className="absolute inset-y-0 rounded-[3px] border border-dashed border-white/20 bg-white/[0.04]"
          style={{ left: `${g.leftPct}%`, width: `${g.widthPct}%` }}
        />
      ))}
      {blocks.map((b) => (
        <Block
          key={b.move.index}
          block={b}
          current={b.move.index === currentMove}
          jumped={b.move.index === jumpedMove}
          looping={b.move.index === loopingMove}
          tabStop={b.move.index === tabStop}
          onJump={() => onJump(b.move)}
          onFocus={() => setFocused(b.move.index)}
        />
      ))}
    </ol>
  );
}
