import { describe, expect, it } from "vitest";
import { secondsLeft, stageLabel, timeLeftText } from "./analysis-progress";

describe("the time left of an analysis", () => {
  it("comes from how far it is and how long its attempt has run, once that says something", () => {
    // 20 % in 10 s, 80 to go: 40 s.
    expect(secondsLeft(20, 10)).toBe(40);
    expect(secondsLeft(2, 10)).toBeNull();
    expect(secondsLeft(50, 1.5)).toBeNull();
    expect(secondsLeft(50, null)).toBeNull();
  });

  it("reads in round figures, and says when it has not started", () => {
    expect(timeLeftText(0, undefined)).toBe("Estimating the time left…");
    expect(timeLeftText(0, null)).toBe("Waiting for its turn…");
    expect(timeLeftText(2, 30)).toBe("Estimating the time left…");
    expect(timeLeftText(90, 10)).toBe("About 5 s left");
    expect(timeLeftText(50, 35)).toBe("About 35 s left");
    expect(timeLeftText(50, 36)).toBe("About 40 s left");
    expect(timeLeftText(50, 100)).toBe("About 2 min left");
  });

  it("labels the two stages", () => {
    expect(stageLabel("uploading", 37)).toBe("Uploading videos… 37%");
    expect(stageLabel("analysing", 62.4)).toBe("Analysing… 62%");
  });
});
