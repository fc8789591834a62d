import type { LoopSpan } from "../../lib/sync";

/**
 * The practice controls' rules, as pure functions: which speeds there are, the speed a loop plays
 * at, where a frame step or a seek lands.
 */

/** Playback speeds from half to double, plus 0.25 for taking a hard move apart. */
export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** The speed one step slower (dir -1) or faster (dir 1) than `speed` in PLAYBACK_SPEEDS, held at either end. */
export function nextSpeed(speed: number, dir: 1 | -1): number {
  const slower = PLAYBACK_SPEEDS.filter((s) => s < speed);
  const faster = PLAYBACK_SPEEDS.filter((s) => s > speed);
  return (dir < 0 ? slower[slower.length - 1] : faster[0]) ?? speed;
}

/** "Normal" for 1 (the spec's label), "0.25x" otherwise. */
export function speedLabel(speed: number): string {
  return speed === 1 ? "Normal" : `${speed}x`;
}

/** A span of the reference being practised, named for the loop chip ("counts 5–6", "8-count 2"). */
export interface PracticeLoop extends LoopSpan {
  label: string;
}

/**
 * The rate both videos play at: while looping, the loop's own speed once one was chosen (a loop is
 * often practised slower), otherwise the playback speed.
 */
export function effectiveSpeed(speed: number, loopSpeed: number | null, looping: boolean): number {
  return looping && loopSpeed !== null ? loopSpeed : speed;
}

export const FRAME = {
  /** Most phone and web video: used when the frame rate is not known. */
  defaultFps: 30,
  /** A pose track sampled slower than this (the engine analyses at ~7 fps) says nothing about the video's frames. */
  minVideoFps: 20,
  maxVideoFps: 120,
} as const;

/** The frame rate to step by: the track's when it is a video frame rate, else 30 fps. */
export function frameRate(trackFps: number | null | undefined): number {
  return typeof trackFps === "number" && trackFps >= FRAME.minVideoFps && trackFps <= FRAME.maxVideoFps
    ? trackFps
    : FRAME.defaultFps;
}

/**
 * Where one frame step lands (seconds): the middle of the next (dir 1) or previous (dir -1) frame
 * after the one on show, so the element shows exactly that frame whatever rounding it does; kept
 * inside the video.
 */
export function frameStepTarget(time: number, dir: 1 | -1, fps: number, duration?: number | null): number {
  const shown = Math.floor(Math.max(0, time) * fps + 1e-6);
  const last = typeof duration === "number" && duration > 0 ? Math.max(0, Math.ceil(duration * fps) - 1) : Infinity;
  const next = Math.min(last, Math.max(0, shown + dir));
  return (next + 0.5) / fps;
}

/**
 * Where the user video lands on a frame step: where the time map puts it (`mapped`), unless that is
 * not the way the step goes (the map runs back or stands still where the dancer repeated or held a
 * bit); then one frame on from where it was (`from`), so both videos step the same way.
 */
export function userFrameStep(
  from: number,
  mapped: number,
  dir: 1 | -1,
  fps: number,
  duration?: number | null,
): number {
  return (mapped - from) * dir > 0 ? mapped : frameStepTarget(from, dir, fps, duration);
}

/** Arrow keys seek 5 s, 1 s with shift. */
export const SEEK = { stepS: 5, fineS: 1 } as const;

/** A seek by `delta` seconds from `time`, kept inside [0, duration] (duration unknown: no upper bound). */
export function seekTarget(time: number, delta: number, duration?: number | null): number {
  const end = typeof duration === "number" && duration > 0 ? duration : Infinity;
  return Math.min(end, Math.max(0, time + delta));
}
