import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRIFT_LIMIT_MS, MEASURE_FOR_MS, watchTakeClock } from "./take-clock";

// The reference as the browser plays it: play() makes it "playing" at once, and the test says
// which media time is on screen when (a timeupdate, or a video frame's callback).

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A reference cued at `startS`, and the recorder started now. */
function setUp(startS = 0) {
  const reference = document.createElement("video");
  reference.currentTime = startS;
  const recordingStartedAt = performance.now();
  const clock = watchTakeClock(reference, { recordingStartedAt, startS });
  return { reference, clock, recordingStartedAt };
}

/** `ms` after the recorder started, the reference shows media time `t` (its currentTime, with a timeupdate). */
function showsAt(reference: HTMLVideoElement, start: number, ms: number, t: number) {
  vi.advanceTimersByTime(Math.max(0, start + ms - performance.now()));
  reference.currentTime = t;
  reference.dispatchEvent(new Event("timeupdate"));
}

describe("the take's clock, from the reference's currentTime", () => {
  it("is where the reference's start played in the take: when it began to play, after the recorder started", () => {
    const { reference, clock, recordingStartedAt } = setUp();
    void reference.play();
    // It began 0.2 s after the recorder: 0.25 s into the take it shows 0.05 s.
    showsAt(reference, recordingStartedAt, 250, 0.05);
    // A later reading lags (currentTime is updated in steps): it does not move the estimate later.
    showsAt(reference, recordingStartedAt, 520, 0.3);
    expect(clock.offsetS()).toBe(0.2);
  });

  it("for a practised part, measures where the part's start played", () => {
    const { reference, clock, recordingStartedAt } = setUp(4);
    void reference.play();
    showsAt(reference, recordingStartedAt, 400, 4.25);
    expect(clock.offsetS()).toBe(0.15);
  });

  it("does not count the frame cued at the start before it played, and after its first second only checks it", () => {
    const { reference, clock, recordingStartedAt } = setUp();
    void reference.play();
    // Still on the cued frame (nothing says when it will move).
    showsAt(reference, recordingStartedAt, 100, 0);
    expect(clock.offsetS()).toBeNull();
    showsAt(reference, recordingStartedAt, 300, 0.1);
    // Later readings a little off (late or early) do not move it.
    showsAt(reference, recordingStartedAt, 300 + MEASURE_FOR_MS + 500, 1.45);
    showsAt(reference, recordingStartedAt, 300 + MEASURE_FOR_MS + 1000, 2.05);
    expect(clock.offsetS()).toBe(0.2);
  });

  it("has no offset when the reference never played", () => {
    const { clock } = setUp();
    expect(clock.offsetS()).toBeNull();
  });

  it("has no offset when the reference fell behind the take (it stalled) or jumped once it played", () => {
    const stalled = setUp();
    void stalled.reference.play();
    showsAt(stalled.reference, stalled.recordingStartedAt, 300, 0.1);
    // 3 s into the take it should show 2.8 s; it shows 2.4 s: the dancer followed a reference gone late.
    showsAt(stalled.reference, stalled.recordingStartedAt, 3000, 2.8 - (DRIFT_LIMIT_MS + 100) / 1000);
    expect(stalled.clock.offsetS()).toBeNull();

    const jumped = setUp();
    void jumped.reference.play();
    showsAt(jumped.reference, jumped.recordingStartedAt, 300, 0.1);
    showsAt(jumped.reference, jumped.recordingStartedAt, 3000, 4);
    expect(jumped.clock.offsetS()).toBeNull();
  });

  it("Chromium's waiting events, sent while it plays on, change nothing", () => {
    const { reference, clock, recordingStartedAt } = setUp();
    void reference.play();
    reference.dispatchEvent(new Event("waiting"));
    showsAt(reference, recordingStartedAt, 900, 0.1);
    reference.dispatchEvent(new Event("waiting"));
    showsAt(reference, recordingStartedAt, 2900, 2.1);
    expect(clock.offsetS()).toBe(0.8);
  });

  it("has no offset past the contract's limit, and reads a hair before the recorder's start as 0", () => {
    const slow = setUp();
    void slow.reference.play();
    showsAt(slow.reference, slow.recordingStartedAt, 11_000, 0.5);
    expect(slow.clock.offsetS()).toBeNull();

    const quick = setUp();
    void quick.reference.play();
    showsAt(quick.reference, quick.recordingStartedAt, 100, 0.104);
    expect(quick.clock.offsetS()).toBe(0);
  });

  it("stops listening when stopped", () => {
    const { reference, clock, recordingStartedAt } = setUp();
    void reference.play();
    clock.stop();
    showsAt(reference, recordingStartedAt, 300, 0.1);
    expect(clock.offsetS()).toBeNull();
  });
});

describe("the take's clock, from the reference's video frames", () => {
  it("takes each frame's display time and media time, and keeps watching the frames after the first second", () => {
    const reference = document.createElement("video");
    const callbacks: VideoFrameRequestCallback[] = [];
    const cancel = vi.fn();
    Object.assign(reference, {
      requestVideoFrameCallback: (cb: VideoFrameRequestCallback) => callbacks.push(cb),
      cancelVideoFrameCallback: cancel,
    });
    const start = performance.now();
    const clock = watchTakeClock(reference, { recordingStartedAt: start, startS: 0 });
    // The frame cued before playing is shown again while paused: not counted.
    const frame = (mediaTime: number, shownMs: number) =>
      callbacks.shift()?.(start + shownMs - 5, {
        mediaTime,
        expectedDisplayTime: start + shownMs,
        presentationTime: start + shownMs - 5,
        presentedFrames: 1,
        width: 360,
        height: 640,
      });
    frame(0, 50);
    expect(clock.offsetS()).toBeNull();
    void reference.play();
    // Began 0.18 s after the recorder: frames at 1/30 s steps.
    frame(1 / 30, 180 + 1000 / 30);
    frame(2 / 30, 180 + 2000 / 30 + 16); // one shown a refresh late
    frame(3 / 30, 180 + 3000 / 30);
    expect(clock.offsetS()).toBe(0.18);
    frame(2, 180 + 2000);
    expect(clock.offsetS()).toBe(0.18);
    expect(callbacks).toHaveLength(1);
    clock.stop();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(clock.offsetS()).toBe(0.18);
  });
});
