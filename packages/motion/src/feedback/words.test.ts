import { describe, expect, it } from "vitest";
import { facingInstruction, jointInstruction, partInstruction, roundDegrees, timingInstruction } from "./words.ts";

describe("the words of the feedback", () => {
  it("tells each joint which way to go, in the body's terms, with the amount rounded as said aloud", () => {
    // signed = the user's angle minus the reference's.
    expect(jointInstruction("right_shoulder", -22, 22)).toBe("Raise your right arm higher, about 20°.");
    expect(jointInstruction("left_shoulder", 31, 31)).toBe("Lower your left arm, about 30°.");
    expect(jointInstruction("left_elbow", 40, 40, "on counts 3–4")).toBe(
      "Bend your left elbow more on counts 3–4, about 40°.",
    );
    expect(jointInstruction("right_elbow", -26, 26)).toBe("Straighten your right arm more, about 25°.");
    expect(jointInstruction("left_knee", 33, 33, "on count 5")).toBe("Bend your left knee more on count 5, about 35°.");
    expect(jointInstruction("right_knee", -21, 21)).toBe("Straighten your right knee more, about 20°.");
    expect(jointInstruction("left_hip", 28, 28)).toBe("Lift your left leg higher, about 30°.");
    expect(jointInstruction("right_hip", -28, 28)).toBe("Keep your right leg lower, about 30°.");
    expect(jointInstruction("torso", 17, 17)).toBe("Keep your torso more upright, about 15°.");
    expect(jointInstruction("torso", -17, 17)).toBe("Lean your torso further, about 15°.");
    expect(jointInstruction("head", 12, 12)).toBe("Hold your head straighter, about 10°.");
  });

  it("never says less than 5° or 0.1 s, and says late or early by the sign", () => {
    expect(roundDegrees(1)).toBe(5);
    expect(roundDegrees(-48)).toBe(50);
    expect(timingInstruction(0.04)).toBe("You are about 0.1 s late.");
    expect(timingInstruction(-0.26, "on counts 3–4")).toBe("You are about 0.3 s early on counts 3–4.");
  });

  it("has words for a part off in no joint's direction and for facing the wrong way", () => {
    expect(partInstruction("right_leg", 33)).toBe(
      "Match the direction of your right leg to the reference, about 35° off.",
    );
    expect(facingInstruction(61, "in move 2")).toBe(
      "Turn your body to face the way the reference does in move 2, about 60°.",
    );
  });
});
