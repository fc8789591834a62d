import { Bone, Pause, Play, Repeat, RotateCcw } from "lucide-react";
import type { LoopSpan } from "../../lib/sync";
import { cx } from "../cx";
import type { SyncState } from "./useSyncedPlayback";

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** Seconds as m:ss. */
export function clock(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "0:00";
  const t = Math.floor(s);
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

/** The bar under both players: play/pause, position, restart, speed, skeleton, loop and sync state. */
export function PlaybackControls({
  loading,
  playing,
  time,
  duration,
  speed,
  span,
  aligned,
  syncState,
  skeleton,
  onToggle,
  onSeek,
  onRestart,
  onSpeed,
}: {
  loading: boolean;
  playing: boolean;
  time: number;
  duration: number;
  speed: number;
  span: LoopSpan | null;
  aligned: boolean;
  syncState: SyncState;
  /** The skeleton switch; `available` false when the analysis kept no tracks. */
  skeleton: { shown: boolean; available: boolean; onToggle: () => void };
  onToggle: () => void;
  onSeek: (time: number) => void;
  onRestart: () => void;
  onSpeed: (speed: number) => void;
}) {
  return (
    <div className="rounded-2xl border border-white/10 bg-night-800/50 p-3 sm:p-4">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={onToggle}
          disabled={loading}
          aria-label={playing ? "Pause both videos" : "Play both videos"}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 text-white shadow-lg shadow-accent-600/25 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {playing ? <Pause className="size-5" aria-hidden /> : <Play className="ml-0.5 size-5" aria-hidden />}
        </button>
        <span className="w-10 shrink-0 text-right text-xs tabular-nums text-slate-300">{clock(time)}</span>
        <input
          type="range"
          min={0}
          max={duration || 0}
          step={0.05}
          value={Math.min(time, duration || 0)}
          disabled={loading || !duration}
          onChange={(e) => onSeek(Number(e.currentTarget.value))}
          aria-label="Position"
          aria-valuetext={`${clock(time)} of ${clock(duration)}`}
          className="h-2 min-w-0 flex-1 cursor-pointer accent-accent-500 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <span className="w-10 shrink-0 text-xs tabular-nums text-slate-400">{clock(duration)}</span>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={onRestart}
          disabled={loading}
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-white/12 bg-white/8 px-3 text-sm font-medium text-slate-100 hover:bg-white/14 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <RotateCcw className="size-4" aria-hidden /> Restart
        </button>
        <label className="inline-flex h-9 items-center gap-2 rounded-full border border-white/12 bg-white/8 pl-3 pr-1 text-sm text-slate-300">
          Speed
          <select
            value={speed}
            disabled={loading}
            onChange={(e) => onSpeed(Number(e.currentTarget.value))}
            className="h-7 rounded-full bg-night-800 px-2 text-sm font-medium text-white outline-none disabled:opacity-50"
          >
            {PLAYBACK_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s === 1 ? "Normal" : `${s}x`}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={skeleton.onToggle}
          disabled={!skeleton.available}
          aria-pressed={skeleton.shown}
          className={cx(
            "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50",
            skeleton.shown
              ? "border-accent-400/50 bg-accent-500/15 text-accent-200"
              : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14",
          )}
        >
          <Bone className="size-4" aria-hidden /> Skeleton
        </button>
        {span ? (
          <span
            className="inline-flex h-9 items-center gap-1.5 rounded-full border border-fuchsia-400/50 bg-fuchsia-500/15 px-3 text-sm font-medium text-fuchsia-100"
            data-testid="loop-indicator"
          >
            <Repeat className="size-4" aria-hidden /> Looping {clock(span.start)}–{clock(span.end)}
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
