import { describe, expect, it } from "vitest";
import { secondsLeft, stageLabel, timeLeftText } from "./analysis-progress";

describe("the time left of an analysis", () => {
  it("comes from its pace since first seen, once that pace says something", () => {
    const first = { at: 0, percent: 10 };
    expect(secondsLeft(first, { at: 2000, percent: 30 })).toBeNull();
    expect(secondsLeft(first, { at: 10_000, percent: 11 })).toBeNull();
    // 20 points in 10 s, 70 to go: 35 s.
    expect(secondsLeft(first, { at: 10_000, percent: 30 })).toBe(35);
  });

  it("reads in round figures", () => {
    expect(timeLeftText(null)).toBe("Estimating the time left…");
    expect(timeLeftText(2)).toBe("About 5 s left");
    expect(timeLeftText(35)).toBe("About 35 s left");
    expect(timeLeftText(36)).toBe("About 40 s left");
    expect(timeLeftText(100)).toBe("About 2 min left");
  });

  it("labels the two stages", () => {
    expect(stageLabel("uploading", 37)).toBe("Uploading videos… 37%");
    expect(stageLabel("analysing", 62.4)).toBe("Analysing… 62%");
  });
});
