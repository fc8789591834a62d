import { describe, expect, it } from "vitest";
import { losePoint } from "../../test-support/perturb.ts";
import { type Motion, syntheticTrack } from "../../test-support/synthetic-track.ts";
import { compareTracks } from "../compare.ts";

const LEFT_WRIST = 9;
/** Only the left arm dances (sweeps whose speed drifts, so no stretch repeats): its forearm is half of all the movement. */
const leftArm: Motion = (t) => ({
  leftArm: 90 + 70 * Math.sin(Math.PI * (0.5 * t + 0.03 * t * t)),
  rightArm: 20,
  leftLeg: 5,
  rightLeg: 5,
  lean: 0,
});

describe("how much of a move was made", () => {
  it("a wrist the pose model lost for most of a move is unknown, not held still", () => {
    const reference = syntheticTrack(leftArm, { duration: 12 });
    // The same dance with the left wrist unseen for 1.2 s (blur, a low-quality encode): from
    // before a move starts to most of the way through it, so only its end shows the forearm.
    const user = losePoint(syntheticTrack(leftArm, { duration: 12 }), { point: LEFT_WRIST, from: 3.7, to: 4.9 });
    const r = compareTracks(reference, user, { style: "hip_hop" });
    const during = r.moves.filter((m) => m.end_s > 3.7 && m.start_s < 4.9);
    expect(during.length).toBeGreaterThan(0);
    for (const m of during) {
      expect(m.cue ?? "").not.toMatch(/Keep moving|Make the move bigger/);
      expect(m.shape).toBeGreaterThan(95);
    }
    expect(r.overall_score).toBeGreaterThan(95);
  });
});
