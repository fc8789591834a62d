import { describe, expect, it } from "vitest";
import { extractFeatures } from "../features.ts";
import { armsDance, type Motion, syntheticTrack } from "../../test-support/synthetic-track.ts";
import type { AudioBeats } from "../types.ts";
import { countReference } from "./counting.ts";

const still = { leftArm: 20, rightArm: 20, leftLeg: 5, rightLeg: 5, lean: 0 };
/** Stands still for 1 s, dances with the arms until 9 s, stands still to 10 s. */
const withIntro: Motion = (t) => (t < 1 || t > 9 ? still : armsDance(t - 1));

function beats(bpm: number, first: number, until: number, confidence = 0.9): AudioBeats {
  const period = 60 / bpm;
  const list: number[] = [];
  for (let t = first; t < until; t += period) list.push(Math.round(t * 1000) / 1000);
  return { bpm, beats: list, confidence, onset: { rate: 50, values: [] } };
}

describe("counting the reference", () => {
  const ref = extractFeatures(syntheticTrack(withIntro, { duration: 10, fps: 10 }));

  it("with music: count 1 on the first beat of the dancing, counts in pairs, an 8-count per section", () => {
    const c = countReference(ref, beats(120, 0.2, 10));
    expect(c.info.source).toBe("music");
    expect(c.info.bpm).toBe(120);
    const first = c.moves[0];
    expect(first?.start).toBeGreaterThanOrEqual(0.6);
    expect(first?.start).toBeLessThanOrEqual(1.25);
    expect(c.moves.slice(0, 5).map((m) => m.label)).toEqual(["1–2", "3–4", "5–6", "7–8", "1–2"]);
    for (const m of c.moves) expect(m.end - m.start).toBeCloseTo(1, 1);
    expect(c.sections[0]?.moves).toEqual([0, 1, 2, 3]);
    expect((c.sections[0]?.end ?? 0) - (c.sections[0]?.start ?? 0)).toBeCloseTo(4, 1);
    expect(c.info.downbeats[0]).toBeCloseTo(first?.start ?? -1, 3);
    // The still outro is not counted: the last move starts before the dancing ends.
    expect(c.moves[c.moves.length - 1]?.start).toBeLessThan(9.2);
  });

  it("a fast song is counted in half time; a slow one a count per move", () => {
    const fast = countReference(ref, beats(180, 0.2, 10));
    expect(fast.info.bpm).toBe(90);
    const slow = countReference(ref, beats(70, 0.2, 10));
    expect(slow.moves.slice(0, 3).map((m) => m.label)).toEqual(["1", "2", "3"]);
  });

  it("music without a steady beat is not counted: moves are cut where the movement pauses", () => {
    const c = countReference(ref, beats(120, 0.2, 10, 0.2));
    expect(c.info.source).toBe("none");
    expect(c.moves[0]?.label).toBe("move 1");
    for (const m of c.moves) {
      expect(m.end - m.start).toBeGreaterThanOrEqual(0.59);
      expect(m.end - m.start).toBeLessThanOrEqual(2.01);
    }
    // Consecutive, covering the dancing.
    for (let k = 1; k < c.moves.length; k++) expect(c.moves[k]?.start).toBeCloseTo(c.moves[k - 1]?.end ?? -1, 6);
    expect(c.moves[0]?.start).toBeLessThanOrEqual(1);
    expect(c.moves[c.moves.length - 1]?.end).toBeGreaterThanOrEqual(9);
    for (const s of c.sections) expect(s.end - s.start).toBeLessThanOrEqual(6.5);
  });

  it("without music, cuts land on the pauses of the movement", () => {
    // Arms swing for 2 s, hold 0.6 s, swing, hold … : holds centred at 2.3, 4.9 and 7.5 s.
    const pauses: Motion = (t) => {
      const phase = t % 2.6;
      return phase > 2 ? armsDance(2) : armsDance(phase);
    };
    const c = countReference(extractFeatures(syntheticTrack(pauses, { duration: 10, fps: 10 })), null);
    const cuts = c.moves.slice(1).map((m) => m.start);
    for (const hold of [2.3, 4.9, 7.5]) expect(cuts.some((x) => Math.abs(x - hold) <= 0.4)).toBe(true);
  });

  it("drops moves where the reference shows no one", () => {
    const track = syntheticTrack(armsDance, { duration: 8, fps: 10 });
    for (const f of track.frames) if (f.t >= 3 && f.t < 5) f.score = 0;
    const c = countReference(extractFeatures(track), null);
    for (const m of c.moves) {
      const hidden = Math.max(0, Math.min(m.end, 5) - Math.max(m.start, 3));
      expect(hidden).toBeLessThanOrEqual(0.5 * (m.end - m.start) + 0.1);
    }
    expect(c.moves.some((m) => m.start >= 4.5)).toBe(true);
    expect(c.moves.map((m) => m.label)).toEqual(c.moves.map((_, k) => `move ${k + 1}`));
  });
});
