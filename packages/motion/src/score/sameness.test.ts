import { describe, expect, it } from "vitest";
import { judgeSameness, type SamenessEvidence, samenessConfidence } from "./sameness.ts";

const decide = (e: SamenessEvidence) => judgeSameness(e).decision;

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
  moves: 9,
  rangeOverlap: 0.76,
  travel: 0.19,
  clockRatio: null,
};
const otherMovement: SamenessEvidence = {
  matched: 31.2,
  movingMatched: 48.7,
  random: 32.4,
  motionCorrelation: 0.01,
  order: 0.33,
  moves: 9,
  rangeOverlap: 0.26,
  travel: 1.41,
  clockRatio: null,
};
/** Two dancers of one choreography whose bodies differ a lot (the AIST++ break pair). */
const otherDancerSameRoutine: SamenessEvidence = {
  matched: 19.9,
  movingMatched: 27.1,
  random: 33.8,
  motionCorrelation: 0.27,
  order: 1,
  moves: 3,
  rangeOverlap: 0.77,
  travel: 0.1,
  clockRatio: null,
};

describe("same routine? a decision", () => {
  it("another person doing the same movement is the same routine; another movement is not", () => {
    expect(decide(otherPersonSameMovement)).toBe("same");
    expect(decide(otherMovement)).toBe("not_same");
  });

  it("a dancer whose body differs from the teacher's is still dancing the routine", () => {
    expect(decide(otherDancerSameRoutine)).toBe("same");
  });

  it("with a shared clock, moves that land on the same beats decide it even when the bodies differ", () => {
    const doubtful: SamenessEvidence = { ...otherMovement, matched: 24, movingMatched: 36, rangeOverlap: 0.5 };
    expect(decide(doubtful)).not.toBe("same");
    expect(decide({ ...doubtful, clockRatio: 0.7 })).toBe("same");
  });

  it("dancing something else to the same song gains nothing from the song", () => {
    const without = samenessConfidence(otherMovement);
    expect(samenessConfidence({ ...otherMovement, clockRatio: 1 }) - without).toBeLessThan(0.02);
    expect(decide({ ...otherMovement, clockRatio: 0.98 })).toBe("not_same");
  });

  it("with a shared clock, a take is refused only when its moves disagree at the clock's timing", () => {
    // However unlike the teacher's the moves look, moves that agree on the music's beats better than
    // elsewhere are a loose take of the routine: scored, and unsure at worst.
    expect(decide({ ...otherMovement, clockRatio: 0.88 })).toBe("unsure");
    expect(decide({ ...otherMovement, clockRatio: 0.95 })).toBe("not_same");
  });

  it("too little evidence for the routine is never enough to refuse it: a refusal needs evidence against", () => {
    // A short loose take by a dancer whose body differs from the teacher's: little in common, but
    // nothing against either — the same parts move, as far, in order, and the hips travel alike.
    const loose: SamenessEvidence = { ...otherDancerSameRoutine, matched: 27, movingMatched: 36, motionCorrelation: 0 };
    expect(samenessConfidence(loose)).toBeLessThan(0.425);
    expect(decide(loose)).toBe("unsure");
    // Any one sign against makes it a refusal: moves out of order (told from enough moves), another
    // part of the body doing the work, or hips that travel otherwise.
    expect(decide({ ...loose, order: 0.25, moves: 6 })).toBe("not_same");
    expect(decide({ ...loose, order: 0.25, moves: 3 })).toBe("unsure");
    expect(decide({ ...loose, movingMatched: 45 })).toBe("not_same");
    expect(decide({ ...loose, rangeOverlap: 0.4 })).toBe("not_same");
    expect(decide({ ...loose, travel: 1.2 })).toBe("not_same");
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
      moves: 4,
      rangeOverlap: 0.52,
      travel: 1.08,
      clockRatio: null,
    };
    expect(decide(sitToStandForSideLunge)).not.toBe("same");
    expect(decide({ ...sitToStandForSideLunge, travel: 0.19 })).toBe("same");
  });

  it("between the two it is unsure; an unmatched performance is not the same routine", () => {
    const at = (confidence: number) => {
      // The movement's weight moved so the model lands on `confidence`, all else as another movement's.
      const base = samenessConfidence(otherMovement);
      const logit = (p: number) => Math.log(p / (1 - p));
      return { ...otherMovement, travel: otherMovement.travel + (logit(base) - logit(confidence)) / 1.19 };
    };
    expect(decide(at(0.45))).toBe("unsure");
    expect(decide(at(0.51))).toBe("same");
    expect(decide(at(0.19))).toBe("not_same");
    expect(samenessConfidence({ ...otherMovement, matched: Number.NaN })).toBe(0);
  });
});
