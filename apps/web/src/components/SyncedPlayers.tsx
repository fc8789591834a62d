import { Bone, Pause, Play, Repeat, RotateCcw, TriangleAlert } from "lucide-react";
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import type { CompactTrack } from "@stepsync/contracts";
import { COMPARE_TEXTS } from "../constants/texts";
import { videoErrorText } from "../pages/compare/logic";
import {
  baseUserRate,
  decideSync,
  hasTimeMap,
  type LoopSpan,
  loopAction,
  loopSpan,
  refToUser,
  SYNC,
  syncSettings,
  type TimeMap,
} from "../lib/sync";
import { cx } from "./cx";
import { PoseOverlay } from "./PoseOverlay";

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** How often a loop checks whether the reference reached the end of its span. */
const LOOP_CHECK_MS = 100;

export interface SyncedPlayersHandle {
  /** Seek both to `start` (reference seconds), play, and pause at `stopAt` (stops any loop). */
  playSpan(start: number, stopAt: number): void;
}

function fmt(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "0:00";
  const t = Math.floor(s);
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "AbortError" || error.name === "NotAllowedError");
}

/**
 * The reference and the user's video side by side (stacked on phones), playing in step: the
 * reference leads, the user video follows through the engine's time map (see lib/sync.ts).
 */
export function SyncedPlayers({
  referenceUrl,
  userUrl,
  timeMap,
  tracks,
  problematicJoints,
  onTime,
  loop,
  ref,
}: {
  referenceUrl: string;
  userUrl: string;
  timeMap: TimeMap | null | undefined;
  tracks: { reference: CompactTrack; user: CompactTrack } | null;
  problematicJoints: ReadonlyArray<string>;
  onTime?: (refTime: number) => void;
  /** Keep both videos looping over this span of the reference (seconds); null: no loop. */
  loop?: LoopSpan | null;
  ref?: Ref<SyncedPlayersHandle>;
}) {
  const refVideo = useRef<HTMLVideoElement>(null);
  const userVideo = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState({ reference: false, user: false });
  const [errors, setErrors] = useState<{ reference: string | null; user: string | null }>({
    reference: null,
    user: null,
  });
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [showSkeleton, setShowSkeleton] = useState(true);
  const [syncState, setSyncState] = useState<"synced" | "adjusting" | "resyncing">("synced");
  const [playError, setPlayError] = useState<string | null>(null);
  const aligned = hasTimeMap(timeMap);
  const settings = syncSettings(aligned);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spanTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pauseChecksUntil = useRef(0);
  const speedRef = useRef(speed);
  speedRef.current = speed;
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;
  const loading = !(ready.reference && ready.user);
  const loopStart = loop?.start;
  const loopEnd = loop?.end;
  const span = useMemo(
    () =>
      loopStart === undefined || loopEnd === undefined
        ? null
        : loopSpan(loopStart, loopEnd - loopStart, duration || null),
    [loopStart, loopEnd, duration],
  );
  const spanRef = useRef(span);
  spanRef.current = span;

  const placeUser = useCallback(
    (refTime: number) => {
      const user = userVideo.current;
      if (!user) return;
      const target = refToUser(timeMap, refTime);
      const end = Number.isFinite(user.duration) ? user.duration : target;
      user.currentTime = Math.max(0, Math.min(end, target));
      user.playbackRate = baseUserRate(timeMap, refTime, speedRef.current);
    },
    [timeMap],
  );

  const pauseBoth = useCallback(() => {
    refVideo.current?.pause();
    userVideo.current?.pause();
  }, []);

  const playBoth = useCallback(async () => {
    const r = refVideo.current;
    const u = userVideo.current;
    if (!r || !u) return;
    if (r.ended || r.currentTime >= (r.duration || Number.POSITIVE_INFINITY) - 0.05) r.currentTime = 0;
    const looping = loopAction(spanRef.current, r.currentTime);
    if (looping.kind === "restart") r.currentTime = looping.to;
    placeUser(r.currentTime);
    setPlayError(null);
    try {
      await Promise.all([r.play(), u.play()]);
    } catch (error) {
      if (!isAbort(error)) setPlayError(COMPARE_TEXTS.playbackError(error instanceof Error ? error.message : null));
    }
  }, [placeUser]);

  const seek = useCallback(
    (t: number) => {
      const r = refVideo.current;
      if (!r) return;
      r.currentTime = Math.max(0, t);
      placeUser(r.currentTime);
      setTime(r.currentTime);
    },
    [placeUser],
  );

  const playRef = useRef(playBoth);
  playRef.current = playBoth;

  // A new loop starts playing at its span's start; turning the loop off leaves playback alone.
  const spanStart = span?.start;
  useEffect(() => {
    if (spanStart === undefined) return;
    clearTimeout(spanTimer.current);
    seek(spanStart);
    void playRef.current();
  }, [spanStart, seek]);

  // While looping and playing: back to the span's start at its end (or after a seek outside it).
  useEffect(() => {
    if (!span || !playing) return;
    const timer = setInterval(() => {
      const r = refVideo.current;
      if (!r || r.paused || r.seeking) return;
      const looping = loopAction(span, r.currentTime);
      if (looping.kind === "restart") seek(looping.to);
    }, LOOP_CHECK_MS);
    return () => clearInterval(timer);
  }, [span, playing, seek]);

  useImperativeHandle(
    ref,
    () => ({
      playSpan(start: number, stopAt: number) {
        clearTimeout(spanTimer.current);
        // A section jump supersedes a loop (the parent turns it off; don't wait for its render).
        spanRef.current = null;
        seek(start);
        void playBoth();
        const ms = Math.max(0, (stopAt - start) * 1000) / speedRef.current;
        spanTimer.current = setTimeout(() => {
          pauseBoth();
          seek(stopAt);
        }, ms);
      },
    }),
    [seek, playBoth, pauseBoth],
  );

  // Reference events drive the pair: play, pause, end, time.
  useEffect(() => {
    const r = refVideo.current;
    const u = userVideo.current;
    if (!r || !u) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => {
      setPlaying(false);
      u.pause();
    };
    const onEnded = () => {
      setPlaying(false);
      u.pause();
      // A loop whose span runs to the end of the video starts over instead of stopping.
      const looping = loopAction(spanRef.current, r.currentTime, true);
      if (looping.kind === "restart") {
        r.currentTime = looping.to;
        void playRef.current();
      }
    };
    const onTimeUpdate = () => {
      setTime(r.currentTime);
      onTimeRef.current?.(r.currentTime);
    };
    const onMeta = () => setDuration(Number.isFinite(r.duration) ? r.duration : 0);
    r.addEventListener("play", onPlay);
    r.addEventListener("pause", onPause);
    r.addEventListener("ended", onEnded);
    r.addEventListener("timeupdate", onTimeUpdate);
    r.addEventListener("seeked", onTimeUpdate);
    r.addEventListener("loadedmetadata", onMeta);
    r.addEventListener("durationchange", onMeta);
    return () => {
      r.removeEventListener("play", onPlay);
      r.removeEventListener("pause", onPause);
      r.removeEventListener("ended", onEnded);
      r.removeEventListener("timeupdate", onTimeUpdate);
      r.removeEventListener("seeked", onTimeUpdate);
      r.removeEventListener("loadedmetadata", onMeta);
      r.removeEventListener("durationchange", onMeta);
    };
  }, []);

  // The drift check every 500 ms while playing.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const r = refVideo.current;
      const u = userVideo.current;
      if (!r || !u || r.paused || u.seeking || r.seeking) return;
      if (Date.now() < pauseChecksUntil.current) return;
      const decision = decideSync({
        refTime: r.currentTime,
        userTime: u.currentTime,
        speed: speedRef.current,
        map: timeMap,
        settings,
      });
      const userEnd = Number.isFinite(u.duration) ? u.duration : Number.POSITIVE_INFINITY;
      if (decision.kind === "jump") {
        if (decision.target >= userEnd) {
          if (!u.paused) u.pause();
          return;
        }
        u.currentTime = Math.max(0, decision.target);
        if (u.paused) void u.play().catch(() => undefined);
        pauseChecksUntil.current = Date.now() + SYNC.indicatorPauseMs;
        setSyncState("resyncing");
        setTimeout(() => setSyncState("synced"), SYNC.indicatorPauseMs);
      } else if (decision.kind === "nudge") {
        u.playbackRate = decision.rate;
        setSyncState("adjusting");
        clearTimeout(resetTimer.current);
        resetTimer.current = setTimeout(() => {
          const rr = refVideo.current;
          if (u && rr) u.playbackRate = baseUserRate(timeMap, rr.currentTime, speedRef.current);
          resetTimer.current = undefined;
          setSyncState("synced");
        }, settings.resetMs);
      } else if (resetTimer.current === undefined) {
        // In step: follow the map's local tempo (a slower or faster performance plays at its own pace).
        const base = baseUserRate(timeMap, r.currentTime, speedRef.current);
        if (Math.abs(u.playbackRate - base) > 0.01) u.playbackRate = base;
      }
    }, SYNC.checkMs);
    return () => clearInterval(timer);
  }, [playing, timeMap, settings]);

  useEffect(
    () => () => {
      clearTimeout(resetTimer.current);
      clearTimeout(spanTimer.current);
    },
    [],
  );

  function changeSpeed(next: number) {
    setSpeed(next);
    speedRef.current = next;
    const r = refVideo.current;
    const u = userVideo.current;
    if (r) r.playbackRate = next;
    if (u && r) u.playbackRate = baseUserRate(timeMap, r.currentTime, next);
  }

  function restart() {
    clearTimeout(spanTimer.current);
    if (spanRef.current) {
      seek(spanRef.current.start);
      return;
    }
    const r = refVideo.current;
    const u = userVideo.current;
    if (r) r.currentTime = 0;
    if (u) u.currentTime = 0;
    setTime(0);
    onTimeRef.current?.(0);
  }

  const onVideoError = (which: "reference" | "user") => (event: { currentTarget: HTMLVideoElement }) => {
    const text = videoErrorText(event.currentTarget.error?.code);
    setErrors((e) => ({ ...e, [which]: text }));
    setReady((r) => ({ ...r, [which]: true }));
  };

  const panel = (which: "reference" | "user") => {
    const isRef = which === "reference";
    const videoRef = isRef ? refVideo : userVideo;
    const error = errors[which];
    return (
      <figure className="min-w-0">
        <figcaption className="mb-2 flex items-center justify-between gap-2 text-sm">
          <span className="font-semibold text-white">{isRef ? "Reference" : "Your performance"}</span>
          {!isRef && showSkeleton && tracks ? (
            <span className="inline-flex items-center gap-3 text-xs text-slate-400">
              <span className="inline-flex items-center gap-1">
                <span className="h-1 w-4 rounded-full bg-accent-400" aria-hidden /> on track
              </span>
              <span className="inline-flex items-center gap-1">
                <span className="h-1 w-4 rounded-full bg-rose-500" aria-hidden /> needs work
              </span>
            </span>
          ) : null}
        </figcaption>
        <div className="relative aspect-video overflow-hidden rounded-2xl border border-white/10 bg-black">
          <video
            ref={videoRef}
            src={isRef ? referenceUrl : userUrl}
            className="absolute inset-0 size-full object-contain"
            playsInline
            preload="auto"
            muted={!isRef}
            aria-label={isRef ? "Reference video" : "Your performance video"}
            data-testid={isRef ? "reference-player" : "user-player"}
            onLoadedData={() => setReady((r) => ({ ...r, [which]: true }))}
            onError={onVideoError(which)}
          />
          <PoseOverlay
            videoRef={videoRef}
            track={isRef ? tracks?.reference : tracks?.user}
            problematicJoints={problematicJoints}
            visible={showSkeleton && !error}
          />
          {error ? (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-night-950/85 p-4 text-center text-sm text-rose-200"
            >
              <TriangleAlert className="size-6" aria-hidden />
              {error}
            </div>
          ) : !ready[which] ? (
            <div className="absolute inset-0 flex items-center justify-center bg-night-950/60">
              <span className="size-8 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
            </div>
          ) : null}
        </div>
      </figure>
    );
  };

  const syncText =
    syncState === "resyncing" ? "Re-syncing" : syncState === "adjusting" ? "Adjusting" : aligned ? "In sync" : "Synced";

  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {panel("reference")}
        {panel("user")}
      </div>
      {playError ? (
        <p role="alert" className="text-sm text-rose-300">
          {playError}
        </p>
      ) : null}
      <div className="rounded-2xl border border-white/10 bg-night-800/50 p-3 sm:p-4">
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => (playing ? pauseBoth() : void playBoth())}
            disabled={loading}
            aria-label={playing ? "Pause both videos" : "Play both videos"}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 text-white shadow-lg shadow-accent-600/25 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {playing ? <Pause className="size-5" aria-hidden /> : <Play className="ml-0.5 size-5" aria-hidden />}
          </button>
          <span className="w-10 shrink-0 text-right text-xs tabular-nums text-slate-300">{fmt(time)}</span>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.05}
            value={Math.min(time, duration || 0)}
            disabled={loading || !duration}
            onChange={(e) => seek(Number(e.currentTarget.value))}
            aria-label="Position"
            aria-valuetext={`${fmt(time)} of ${fmt(duration)}`}
            className="h-2 min-w-0 flex-1 cursor-pointer accent-accent-500 disabled:cursor-not-allowed disabled:opacity-50"
          />
          <span className="w-10 shrink-0 text-xs tabular-nums text-slate-400">{fmt(duration)}</span>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={restart}
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
              onChange={(e) => changeSpeed(Number(e.currentTarget.value))}
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
            onClick={() => setShowSkeleton((v) => !v)}
            disabled={!tracks}
            aria-pressed={showSkeleton}
            className={cx(
              "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50",
              showSkeleton
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
              <Repeat className="size-4" aria-hidden /> Looping {fmt(span.start)}–{fmt(span.end)}
            </span>
          ) : null}
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
                  : syncState === "synced"
                    ? "bg-emerald-400"
                    : syncState === "adjusting"
                      ? "bg-yellow-300"
                      : "animate-pulse bg-accent-400",
              )}
            />
            {loading ? "Loading videos…" : syncText}
          </span>
        </div>
      </div>
    </div>
  );
}
