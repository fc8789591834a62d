import { describe, expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import { phrase, syntheticTrack, withMusicBeat } from "../test-support/synthetic-track.ts";
import { cuesTold } from "../test-support/cues.ts";
import { timingDisagreements } from "../test-support/timing-agreement.ts";

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

  it("a dancer falling behind the music from 8-count 3 is told so once, with the rate in counts, not late on every move", () => {
    // 120 BPM from 0.5 s: 8-count 3 starts at 8.5 s. From there the dancer takes 1.075 s per second
    // of the routine: 0.3 s later every 8 counts (4 s).
    const song = withMusicBeat(syntheticTrack(phrase, { duration: 24 }));
    const behind = (u: number) => phrase(u < 8.5 ? u : 8.5 + (u - 8.5) / 1.075);
    // Recorded while the song played: it stops with the song.
    const take = syntheticTrack(behind, { duration: 24 });
    const drift =
      /^From 8-count 3 you drift later, about 0\.3 s every 8 counts \(1\.\d s late by the end\): keep up with the music\.$/;
    for (const [clock, r] of [
      ["take", compareTracks(song, take, { style: "hip_hop", takeOffset: 0 })],
      ["music", compareTracks(song, withMusicBeat(take), { style: "hip_hop" })],
    ] as const) {
      expect(r.alignment.clock, clock).toBe(clock);
      const told = r.moves.filter((m) => m.cue && drift.test(m.cue));
      expect(told, clock).toHaveLength(1);
      expect(
        cuesTold(r).filter((c) => / s late\.$/.test(c)),
        clock,
      ).toEqual([]);
      expect(r.overallFeedback.match(/you drift later/g), clock).toHaveLength(1);
      expect(r.overallFeedback, clock).not.toMatch(/You are about/);
      expect(
        r.sections.filter((s) => /you drift later/.test(s.overall_feedback)),
        clock,
      ).toHaveLength(1);
      expect(timingDisagreements(r), clock).toEqual([]);
      // The timing still pays for it.
      expect(r.scores.timing as number, clock).toBeLessThan(75);
    }
  });
});
