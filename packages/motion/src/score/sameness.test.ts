import { describe, expect, it } from "vitest";
import { type SamenessEvidence, samenessConfidence, samenessDecision } from "./sameness.ts";

/**
 * Evidence as measured on the calibration set (bench/quality, test split): medians of their groups.
 * Another person doing the same exercise (UI-PRMD), and a different exercise by another person.
 */
const otherPersonSameMovement: SamenessEvidence = {
  matched: 11.1,
  movingMatched: 20,
  random: 16,
  motionCorrelation: 0.41,
  order: 1,
  rangeOverlap: 0.76,
  travel: 0.19,
  musicRatio: null,
};
const otherMovement: SamenessEvidence = {
  matched: 31.2,
  movingMatched: 48.7,
  random: 32.4,
  motionCorrelation: 0.01,
  order: 0.33,
  rangeOverlap: 0.26,
  travel: 1.41,
  musicRatio: null,
};
/** Two dancers of one choreography whose bodies differ a lot (the AIST++ break pair). */
const otherDancerSameRoutine: SamenessEvidence = {
  matched: 19.9,
  movingMatched: 27.1,
  random: 33.8,
  motionCorrelation: 0.27,
  order: 1,
  rangeOverlap: 0.77,
  travel: 0.1,
  musicRatio: null,
};

describe("same routine? a decision", () => {
  it("another person doing the same movement is the same routine; another movement is not", () => {
    expect(samenessDecision(samenessConfidence(otherPersonSameMovement))).toBe("same");
    expect(samenessDecision(samenessConfidence(otherMovement))).toBe("not_same");
  });

  it("a dancer whose body differs from the teacher's is still dancing the routine", () => {
    expect(samenessDecision(samenessConfidence(otherDancerSameRoutine))).toBe("same");
  });

  it("with the same music, moves that land on the same beats decide it even when the bodies differ", () => {
    const doubtful: SamenessEvidence = { ...otherMovement, matched: 24, movingMatched: 36, rangeOverlap: 0.5 };
    expect(samenessDecision(samenessConfidence(doubtful))).not.toBe("same");
    expect(samenessDecision(samenessConfidence({ ...doubtful, musicRatio: 0.45 }))).toBe("same");
  });

  it("dancing something else to the same song gains nothing from the song", () => {
    const without = samenessConfidence(otherMovement);
    expect(samenessConfidence({ ...otherMovement, musicRatio: 0.97 }) - without).toBeLessThan(0.02);
    expect(samenessDecision(samenessConfidence({ ...otherMovement, musicRatio: 0.97 }))).toBe("not_same");
  });

  it("a body that stays in place where the reference's travels across is not taken for it, however close the shapes", () => {
    // A side lunge (the reference: the hips travel 0.8 torso lengths across) against a sit-to-stand
    // (0.2 across, down instead), as measured (bench/quality, test split): thighs foreshortened from the
    // front barely turn, so the shapes alone read as the same routine (it was scored 82).
    const sitToStandForSideLunge: SamenessEvidence = {
      matched: 15.7,
      movingMatched: 35.5,
      random: 21.9,
      motionCorrelation: 0.36,
      order: 0.67,
      rangeOverlap: 0.52,
      travel: 1.08,
      musicRatio: null,
    };
    expect(samenessDecision(samenessConfidence(sitToStandForSideLunge))).not.toBe("same");
    expect(samenessDecision(samenessConfidence({ ...sitToStandForSideLunge, travel: 0.19 }))).toBe("same");
  });

  it("between the two it is unsure; an unmatched performance is not the same routine", () => {
    expect(samenessDecision(0.45)).toBe("unsure");
    expect(samenessDecision(0.5)).toBe("same");
    expect(samenessDecision(0.19)).toBe("not_same");
    expect(samenessConfidence({ ...otherMovement, matched: Number.NaN })).toBe(0);
  });
});
