/**
 * A move is called early or late only when it fits clearly better so (refine.ts, TIMING_TIE): on
 * real dance (AIST++ keypoints recorded as dance-along takes), a stretch the dancer holds still fits
 * the move about as well anywhere, and the moves danced on time must read on time, while a stretch
 * danced a quarter second late still reads late.
 */
import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { trackFromPoints } from "../track-input.ts";
import { hasAist, LIVE_TAKES, performance, takeTrack } from "../../test-support/live-takes.ts";

describe.skipIf(!hasAist)("timing a move: late only when it fits clearly better late", () => {
  const dance = "gHO_sFM_cAll_d19_mHO0_ch01";
  const recipe = LIVE_TAKES.flawed;
  const frozen = recipe.frozen?.[0] as [number, number];
  const [from, to, late] = (recipe.late ?? [])[0] as [number, number, number];
  const result = compareTracks(trackFromPoints(performance(dance)), takeTrack(performance(dance), recipe), {
    style: "hip_hop",
    takeOffset: recipe.takeOffset,
  });
  const within = ([a, b]: readonly [number, number]) => result.moves.filter((m) => m.start_s >= a && m.end_s <= b);

  it("a move the dancer froze through is a Miss on its shape, on time, and told nothing about timing", () => {
    const held = within(frozen);
    expect(held.length).toBeGreaterThan(0);
    for (const m of held) {
      // Before: found where some later pose happened to fit a little better, "0.7 s late".
      expect(m.timing_ms).toBe(0);
      expect(m.verdict).toBe("miss");
      expect(m.cue ?? "").not.toMatch(/late|early/);
    }
  });

  it("moves danced on time read on time (not a few ms of noise), a late stretch still reads late", () => {
    const lateMoves = result.moves.filter((m) => m.start_s >= from && m.end_s <= to);
    expect(lateMoves.length).toBeGreaterThanOrEqual(2);
    for (const m of lateMoves) expect(Math.abs((m.timing_ms as number) / 1000 - late)).toBeLessThan(0.06);
    const clean = result.moves.filter((m) => m.end_s < frozen[0] - 0.5 || (m.start_s > frozen[1] && m.end_s < from));
    expect(clean.length).toBeGreaterThan(4);
    for (const m of clean) expect(m.timing_ms).toBe(0);
  });
});
