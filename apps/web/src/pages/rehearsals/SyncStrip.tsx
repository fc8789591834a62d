import { TriangleAlert } from "lucide-react";
import type { RehearsalDancer, RehearsalMoveSync as RehearsalMove } from "@stepsync/contracts";
import { cx } from "../../components/cx";
import { formatClock } from "../../lib/format";
import {
  clockTenths,
  GROUP_ON_TIME_MS,
  groupTimingText,
  moveLabel,
  spanPercent,
  TIMING_LOOK,
  type Timing,
  timeTicks,
  timingOf,
} from "./rehearsal-view";

/** Below this width per move the strip scrolls inside itself rather than squeeze the moves. */
const MIN_MOVE_PX = 26;

/** The three timings with colour and symbol, and the mark of a move where the group falls apart. */
export function SyncLegend() {
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-xs text-slate-300" aria-label="Legend">
      {(Object.keys(TIMING_LOOK) as Timing[]).map((t) => (
        <li key={t} className="inline-flex items-center gap-1.5">
          <TimingMark timing={t} />
          {TIMING_LOOK[t].label}
          {t === "on_time" ? <span className="text-slate-500">(within {GROUP_ON_TIME_MS} ms)</span> : null}
        </li>
      ))}
      <li className="inline-flex items-center gap-1.5">
        <span className="inline-flex size-5 items-center justify-center rounded bg-rose-500/25 ring-1 ring-rose-400/60">
          <TriangleAlert className="size-3 text-rose-200" aria-hidden />
        </span>
        The group falls apart
      </li>
    </ul>
  );
}

function TimingMark({ timing, className }: { timing: Timing; className?: string }) {
  const look = TIMING_LOOK[timing];
  return (
    <span
      className={cx("inline-flex size-5 items-center justify-center rounded text-[10px] text-night-950", className)}
      style={{ backgroundColor: look.colour }}
      aria-hidden
    >
      {look.symbol}
    </span>
  );
}

/**
 * The sync strip: one row per dancer, the moves laid on the video's own time (a long move is wide,
 * a pause is a gap), each cell saying whether that dancer was early, on time or late against the
 * group's middle; the moves where the group falls apart are marked across every row. A move's
 * button (and a click on its cells) plays the video from that move.
 */
export function SyncStrip({
  moves,
  dancers,
  duration,
  time,
  onSeek,
}: {
  moves: readonly RehearsalMove[];
  dancers: readonly RehearsalDancer[];
  duration: number;
  /** The video's current time, for the playhead. */
  time: number;
  onSeek: (t: number) => void;
}) {
  const ticks = timeTicks(duration);
  const playhead = duration > 0 ? Math.max(0, Math.min(100, (time / duration) * 100)) : 0;
  return (
    <div className="space-y-3" data-testid="sync-strip">
      <SyncLegend />
      <div className="overflow-x-auto pb-1">
        <div
          className="relative grid grid-cols-[var(--label)_minmax(0,1fr)] gap-y-1.5 [--label:5.5rem] sm:[--label:7rem]"
          style={{ minWidth: `max(100%, calc(7rem + ${moves.length * MIN_MOVE_PX}px))` }}
        >
          <div className="flex items-center text-xs font-medium text-slate-400">Moves</div>
          <div className="relative h-8">
            {moves.map((m) => {
              const { left, width } = spanPercent(m, duration);
              return (
                <button
                  key={m.index}
                  type="button"
                  onClick={() => onSeek(m.start_s)}
                  aria-label={`Play ${moveLabel(m)} from ${clockTenths(m.start_s)}${m.falls_apart ? ": the group falls apart here" : ""}`}
                  title={`${moveLabel(m)} · ${clockTenths(m.start_s)}`}
                  data-testid="strip-move"
                  data-falls-apart={m.falls_apart || undefined}
                  className={cx(
                    "absolute inset-y-0 flex items-center justify-center overflow-hidden rounded-md border text-[10px] font-semibold tabular-nums transition focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-accent-400",
                    m.falls_apart
                      ? "border-rose-400/70 bg-rose-500/25 text-rose-100 hover:bg-rose-500/40"
                      : "border-white/10 bg-white/[0.06] text-slate-300 hover:bg-white/15",
                  )}
                  style={{ left: `${left}%`, width: `calc(${width}% - 2px)` }}
                >
                  {m.falls_apart ? <TriangleAlert className="size-3.5 shrink-0" aria-hidden /> : m.index + 1}
                </button>
              );
            })}
          </div>
          {dancers.map((d) => (
            <DancerRow key={d.id} dancer={d} moves={moves} duration={duration} onSeek={onSeek} />
          ))}
          <div />
          <div className="relative h-5 text-[10px] tabular-nums text-slate-500" aria-hidden>
            {ticks.map((t, i) => (
              <span
                key={t}
                // On a phone every other mark: nine labels in 250 px ran into each other.
                className={cx(
                  "absolute top-0 border-white/15",
                  // The mark at the end reads leftwards, so it stays inside the strip.
                  t > duration * 0.95 ? "-translate-x-full border-r pr-0.5" : "border-l pl-0.5",
                  ticks.length > 5 && i % 2 === 1 && "max-sm:hidden",
                )}
                style={{ left: `${(t / duration) * 100}%` }}
              >
                {formatClock(t)}
              </span>
            ))}
          </div>
          {/* Where the video is: a line down the moves and every dancer's row. */}
          <div
            className="pointer-events-none absolute top-0 bottom-5 w-0.5 -translate-x-1/2 rounded bg-white/80"
            style={{ left: `calc(var(--label) + (100% - var(--label)) * ${playhead / 100})` }}
            aria-hidden
            data-testid="strip-playhead"
          />
        </div>
      </div>
    </div>
  );
}

function DancerRow({
  dancer,
  moves,
  duration,
  onSeek,
}: {
  dancer: RehearsalDancer;
  moves: readonly RehearsalMove[];
  duration: number;
  onSeek: (t: number) => void;
}) {
  return (
    <>
      <div className="flex min-w-0 items-center gap-1.5 text-xs text-slate-200">
        <DancerChip dancer={dancer} small />
        <span className="truncate">{dancer.member?.name ?? `Dancer ${dancer.id}`}</span>
      </div>
      <ul className="relative h-7" aria-label={`Dancer ${dancer.id}'s timing on each move`}>
        {moves.map((m) => {
          const ms = m.dancers.find((x) => x.id === dancer.id)?.ms ?? null;
          const timing = timingOf(ms);
          const { left, width } = spanPercent(m, duration);
          return (
            // A click plays the move (the move's button above does it from the keyboard).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the move's button is the keyboard's way
            <li
              key={m.index}
              className={cx(
                "absolute inset-y-0 flex cursor-pointer items-center justify-center overflow-hidden rounded-md text-[10px] text-night-950",
                m.falls_apart && "ring-2 ring-inset ring-rose-400/80",
                timing === null && "bg-white/[0.04] text-slate-500",
              )}
              style={{
                left: `${left}%`,
                width: `calc(${width}% - 2px)`,
                backgroundColor: timing ? TIMING_LOOK[timing].colour : undefined,
              }}
              onClick={() => onSeek(m.start_s)}
              title={`${moveLabel(m)}: ${groupTimingText(ms)}`}
              data-testid="strip-cell"
              data-timing={timing ?? "unseen"}
            >
              <span aria-hidden>{timing ? TIMING_LOOK[timing].symbol : "·"}</span>
              <span className="sr-only">
                {moveLabel(m)}: {groupTimingText(ms)}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A dancer's colour with their number in it: the number tells them apart without the colour. */
export function DancerChip({
  dancer,
  small = false,
}: {
  dancer: Pick<RehearsalDancer, "id" | "colour">;
  small?: boolean;
}) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center justify-center rounded-full font-bold text-night-950 ring-2 ring-white/20",
        small ? "size-5 text-[11px]" : "size-8 text-sm",
      )}
      style={{ backgroundColor: dancer.colour }}
      aria-hidden
      data-testid="dancer-chip"
    >
      {dancer.id}
    </span>
  );
}
