import { describe, expect, it } from "vitest";
import { fullFrameCrop, isFullFrame, searchCropAt, searchCrops } from "./tracker.ts";

describe("where the tracker looks for someone the whole frame does not show", () => {
  it("a landscape frame: three squares of its height, at its left, middle and right", () => {
    expect(searchCrops(1280, 720)).toEqual([
      { cx: 360, cy: 360, size: 720 },
      { cx: 640, cy: 360, size: 720 },
      { cx: 920, cy: 360, size: 720 },
    ]);
  });

  it("a portrait frame: three squares of its width, at its top, middle and bottom", () => {
    expect(searchCrops(720, 1280)).toEqual([
      { cx: 360, cy: 360, size: 720 },
      { cx: 360, cy: 640, size: 720 },
      { cx: 360, cy: 920, size: 720 },
    ]);
  });

  it("a frame about as wide as long: nowhere but the whole frame (a square would be the frame)", () => {
    expect(searchCrops(640, 640)).toEqual([]);
    expect(searchCrops(640, 560)).toEqual([]);
  });

  it("tells the whole frame from a crop", () => {
    expect(isFullFrame(fullFrameCrop(1280, 720), 1280, 720)).toBe(true);
    expect(isFullFrame({ cx: 640, cy: 360, size: 720 }, 1280, 720)).toBe(false);
  });
});

describe("where a tracker that looks once a frame searches", () => {
  it("the whole frame, then each square in turn, then the whole frame again", () => {
    const looks = [0, 1, 2, 3, 4].map((n) => searchCropAt(1280, 720, n));
    expect(looks).toEqual([fullFrameCrop(1280, 720), ...searchCrops(1280, 720), fullFrameCrop(1280, 720)]);
  });

  it("a square frame: the whole frame every time", () => {
    expect(searchCropAt(640, 640, 3)).toEqual(fullFrameCrop(640, 640));
  });
});
