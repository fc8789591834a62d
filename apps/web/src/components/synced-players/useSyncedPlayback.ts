import { hasTimeMap, type TimeMap } from "@stepsync/contracts";
import { type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from "react";
import { COMPARE_TEXTS } from "../../constants/texts";
import {
  baseUserRate,
  decideSync,
  type LoopSpan,
  loopAction,
  loopSpan,
  refToUser,
  SYNC,
  syncSettings,
} from "../../lib/sync";
import { videoErrorText } from "../../lib/video-checks";
import { effectiveSpeed, FRAME, frameStepTarget, seekTarget, userFrameStep } from "./practice";

/** How often a loop checks whether the reference reached the end of its span. */
const LOOP_CHECK_MS = 100;

export type Which = "reference" | "user";
export type SyncState = "synced" | "adjusting" | "resyncing";

export interface SyncedPlayersHandle {
  /** Seek both to `start` (reference seconds), play, and pause at `stopAt` (stops any loop). */
  playSpan(start: number, stopAt: number): void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "AbortError" || error.name === "NotAllowedError");
}

/**
 * Plays two videos in step: the reference leads, the user video follows through the engine's time
 * map (see lib/sync.ts), with drift checks, an optional loop over a span (at its own speed once
 * one is chosen), seeks and frame steps, and `playSpan` for the parent. Every way of moving goes
 * through `seek`, which places the user video by the map, and every rate through `rate`, which the
 * drift check also reads: the sync rules hold whatever the mode. Attach `refVideo` / `userVideo` to
 * the two <video> elements.
 */
export function useSyncedPlayback({
  timeMap,
  onTime,
  loop,
  frameFps = FRAME.defaultFps,
  handle,
}: {
  timeMap: TimeMap | null | undefined;
  onTime?: (refTime: number) => void;
  /** Keep both videos looping over this span of the reference (seconds); null: no loop. */
  loop?: LoopSpan | null;
  /** The frame rate a frame step steps by. */
  frameFps?: number;
  handle?: Ref<SyncedPlayersHandle>;
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
  // The speed loops play at, once chosen while looping (null: the playback speed); kept for the next loop.
  const [loopSpeed, setLoopSpeed] = useState<number | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [syncState, setSyncState] = useState<SyncState>("synced");
  const [playError, setPlayError] = useState<string | null>(null);
  const aligned = hasTimeMap(timeMap);
  const settings = syncSettings(aligned);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spanTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pauseChecksUntil = useRef(0);
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
  /** The rate both videos play at (the user video's scaled by the map's local tempo). */
  const rate = effectiveSpeed(speed, loopSpeed, span !== null);
  const speedRef = useRef(rate);
  speedRef.current = rate;

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

  // Reference events drive the pair: play, pause, end, time. (Listening before any effect below
  // can start playback.)
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
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ["play", onPlay],
      ["pause", onPause],
      ["ended", onEnded],
      ["timeupdate", onTimeUpdate],
      ["seeked", onTimeUpdate],
      ["loadedmetadata", onMeta],
      ["durationchange", onMeta],
    ];
    for (const [event, handler] of listeners) r.addEventListener(event, handler);
    return () => {
      for (const [event, handler] of listeners) r.removeEventListener(event, handler);
    };
  }, []);

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
    handle,
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

  // A new rate (speed chosen, a loop at its own speed starting or ending) reaches both videos at once.
  useEffect(() => {
    const r = refVideo.current;
    const u = userVideo.current;
    if (r) r.playbackRate = rate;
    if (u && r) u.playbackRate = baseUserRate(timeMap, r.currentTime, rate);
  }, [rate, timeMap]);

  /** The speed control sets the loop's speed while looping, the playback speed otherwise. */
  function changeSpeed(next: number) {
    if (spanRef.current) setLoopSpeed(next);
    else setSpeed(next);
  }

  /**
   * Pause and show the next or previous frame of the reference; the user video follows through the
   * map, and steps the same way where the map would send it back (userFrameStep).
   */
  function step(dir: 1 | -1) {
    const r = refVideo.current;
    if (!r) return;
    clearTimeout(spanTimer.current);
    pauseBoth();
    const u = userVideo.current;
    const userFrom = u?.currentTime;
    seek(frameStepTarget(r.currentTime, dir, frameFps, duration || null));
    if (u && userFrom !== undefined)
      u.currentTime = userFrameStep(
        userFrom,
        u.currentTime,
        dir,
        frameFps,
        Number.isFinite(u.duration) ? u.duration : null,
      );
  }

  /** Seek by `delta` seconds (the arrow keys); a running loop brings a seek outside it back to its start. */
  function seekBy(delta: number) {
    const r = refVideo.current;
    if (!r) return;
    clearTimeout(spanTimer.current);
    seek(seekTarget(r.currentTime, delta, duration || null));
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

  /** A video's first frame is there (or it failed, which also ends its waiting). */
  const loaded = (which: Which) => setReady((r) => ({ ...r, [which]: true }));
  const failed = (which: Which, code: number | undefined) => {
    setErrors((e) => ({ ...e, [which]: videoErrorText(code) }));
    loaded(which);
  };

  return {
    refVideo,
    userVideo,
    ready,
    errors,
    loaded,
    failed,
    loading,
    playing,
    speed: rate,
    time,
    duration,
    span,
    aligned,
    syncState,
    playError,
    toggle: () => (playing ? pauseBoth() : void playBoth()),
    seek,
    changeSpeed,
    step,
    seekBy,
    restart,
  };
}
