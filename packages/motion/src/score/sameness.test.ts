import { describe, expect, it } from "vitest";
import { SAME_ROUTINE_MIN, samenessConfidence } from "./sameness.ts";

/** Evidence measured on real footage (bench/quality): a dance reference against a squat set. */
const squatsAgainstDance = { matched: 16.4, random: 26.0, motionCorrelation: 0.01, order: 0 };

describe("samenessConfidence", () => {
  it("close shapes found in no order are rest matching rest, not the routine", () => {
    // The squats' standing phase resembles the dancer's stance, but none of the moves come in order.
    expect(samenessConfidence(squatsAgainstDance)).toBeLessThan(SAME_ROUTINE_MIN);
  });

  it("close shapes in the routine's order are the routine, even when fast motion aliases", () => {
    // The same dance with a frozen stretch and a wrong segment: motion correlation is lost at
    // the analysis rate, but the shapes are close and most moves follow each other.
    expect(samenessConfidence({ ...squatsAgainstDance, matched: 15.1, order: 3 / 7 })).toBeGreaterThanOrEqual(
      SAME_ROUTINE_MIN,
    );
  });

  it("an unmatched performance is not the same routine", () => {
    expect(samenessConfidence({ matched: Number.NaN, random: 20, motionCorrelation: 0, order: Number.NaN })).toBe(0);
  });
});
