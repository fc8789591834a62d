import type { MoveResult } from "@stepsync/contracts";
import { Play, Repeat } from "lucide-react";
import { useId } from "react";
import { cx } from "../../components/cx";
import { DrillButton } from "../../components/drill/DrillHost";
import { formatClock } from "../../lib/format";
import { moveButtonLabel } from "./moves";
import { moveName, NOT_SEEN_WHY, notSeen, timingText } from "../../lib/verdicts";
import { loopKey } from "./practice-loop";
import { VerdictChip } from "../../components/VerdictChip";
import { PractiseButton } from "./PractisePart";

function MoveRow({
  move,
  jumped,
  looping,
  onJump,
  onLoop,
  onPractise,
}: {
  move: MoveResult;
  jumped: boolean;
  looping: boolean;
  onJump: () => void;
  onLoop: () => void;
  onPractise?: () => void;
}) {
  const cueId = useId();
  const timing = timingText(move.timing_ms);
  const cue = move.cue;
  const name = moveName(move);
  return (
    <li className="flex items-start gap-1" data-loop-key={loopKey.move(move)}>
      <button
        type="button"
        onClick={onJump}
        aria-label={moveButtonLabel(move, true)}
        aria-describedby={cue ? cueId : undefined}
        data-testid="move-row"
        data-verdict={notSeen(move) ? "not-seen" : move.verdict}
        data-jumped={jumped || undefined}
        className={cx(
          "group grid min-w-0 flex-1 grid-cols-[4.75rem_minmax(0,1fr)] items-start gap-x-3 rounded-xl px-2.5 py-2 text-left transition",
          jumped ? "bg-accent-500/15 ring-1 ring-accent-400/60" : "hover:bg-white/[0.06]",
        )}
      >
        <span className="flex min-w-0 flex-col">
          <span className="truncate text-sm font-semibold tabular-nums text-slate-100">{move.count_label}</span>
          <span className="inline-flex items-center gap-1 text-xs tabular-nums text-slate-500 group-hover:text-accent-300">
            <Play className="size-3" aria-hidden />
            {formatClock(move.start_s)}
          </span>
        </span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <VerdictChip move={move} />
            {notSeen(move) ? <span className="text-xs text-slate-400">{NOT_SEEN_WHY}</span> : null}
            {timing ? <span className="text-xs text-slate-300">{timing}</span> : null}
          </span>
          {cue ? (
            <span id={cueId} className="text-sm leading-snug text-slate-300">
              {cue}
            </span>
          ) : null}
        </span>
      </button>
      <button
        type="button"
        onClick={onLoop}
        aria-pressed={looping}
        aria-label={`Loop ${name}`}
        title={looping ? `Stop looping ${name}` : `Play ${name} over and over`}
        data-testid="move-loop"
        className={cx(
          "mt-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full border transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400",
          looping
            ? "border-fuchsia-400/60 bg-fuchsia-500/20 text-fuchsia-100"
            : "border-transparent text-slate-500 hover:border-white/12 hover:bg-white/8 hover:text-white",
        )}
      >
        <Repeat className={cx("size-3.5", looping && "animate-pulse")} aria-hidden />
      </button>
      {onPractise ? <PractiseButton label={name} onClick={onPractise} compact className="mt-1.5" /> : null}
      <DrillButton move={move} className="mt-1.5" />
    </li>
  );
}

/** A section's moves, each a button that replays the move in both players, with a button to loop it. */
export function MoveList({
  moves,
  jumpedMove,
  loopingMove,
  onJump,
  onLoop,
  onPractise,
  label,
}: {
  moves: ReadonlyArray<MoveResult>;
  jumpedMove: number | null;
  loopingMove: number | null;
  onJump: (move: MoveResult) => void;
  onLoop: (move: MoveResult) => void;
  /** "Practise this part" on each move (absent where there is nothing to practise against). */
  onPractise?: (move: MoveResult) => void;
  label: string;
}) {
  return (
    <ol className="-mx-2.5 mt-3 space-y-0.5 border-t border-white/8 pt-2" aria-label={label}>
      {moves.map((m) => (
        <MoveRow
          key={m.index}
          move={m}
          jumped={m.index === jumpedMove}
          looping={m.index === loopingMove}
          onJump={() => onJump(m)}
          onLoop={() => onLoop(m)}
          onPractise={onPractise ? () => onPractise(m) : undefined}
        />
      ))}
    </ol>
  );
}
