import { describe, expect, it } from "vitest";
import {
  effectiveSpeed,
  FRAME,
  frameRate,
  frameStepTarget,
  nextSpeed,
  userFrameStep,
  PLAYBACK_SPEEDS,
  SEEK,
  seekTarget,
  speedLabel,
} from "./practice";

describe("speeds", () => {
  it("are 0.25 plus the spec's 0.5, 0.75, Normal, 1.25, 1.5 and 2", () => {
    expect(PLAYBACK_SPEEDS.map(speedLabel)).toEqual(["0.25x", "0.5x", "0.75x", "Normal", "1.25x", "1.5x", "2x"]);
  });

  it("step one speed slower or faster with [ and ], held at 0.25x and 2x", () => {
    expect(nextSpeed(1, -1)).toBe(0.75);
    expect(nextSpeed(1, 1)).toBe(1.25);
    expect(nextSpeed(0.25, -1)).toBe(0.25);
    expect(nextSpeed(2, 1)).toBe(2);
  });

  it("while looping, the loop's own speed once chosen; otherwise the playback speed", () => {
    expect(effectiveSpeed(1.5, null, true)).toBe(1.5);
    expect(effectiveSpeed(1.5, 0.5, true)).toBe(0.5);
    expect(effectiveSpeed(1.5, 0.5, false)).toBe(1.5);
  });
});

describe("frame steps", () => {
  it("step by the track's rate only when it is a video frame rate (the engine's 7 fps is not)", () => {
    expect(frameRate(7)).toBe(FRAME.defaultFps);
    expect(frameRate(undefined)).toBe(30);
    expect(frameRate(25)).toBe(25);
    expect(frameRate(60)).toBe(60);
  });

  it("land in the middle of the next or previous frame, from wherever in a frame the video is", () => {
    // 1.01 s at 30 fps shows frame 30; the next is 31, shown from 31/30 to 32/30.
    expect(frameStepTarget(1.01, 1, 30)).toBeCloseTo(31.5 / 30);
    expect(frameStepTarget(1.01, -1, 30)).toBeCloseTo(29.5 / 30);
    // From a middle, exactly one frame on each time.
    let t = frameStepTarget(0, 1, 30);
    const shown = [Math.floor(t * 30)];
    for (let i = 0; i < 3; i++) {
      t = frameStepTarget(t, 1, 30);
      shown.push(Math.floor(t * 30));
    }
    expect(shown).toEqual([1, 2, 3, 4]);
  });

  it("stay inside the video", () => {
    expect(frameStepTarget(0.01, -1, 30)).toBeCloseTo(0.5 / 30);
    // 2 s at 30 fps: frames 0–59; from the last one, nowhere further.
    expect(frameStepTarget(59.5 / 30, 1, 30, 2)).toBeCloseTo(59.5 / 30);
  });
});

describe("seeks", () => {
  it("move by the arrows' 5 s (1 s with shift), kept between 0 and the end", () => {
    expect(SEEK).toEqual({ stepS: 5, fineS: 1 });
    expect(seekTarget(3, -5, 20)).toBe(0);
    expect(seekTarget(18, 5, 20)).toBe(20);
    expect(seekTarget(10, 1, null)).toBe(11);
  });
});

describe("the user video on a frame step", () => {
  it("goes where the time map puts it when that is the step's way, else one frame on the same way", () => {
    expect(userFrameStep(5, 5.04, 1, 30)).toBe(5.04);
    // The map runs back (the dancer repeated a bit): still forward, one frame.
    expect(Math.floor(userFrameStep(5.01, 4.9, 1, 30) * 30)).toBe(151);
    expect(Math.floor(userFrameStep(5.01, 5.2, -1, 30) * 30)).toBe(149);
    // The map stands still (a held pose): a frame on too.
    expect(userFrameStep(5.01, 5.01, 1, 30)).toBeGreaterThan(5.01);
  });
});
