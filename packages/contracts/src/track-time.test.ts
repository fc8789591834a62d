import { describe, expect, it } from "vitest";
import { alongTimeMap, nearestFrame, nearestIndex } from "./track-time.ts";

describe("looking up by time", () => {
  // The user starts 1 s late and dances the middle part twice as slowly.
  const map = [
    [1, 0],
    [3, 2],
    [7, 4],
  ] as const;

  it("follows the time map both ways, between its points", () => {
    expect(alongTimeMap(map, 2, "user")).toBe(1);
    expect(alongTimeMap(map, 5, "user")).toBe(3);
    expect(alongTimeMap(map, 3, "reference")).toBe(5);
  });

  it("carries on at the end's offset past either end, the same for server and web", () => {
    expect(alongTimeMap(map, 9, "user")).toBe(6);
    expect(alongTimeMap(map, 0.5, "user")).toBe(-0.5);
    expect(alongTimeMap(map, 5, "reference")).toBe(8);
  });

  it("is the time itself without a usable map", () => {
    expect(alongTimeMap([], 4, "user")).toBe(4);
    expect(alongTimeMap([[1, 2]], 4, "reference")).toBe(4);
    expect(alongTimeMap(null, 4, "user")).toBe(4);
  });

  it("finds the nearest frame, the earlier on a tie", () => {
    const frames = [[0], [0.1], [0.2]];
    expect(nearestFrame(frames, 0.14)).toEqual([0.1]);
    expect(nearestFrame(frames, 0.16)).toEqual([0.2]);
    expect(nearestFrame(frames, 5)).toEqual([0.2]);
    expect(nearestFrame([], 1)).toBeUndefined();
    expect(nearestIndex(2, (i) => i, 0.5)).toBe(0);
  });
});
