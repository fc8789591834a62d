import { describe, expect, it } from "vitest";
import {
  driftInstruction,
  facingInstruction,
  jointInstruction,
  paceInstruction,
  paceWords,
  partInstruction,
  roundDegrees,
  steadyCauseNote,
  timingInstruction,
} from "./words.ts";

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

  it("says a pace as the dancer's speed against the reference's: 0.75× as fast is 25 % slower, 1.25× is 25 % faster", () => {
    // The tempo is the dancer's seconds per reference second: 0.75× as fast takes 4/3 s.
    expect(paceWords(4 / 3)).toBe("25 % slower");
    expect(paceWords(0.8)).toBe("25 % faster");
    expect(paceWords(1.25)).toBe("20 % slower");
    expect(paceWords(1 / 1.1)).toBe("10 % faster");
    expect(paceInstruction(4 / 3)).toBe(
      "Speed up: you are dancing about 25 % slower than the reference, so you fall behind.",
    );
    expect(paceInstruction(0.8)).toBe(
      "Slow down: you are dancing about 25 % faster than the reference, so you get ahead.",
    );
  });

  it("tells a drift off the music where it starts, at what rate in counts, and how far it goes", () => {
    const drift = { perStretch: 0.31, stretch: "8 counts", atEnd: 1.96, keeping: "the music" };
    expect(driftInstruction({ ...drift, start: { section: "8-count 3" } })).toBe(
      "From 8-count 3 you drift later, about 0.3 s every 8 counts (2.0 s late by the end): keep up with the music.",
    );
    expect(driftInstruction({ ...drift, start: { count: "5", section: "8-count 3" }, atEnd: -0.8 })).toBe(
      "From count 5 of 8-count 3 you drift earlier, about 0.3 s every 8 counts (0.8 s early by the end): hold back to stay with the music.",
    );
    expect(
      driftInstruction({ ...drift, start: { move: "move 6" }, stretch: "10 s", perStretch: 0.4, keeping: "the video" }),
    ).toBe("From move 6 you drift later, about 0.4 s every 10 s (2.0 s late by the end): keep up with the video.");
    expect(driftInstruction({ ...drift, start: { first: true } })).toMatch(/^From the start you drift later/);
    // Where it is not said, a part says what makes it late, without the instruction again.
    expect(steadyCauseNote({ drift: { section: "8-count 3" }, late: true })).toBe(
      "This part is late because of the drift that starts in 8-count 3.",
    );
    expect(steadyCauseNote({ tempo: 4 / 3 })).toBe("This part is late because of your slower pace.");
  });
});
