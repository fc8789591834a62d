import { TAKE_OFFSET_LIMITS } from "@stepsync/contracts";

/** How long, from when the reference began to play, its start is measured (then the estimate stands). */
export const MEASURE_FOR_MS = 1000;
/**
 * Later, a reference further than this from the estimate fell behind the take (it stalled: a stall
 * of the picture and sound the dancer follows) or jumped: then the take has no reference clock.
 */
export const DRIFT_LIMIT_MS = 300;

export interface TakeClock {
  /**
   * Where the reference's start (or the practised part's) plays in the take, seconds of the take
   * (0–TAKE_OFFSET_LIMITS.maxSeconds, to the millisecond); null when the take has no reference clock:
   * the reference never played, or it stalled or jumped while the take ran.
   */
  offsetS(): number | null;
  /** Stops listening (when the take ends, or the dialog closes). */
  stop(): void;
}

/**
 * The clock of a dance-along take. Its time zero is the moment the recorder was started
 * (`recordingStartedAt`, performance.now() at `recorder.start()`: the take captures from there on),
 * and the reference's play() is called right after. The reference then takes a moment to really
 * play (the decoder and audio output starting; tens of milliseconds in Chromium, more on a busy
 * machine or after a muted retry when sound was refused), and that moment is what is measured: when
 * the reference's `startS` was on screen.
 *
 * Every frame the reference shows past `startS` in its first MEASURE_FOR_MS of playback gives an
 * estimate of the wall time at which `startS` was (or would have been) shown: the frame's display
 * time minus its media time past `startS`. With requestVideoFrameCallback that is the frame's
 * expected display time and media time; without it, `performance.now()` and `currentTime` at each
 * `timeupdate`. The earliest estimate counts: a late reading (a currentTime not yet advanced, a
 * frame shown late) only ever makes one later, and the frame cued at `startS` before playing, whose
 * display says nothing about when playback began, is not counted. The offset is that time minus
 * the recorder's start.
 *
 * The reference is followed for the whole take: one that falls behind by more than DRIFT_LIMIT_MS
 * (it stalled) or jumps no longer keeps the take's clock, and the dancer following it would be
 * judged late for the reference's fault. Then there is no offset, and the take is compared like any
 * video. (Chromium's `waiting` events say nothing here: it sends them while playing on smoothly.)
 */
export function watchTakeClock(
  reference: HTMLVideoElement,
  { recordingStartedAt, startS }: { recordingStartedAt: number; startS: number },
): TakeClock {
  let earliest: number | null = null;
  let firstSampleAt: number | null = null;
  let broken = false;
  let frameRequest: number | null = null;

  /** The frame showing media time `mediaTime` was on screen at `shownAt` (performance.now() time). */
  const sample = (shownAt: number, mediaTime: number) => {
    if (broken || reference.paused || mediaTime <= startS) return;
    firstSampleAt ??= shownAt;
    const rate = reference.playbackRate || 1;
    const startShownAt = shownAt - ((mediaTime - startS) / rate) * 1000;
    if (shownAt - firstSampleAt <= MEASURE_FOR_MS)
      earliest = earliest === null ? startShownAt : Math.min(earliest, startShownAt);
    else if (earliest !== null && Math.abs(startShownAt - earliest) > DRIFT_LIMIT_MS) broken = true;
  };

  const byFrames = typeof reference.requestVideoFrameCallback === "function";
  const onFrame: VideoFrameRequestCallback = (now, frame) => {
    frameRequest = null;
    sample(frame.expectedDisplayTime || now, frame.mediaTime);
    if (!broken) frameRequest = reference.requestVideoFrameCallback(onFrame);
  };
  const onTimeUpdate = () => sample(performance.now(), reference.currentTime);

  if (byFrames) frameRequest = reference.requestVideoFrameCallback(onFrame);
  else reference.addEventListener("timeupdate", onTimeUpdate);

  return {
    offsetS() {
      if (broken || earliest === null) return null;
      const offset = (earliest - recordingStartedAt) / 1000;
      if (offset > TAKE_OFFSET_LIMITS.maxSeconds) return null;
      // A hair below zero is the measurement's grain (the reference is started after the recorder).
      return Math.round(Math.max(0, offset) * 1000) / 1000;
    },
    stop() {
      if (frameRequest !== null && typeof reference.cancelVideoFrameCallback === "function")
        reference.cancelVideoFrameCallback(frameRequest);
      frameRequest = null;
      reference.removeEventListener("timeupdate", onTimeUpdate);
    },
  };
}
