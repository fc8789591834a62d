import {
  Bone,
  ChevronLeft,
  ChevronRight,
  FlipHorizontal2,
  Ghost,
  PictureInPicture2,
  Pause,
  Play,
  Repeat,
  RotateCcw,
  X,
} from "lucide-react";
import type { ReactNode } from "react";
import { cx } from "../cx";
import type { PlayerLayout } from "./layout";
import { PLAYBACK_SPEEDS, type PracticeLoop, speedLabel } from "./practice";
import { formatClock } from "../../lib/format";
import { ShortcutHelp } from "./ShortcutHelp";
import type { SyncState } from "./useSyncedPlayback";

const pill =
  "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50";
const pillColours = (on: boolean) =>
  on
    ? "border-accent-400/50 bg-accent-500/15 text-accent-200"
    : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14";
const iconButton =
  "inline-flex size-9 items-center justify-center rounded-full border border-white/12 bg-white/8 text-slate-200 transition hover:bg-white/14 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The bar under both players: play/pause, position (with the moves' timeline under it), restart,
 * frame steps, speed, mirror, skeleton, the phone layout switch, the shortcuts' help, the loop
 * chip and the sync state.
 */
export function PlaybackControls({
  loading,
  playing,
  time,
  duration,
  speed,
  loop,
  aligned,
  syncState,
  skeleton,
  ghost,
  mirror,
  layout,
  help,
  timeline,
  onToggle,
  onSeek,
  onRestart,
  onSpeed,
  onStep,
  onStopLoop,
}: {
  loading: boolean;
  playing: boolean;
  time: number;
  duration: number;
  /** The speed playing now (the loop's while looping). */
  speed: number;
  loop: PracticeLoop | null;
  aligned: boolean;
  syncState: SyncState;
  /** The skeleton switch; `available` false when the analysis kept no tracks. */
  skeleton: { shown: boolean; available: boolean; onToggle: () => void };
  /** The teacher's pose over the user's video; `available` false when the routines do not pair up. */
  ghost: { shown: boolean; available: boolean; onToggle: () => void };
  mirror: { on: boolean; onToggle: () => void };
  layout: { value: PlayerLayout; onChange: (layout: PlayerLayout) => void };
  help: { open: boolean; onOpenChange: (open: boolean) => void };
  /** Shown under the scrubber, aligned with it (the moves). */
  timeline?: ReactNode;
  onToggle: () => void;
  onSeek: (time: number) => void;
  onRestart: () => void;
  onSpeed: (speed: number) => void;
  onStep: (dir: 1 | -1) => void;
  onStopLoop: () => void;
}) {
  const pip = layout.value === "pip";
  return (
    <div className="relative rounded-2xl border border-white/10 bg-night-800/50 p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={onToggle}
          disabled={loading}
          aria-label={playing ? "Pause both videos" : "Play both videos"}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 text-white shadow-lg shadow-accent-600/25 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {playing ? <Pause className="size-5" aria-hidden /> : <Play className="ml-0.5 size-5" aria-hidden />}
        </button>
        <span className="mt-3.5 hidden w-9 shrink-0 text-right text-xs tabular-nums text-slate-300 sm:block">
          {formatClock(time)}
        </span>
        <div className="min-w-0 flex-1 pt-3">
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.05}
            value={Math.min(time, duration || 0)}
            disabled={loading || !duration}
            onChange={(e) => onSeek(Number(e.currentTarget.value))}
            aria-label="Position"
            aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
            className="block h-2 w-full cursor-pointer accent-accent-500 disabled:cursor-not-allowed disabled:opacity-50"
          />
          {timeline}
          {/* On a phone the times go under the scrubber, which gets the width. */}
          <span className="mx-2 mt-1.5 flex justify-between text-xs tabular-nums text-slate-400 sm:hidden">
            <span className="text-slate-300">{formatClock(time)}</span>
            {formatClock(duration)}
          </span>
        </div>
        <span className="mt-3.5 hidden w-9 shrink-0 text-xs tabular-nums text-slate-400 sm:block">
          {formatClock(duration)}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onRestart}
          disabled={loading}
          className={cx(pill, pillColours(false), "max-sm:w-9 max-sm:justify-center max-sm:px-0")}
        >
          <RotateCcw className="size-4 shrink-0" aria-hidden /> <span className="max-sm:sr-only">Restart</span>
        </button>
        <span className="inline-flex gap-1">
          <button
            type="button"
            onClick={() => onStep(-1)}
            disabled={loading}
            aria-label="Previous frame"
            title="Previous frame (,)"
            className={iconButton}
          >
            <ChevronLeft className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => onStep(1)}
            disabled={loading}
            aria-label="Next frame"
            title="Next frame (.)"
            className={iconButton}
          >
            <ChevronRight className="size-4" aria-hidden />
          </button>
        </span>
        <label
          className={cx(
            "inline-flex h-9 items-center gap-2 rounded-full border pl-3 pr-1 text-sm",
            loop
              ? "border-fuchsia-400/50 bg-fuchsia-500/10 text-fuchsia-100"
              : "border-white/12 bg-white/8 text-slate-300",
          )}
        >
          <span aria-hidden title="Slower or faster ([ and ])">
            {loop ? "Loop speed" : "Speed"}
          </span>
          <select
            aria-label={loop ? "Loop speed" : "Speed"}
            value={speed}
            disabled={loading}
            onChange={(e) => onSpeed(Number(e.currentTarget.value))}
            className="h-7 rounded-full bg-night-800 px-2 text-sm font-medium text-white outline-none disabled:opacity-50"
          >
            {PLAYBACK_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {speedLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <TogglePill on={mirror.on} onToggle={mirror.onToggle} title="Mirror the reference (M)">
          <FlipHorizontal2 className="size-4" aria-hidden /> Mirror
        </TogglePill>
        <TogglePill
          on={skeleton.shown}
          onToggle={skeleton.onToggle}
          disabled={!skeleton.available}
          title="Draw your skeleton, coloured by score (S)"
        >
          <Bone className="size-4" aria-hidden /> Skeleton
        </TogglePill>
        <TogglePill
          on={ghost.shown}
          onToggle={ghost.onToggle}
          disabled={!ghost.available}
          title="Draw the teacher's pose faintly over your video (G)"
        >
          <Ghost className="size-4" aria-hidden /> Ghost
        </TogglePill>
        <TogglePill
          on={pip}
          onToggle={() => layout.onChange(pip ? "both" : "pip")}
          title="Show the reference as a small picture over your video"
          className="md:hidden"
        >
          <PictureInPicture2 className="size-4" aria-hidden /> Picture in picture
        </TogglePill>
        <ShortcutHelp open={help.open} onOpenChange={help.onOpenChange} />
        {loop ? (
          <span
            className="inline-flex h-9 max-w-full items-center gap-1.5 rounded-full border border-fuchsia-400/50 bg-fuchsia-500/15 pl-3 pr-1 text-sm font-medium text-fuchsia-100"
            data-testid="loop-indicator"
          >
            <Repeat className="size-4 shrink-0" aria-hidden />
            <span className="truncate">Looping {loop.label}</span>
            <button
              type="button"
              onClick={onStopLoop}
              aria-label={`Stop looping ${loop.label}`}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
            >
              <X className="size-4" aria-hidden />
            </button>
          </span>
        ) : null}
        <SyncIndicator loading={loading} aligned={aligned} state={syncState} />
      </div>
    </div>
  );
}

/** Whether the pair is in step: a coloured dot and a word. */
function SyncIndicator({ loading, aligned, state }: { loading: boolean; aligned: boolean; state: SyncState }) {
  const text =
    state === "resyncing" ? "Re-syncing" : state === "adjusting" ? "Adjusting" : aligned ? "In sync" : "Synced";
  return (
    <span
      className="ml-auto inline-flex items-center gap-2 text-xs text-slate-400"
      title="The two videos are kept in step by the analysis's time map"
    >
      <span
        aria-hidden
        className={cx(
          "size-2 rounded-full",
          loading
            ? "bg-slate-500"
            : state === "synced"
              ? "bg-emerald-400"
              : state === "adjusting"
                ? "bg-yellow-300"
                : "animate-pulse bg-accent-400",
        )}
      />
      {loading ? "Loading videos…" : text}
    </span>
  );
}

/** A switch of the practice controls: a pill that shows whether it is on (aria-pressed). */
function TogglePill({
  on,
  onToggle,
  disabled,
  title,
  className,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  disabled?: boolean;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={disabled}
      aria-pressed={on}
      title={title}
      className={cx(pill, pillColours(on), className)}
    >
      {children}
    </button>
  );
}
