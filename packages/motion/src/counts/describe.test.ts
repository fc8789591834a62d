import { describe, expect, it } from "vitest";
import { extractFeatures } from "../features.ts";
import { armsDance, legsDance, syntheticTrack } from "../../test-support/synthetic-track.ts";
import { describeSections } from "./describe.ts";

describe("section titles", () => {
  it("tell sections apart: a section that repeats an earlier one says so", () => {
    // Arms swing for 8 s (two identical 4-s sections), then squats and leans.
    const arms = syntheticTrack(armsDance, { duration: 8 });
    const legs = syntheticTrack(legsDance, { duration: 4 });
    const track = {
      ...arms,
      duration: 12,
      frames: [...arms.frames, ...legs.frames.map((f) => ({ ...f, t: f.t + 8 }))],
    };
    const titles = describeSections(extractFeatures(track), [
      { start: 0, end: 4 },
      { start: 4, end: 8 },
      { start: 8, end: 12 },
    ]);
    expect(titles[0]).toMatch(/arms/);
    expect(titles[1]).toBe(`${titles[0]} again`);
    expect(titles[2]).not.toMatch(/again/);
    expect(new Set(titles).size).toBe(3);
  });
});
