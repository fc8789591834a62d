import { describe, expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import { armsDance, syntheticTrack } from "../test-support/synthetic-track.ts";
import { windowTrack } from "./window.ts";

describe("comparing a take with a part of the reference", () => {
  const reference = syntheticTrack(armsDance, { duration: 20 });
  // The user danced 6–12 s of the reference, and only that.
  const take = syntheticTrack((t) => armsDance(t + 6), { duration: 6 });
  const part = { start: 6, end: 12 };

  it("cuts the reference's poses to the part, timed from its start", () => {
    const cut = windowTrack(reference, part);
    expect(cut.duration).toBe(6);
    expect(cut.frames[0]?.t).toBeCloseTo(0, 3);
    expect(cut.frames.at(-1)?.t ?? 99).toBeLessThan(6);
    expect(cut.frames.length).toBeLessThan(reference.frames.length / 2);
  });

  it("scores a faithful take high, with moves, sections and the time map in the reference's own time", () => {
    const result = compareTracks(reference, take, { style: "contemporary", window: part });
    expect(result.overall_score).toBeGreaterThanOrEqual(85);
    expect(result.moves.length).toBeGreaterThan(0);
    for (const m of result.moves) {
      expect(m.start_s).toBeGreaterThanOrEqual(6);
      expect(m.end_s).toBeLessThanOrEqual(12.001);
    }
    expect(result.sections[0]?.timestamp).toBeGreaterThanOrEqual(6);
    for (const [, refT] of result.alignment.time_map) expect(refT).toBeGreaterThanOrEqual(6 - 0.2);
    // user_t ≈ offset_s + tempo × ref_t: the take's 0 s is the reference's 6 s.
    expect(result.alignment.offset_s + result.alignment.tempo_ratio * 6).toBeCloseTo(0, 0);
    expect(result.tracks.reference.frames[0]?.[0]).toBeCloseTo(6, 1);
  });

  it("names the part's moves and sections as the whole video's result does, not from 1 again", () => {
    const whole = compareTracks(reference, syntheticTrack(armsDance, { duration: 20 }), { style: "contemporary" });
    const section = whole.sections[1];
    if (!section) throw new Error("the whole result has fewer than two sections");
    const span = { start: section.timestamp, end: section.timestamp + section.duration };
    const takeOfIt = syntheticTrack((t) => armsDance(t + span.start), { duration: section.duration });
    const result = compareTracks(reference, takeOfIt, { style: "contemporary", window: span });
    const inWhole = section.moves.map((k) => whole.moves[k]);
    expect(result.moves.map((m) => m.count_label)).toEqual(inWhole.map((m) => m?.count_label));
    expect(result.moves.map((m) => m.start_s)).toEqual(inWhole.map((m) => m?.start_s));
    expect(result.sections.map((x) => x.label)).toEqual([section.label]);
    expect(result.sections[0]?.label).not.toBe("Part 1");
    // The title is the label and the description together, for results read by older screens.
    for (const s of [...whole.sections, ...result.sections]) {
      expect(s.description.length).toBeGreaterThan(0);
      expect(s.title).toBe(`${s.label} · ${s.description}`);
    }
    expect(result.overall_score).toBeGreaterThanOrEqual(85);
  });
});
