import { describe, expect, it } from "vitest";
import { compareTracks } from "./compare.ts";
import { legsDance, phrase, syntheticTrack, wandering, withMusicBeat } from "../test-support/synthetic-track.ts";

describe("part of the routine", () => {
  it("a cover on the same song that starts 3 s in and stops at 11 s of a 16 s routine: judged on what was danced, at the song's pace", () => {
    const ref = withMusicBeat(syntheticTrack(phrase, { duration: 16 }));
    // The video starts 3 s before the dance (the song is already playing there) and ends at 11 s of it.
    const user = withMusicBeat(syntheticTrack(phrase, { duration: 14, offset: 3 }), 120, 0.5, -3);
    const r = compareTracks(ref, user, { style: "hip_hop" });
    expect(r.sameness.music).toBe(true);
    expect(r.alignment.clock).toBe("music");
    expect(r.alignment.tempo_ratio).toBe(1);
    expect(r.alignment.offset_s).toBeCloseTo(3, 1);
    expect(r.danced?.start_s).toBeCloseTo(0, 0);
    expect(r.danced?.end_s).toBeCloseTo(11, 0);
    expect(r.danced?.duration_s).toBe(16);
    expect(r.overallFeedback).toContain("You danced 0:00–0:11 of the 0:16 routine; the scores are for that part.");
    expect(r.overallFeedback).not.toMatch(/slower|faster|ahead|behind/);
    // Only the moves it covers, none missed for being beyond the end of the video.
    expect(r.moves.length).toBeGreaterThan(3);
    for (const m of r.moves) {
      expect(m.end_s).toBeLessThanOrEqual(11.6);
      expect(m.verdict).not.toBe("miss");
      expect(Math.abs(m.timing_ms as number)).toBeLessThan(60);
    }
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
  });

  it("without music, a video that stops early is judged on the part it shows, and says which part", () => {
    const ref = syntheticTrack(phrase, { duration: 16 });
    const user = syntheticTrack(phrase, { duration: 10 });
    const r = compareTracks(ref, user, { style: "hip_hop" });
    expect(r.danced).not.toBeNull();
    expect(r.danced?.start_s).toBeCloseTo(0, 0);
    expect(r.danced?.end_s).toBeCloseTo(10, 0);
    expect(r.overallFeedback).toContain("You danced 0:00–0:10 of the 0:16 routine");
    expect(r.overallFeedback).not.toMatch(/slower|faster/);
    for (const m of r.moves) expect(m.end_s).toBeLessThanOrEqual(10.6);
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
  });

  // The chorus of a 3-minute routine, danced 70 s in: beyond where the alignment's open start
  // reaches (30 s) and where the music was looked for (20 s). It read "not the same routine".
  for (const music of [true, false])
    it(`a part danced from deep in a long routine (1:10–1:30 of 3:00) is found and judged on that part, ${music ? "on the song's clock" : "without music"}`, () => {
      let ref = syntheticTrack(wandering, { duration: 180 });
      let user = syntheticTrack(wandering, { duration: 20, offset: -70 });
      if (music) {
        ref = withMusicBeat(ref);
        user = withMusicBeat(user, 120, 0.5, 70);
      }
      const r = compareTracks(ref, user, { style: "hip_hop" });
      expect(r.same_routine).toBe(true);
      expect(r.alignment.clock).toBe(music ? "music" : "free");
      expect(r.danced?.start_s).toBeCloseTo(70, 0);
      expect(r.danced?.end_s).toBeCloseTo(90, 0);
      expect(r.overallFeedback).toContain("You danced 1:10–1:30 of the 3:00 routine; the scores are for that part.");
      expect(r.overall_score).toBeGreaterThanOrEqual(95);
      for (const m of r.moves) expect(m.verdict).not.toBe("miss");
    });

  it("the routine's last 16 s filmed with 4 s more after it (the dancer walks to the phone) is found at the end", () => {
    const ref = syntheticTrack(wandering, { duration: 180 });
    // From 2:44 to the end, then 4 s of walking back: arms down, the body swaying.
    const walk = syntheticTrack(legsDance, { duration: 20 });
    const user = syntheticTrack(wandering, { duration: 20, offset: -164 });
    user.frames = user.frames.map((f, k) => (f.t >= 16 ? { ...(walk.frames[k] as typeof f), t: f.t } : f));
    const r = compareTracks(ref, user, { style: "hip_hop" });
    expect(r.same_routine).toBe(true);
    expect(r.danced?.start_s).toBeCloseTo(164, 0);
    expect(r.overallFeedback).toContain("You danced 2:44–3:00 of the 3:00 routine");
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
  });

  // The few moves a dancer practises, filmed without the song: 10 s from 1:40. It read "not the same
  // routine" (it holds under 8 moves, and a long routine's part needed 8 without the song).
  it("a short silent part from deep in a long routine (1:40–1:50 of 3:00) is judged on that part", () => {
    const ref = syntheticTrack(wandering, { duration: 180 });
    const user = syntheticTrack(wandering, { duration: 10, offset: -100 });
    const r = compareTracks(ref, user, { style: "hip_hop" });
    expect(r.same_routine).toBe(true);
    expect(r.danced?.start_s).toBeCloseTo(100, 0);
    expect(r.overallFeedback).toContain("You danced 1:40–1:50 of the 3:00 routine");
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
  });

  for (const seconds of [20, 10])
    it(`another dance's ${seconds} s against a long routine is still not the same routine, wherever it fits best`, () => {
      const r = compareTracks(
        syntheticTrack(wandering, { duration: 180 }),
        syntheticTrack(legsDance, { duration: seconds }),
        { style: "hip_hop" },
      );
      expect(r.same_routine).toBe(false);
      expect(r.danced).toBeNull();
      expect(r.overall_score).toBeLessThanOrEqual(35);
    });

  it("a video covering the whole routine says nothing of parts", () => {
    const ref = syntheticTrack(phrase, { duration: 12 });
    const r = compareTracks(ref, syntheticTrack(phrase, { duration: 12.5 }), { style: "hip_hop" });
    expect(r.danced).toBeNull();
    expect(r.overallFeedback).not.toMatch(/You danced \d/);
  });
});
