import { describe, expect, it } from "vitest";
import { overallParagraph } from "./feedback.ts";

const context = (categories: Record<string, number>) => ({
  score: 80,
  categories,
  sections: [],
  problematicJoints: [],
  mirrored: false,
  tempo: 1,
  coverage: 1,
});

describe("overall feedback paragraph", () => {
  it("names the strongest area and the one to practise when they are 5 or more points apart", () => {
    const text = overallParagraph(context({ posture: 91, grace: 72, arm_positions: 80 }));
    expect(text).toContain("Your strongest area is posture (91); the one to practise is grace (72).");
  });

  it("calls areas within 5 points of each other even, instead of naming a weakest one", () => {
    expect(overallParagraph(context({ posture: 100, grace: 100 }))).toContain(
      "Every area scores 100: an even performance.",
    );
    const close = overallParagraph(context({ posture: 84, grace: 81 }));
    expect(close).toContain("Every area scores 81–84: an even performance.");
    expect(close).not.toContain("practise is");
  });
});
