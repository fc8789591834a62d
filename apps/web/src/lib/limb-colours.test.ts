import { LIMB_NAMES, type LimbScores } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { boneKey, LIMB_BONES, limbBandsAt } from "./limb-colours";

const scores: LimbScores = {
  limbs: ["left_forearm", "right_forearm", "left_shin", "torso", "head"],
  times: [1, 1.143, 1.286],
  scores: [
    [92, 85, 80, 95, 90],
    [45, 60, 79, 59, null],
    [81, 81, 81, 81, 81],
  ],
};

describe("limbBandsAt: the colour of each limb at a moment of the user's video", () => {
  it("takes the nearest analysed moment and colours each limb's bones by its score band", () => {
    const bands = limbBandsAt(scores, 1.16);
    expect(bands.get(boneKey(7, 9))).toBe("red"); // left forearm 45
    expect(bands.get(boneKey(8, 10))).toBe("yellow"); // right forearm 60: yellow from 60
    expect(bands.get(boneKey(13, 15))).toBe("yellow"); // left shin 79: green only from 80
    // The torso is two bones (shoulder to hip on each side), both coloured.
    expect(bands.get(boneKey(5, 11))).toBe("red");
    expect(bands.get(boneKey(12, 6))).toBe("red");
  });

  it("green from 80, and a moment earlier the same limbs were all green", () => {
    const bands = limbBandsAt(scores, 1.02);
    expect(bands.get(boneKey(7, 9))).toBe("green");
    expect(bands.get(boneKey(13, 15))).toBe("green"); // exactly 80
    expect(bands.get(boneKey(0, 1))).toBe("green"); // the head's bones
  });

  it("leaves out a limb without a score then, limbs not scored at all, and moments away from the samples", () => {
    const bands = limbBandsAt(scores, 1.143);
    expect(bands.has(boneKey(0, 1))).toBe(false); // head unknown at 1.143
    expect(bands.has(boneKey(5, 7))).toBe(false); // upper arm not in this result
    expect(limbBandsAt(scores, 0.5).size).toBe(0); // before the first sample
    expect(limbBandsAt(scores, 2).size).toBe(0); // after the last
    expect(limbBandsAt(null, 1).size).toBe(0);
  });

  it("knows the bones of every limb the contract names, and ignores a name it does not know", () => {
    expect(Object.keys(LIMB_BONES).sort()).toEqual([...LIMB_NAMES].sort());
    const later: LimbScores = { limbs: ["tail", "left_forearm"], times: [0], scores: [[10, 90]] };
    expect([...limbBandsAt(later, 0).values()]).toEqual(["green"]);
  });
});
