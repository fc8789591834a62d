/**
 * Synchronised playback, as pure functions: the reference video is the master,
 * the user video follows it through the engine's time map. A check every 500 ms compares where
 * the user video is with where it should be and decides: nothing, a playback-rate nudge (reset
 * after 1 s, 0.5 s with aligned segments) or a jump (when the drift is above 3× the threshold,
 * with the 300 ms sync-indicator pause).
 */

import { alongTimeMap, hasTimeMap, type TimeMap } from "@stepsync/contracts";

export const SYNC = {
  checkMs: 500,
  threshold: 0.03,
  jumpFactor: 3,
  indicatorPauseMs: 300,
  normalRate: 1,
  clamp: { min: 0.85, max: 1.25 },
  alignedClamp: { min: 0.9, max: 1.15 },
  resetMs: 1000,
  alignedResetMs: 500,
} as const;

export interface SyncSettings {
  threshold: number;
  minRate: number;
  maxRate: number;
  resetMs: number;
}

/** The tighter settings apply when the engine aligned the two videos (a usable time map). */
export function syncSettings(aligned: boolean): SyncSettings {
  return aligned
    ? {
        threshold: SYNC.threshold / 2,
        minRate: SYNC.alignedClamp.min,
        maxRate: SYNC.alignedClamp.max,
        resetMs: SYNC.alignedResetMs,
      }
    : { threshold: SYNC.threshold, minRate: SYNC.clamp.min, maxRate: SYNC.clamp.max, resetMs: SYNC.resetMs };
}

/** Where the user video should be when the reference is at refT (identity without a map). */
export const refToUser = (map: TimeMap | null | undefined, refT: number): number =>
  alongTimeMap(map, refT, "reference");

/** Where the reference should be when the user video is at userT (identity without a map). */
export const userToRef = (map: TimeMap | null | undefined, userT: number): number => alongTimeMap(map, userT, "user");

/**
 * How fast the user video should run relative to the reference around refT (the local slope of
 * the map over about ±0.5 s), bounded to a sane range.
 */
export function localTempo(map: TimeMap | null | undefined, refT: number): number {
  if (!hasTimeMap(map)) return 1;
  const h = 0.5;
  const a = refToUser(map, Math.max(0, refT - h));
  const b = refToUser(map, refT + h);
  const dt = refT + h - Math.max(0, refT - h);
  const slope = dt > 0 ? (b - a) / dt : 1;
  return Number.isFinite(slope) ? Math.min(2, Math.max(0.5, slope)) : 1;
}

export type SyncDecision =
  | { kind: "none"; drift: number }
  | { kind: "jump"; drift: number; target: number }
  | { kind: "nudge"; drift: number; rate: number };

/**
 * One drift check. `speed` is the chosen playback speed (the reference's rate); drift is
 * user − target in user seconds. A nudge sets a rate that would take the drift away over the reset
 * time, clamped to the spec's range (scaled by the speed and the local tempo).
 */
export function decideSync(input: {
  refTime: number;
  userTime: number;
  speed: number;
  map: TimeMap | null | undefined;
  settings: SyncSettings;
}): SyncDecision {
  const { refTime, userTime, speed, map, settings } = input;
  const target = refToUser(map, refTime);
  const drift = userTime - target;
  const abs = Math.abs(drift);
  if (abs > settings.threshold * SYNC.jumpFactor) return { kind: "jump", drift, target };
  if (abs > settings.threshold) {
    const base = speed * localTempo(map, refTime);
    const wanted = base - drift / (settings.resetMs / 1000);
    const factor = Math.min(settings.maxRate, Math.max(settings.minRate, wanted / base));
    return { kind: "nudge", drift, rate: base * factor };
  }
  return { kind: "none", drift };
}

/** The rate the user video returns to after a nudge's reset time. */
export function baseUserRate(map: TimeMap | null | undefined, refTime: number, speed: number): number {
  return speed * localTempo(map, refTime);
}

/** A span of the reference (seconds) played over and over to practise one section. */
export interface LoopSpan {
  start: number;
  end: number;
}

export const LOOP = {
  /** Shortest span worth looping; a shorter section is widened to this. */
  minSpanS: 0.5,
  /** Going back this close to the end avoids the element's own `ended` racing the loop. */
  endToleranceS: 0.05,
} as const;

/**
 * The loop over a section (reference seconds), fitted inside the video when its length is known.
 * Null when there is nothing to loop (no finite numbers, or a video too short).
 */
export function loopSpan(timestamp: number, duration: number, videoDuration?: number | null): LoopSpan | null {
  if (!Number.isFinite(timestamp) || !Number.isFinite(duration)) return null;
  const known = typeof videoDuration === "number" && Number.isFinite(videoDuration) && videoDuration > 0;
  const limit = known ? videoDuration : Number.POSITIVE_INFINITY;
  let end = Math.min(timestamp + Math.max(0, duration), limit);
  let start = Math.max(0, Math.min(timestamp, end));
  if (end - start < LOOP.minSpanS) {
    end = Math.min(limit, start + LOOP.minSpanS);
    start = Math.max(0, end - LOOP.minSpanS);
  }
  return end - start > 0 ? { start, end } : null;
}

export type LoopAction = { kind: "none" } | { kind: "restart"; to: number };

/**
 * One loop check on the reference's time: back to the span's start when the reference reached
 * the end of the span (or the end of the video), or is outside the span (after a seek elsewhere);
 * otherwise nothing. No span: nothing.
 */
export function loopAction(span: LoopSpan | null | undefined, refTime: number, ended = false): LoopAction {
  if (!span) return { kind: "none" };
  if (ended || refTime >= span.end - LOOP.endToleranceS || refTime < span.start - LOOP.endToleranceS)
    return { kind: "restart", to: span.start };
  return { kind: "none" };
}
