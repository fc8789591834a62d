import { describe, expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import { phrase, syntheticTrack } from "../test-support/synthetic-track.ts";

describe("dance along: the take's clock is the reference's", () => {
  const ref = syntheticTrack(phrase, { duration: 14 });

  it("a take 0.5 s late throughout is told late, not aligned into Perfect", () => {
    const late = syntheticTrack(phrase, { duration: 14.5, offset: 0.5 });
    const free = compareTracks(ref, late, { style: "hip_hop" });
    // Uploaded as a file, a lead-in is an offset: every move on time.
    expect(free.moves.every((m) => Math.abs(m.timing_ms as number) < 60)).toBe(true);
    const take = compareTracks(ref, late, { style: "hip_hop", takeOffset: 0 });
    expect(take.alignment.clock).toBe("take");
    expect(take.alignment.tempo_ratio).toBe(1);
    for (const m of take.moves) expect(m.timing_ms, m.count_label).toBeGreaterThan(440);
    expect(take.moves.filter((m) => m.verdict === "perfect")).toEqual([]);
    expect(take.overallFeedback).toMatch(/about 0\.5 s late/);
    expect(take.scores.timing as number).toBeLessThan(60);
  });

  it("a take 1.5 s early is early, not 50 % faster", () => {
    // The dancer was already 1.5 s into the routine when the recording (and the reference) started.
    const early = syntheticTrack((t) => phrase(t + 1.5), { duration: 12.5 });
    const take = compareTracks(ref, early, { style: "hip_hop", takeOffset: 0 });
    expect(take.alignment.tempo_ratio).toBe(1);
    expect(take.overallFeedback).not.toMatch(/faster|slower/);
    // The moves the take shows (the first 1.5 s of the routine happened before it started).
    const timed = take.moves.filter((m) => m.start_s >= 2);
    expect(timed.length).toBeGreaterThan(3);
    for (const m of timed) expect(m.timing_ms, m.count_label).toBeLessThan(-1400);
    expect(take.overallFeedback).toMatch(/about 1\.5 s early/);
  });
});
