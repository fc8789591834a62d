import { describe, expect, it } from "vitest";
import { liveEstimateText } from "./LiveEstimateNote";

describe("why a take's live score was an estimate", () => {
  const live = { score: 85.4, posesPerSecond: 2.14 };

  it("names the device's pose rate and the live score while the page still holds them", () => {
    expect(liveEstimateText("sparse", "analysing", live)).toBe(
      "Your device tracked only 2.1 poses a second while you danced, too few for the live score to stand: your video is being analysed in full, which takes longer, and the result may differ from the live score (85).",
    );
    expect(liveEstimateText("sparse", "result", live)).toBe(
      "Your device tracked only 2.1 poses a second while you danced, too few for the live score to stand: this score comes from the full analysis of your video and may differ from the live score (85).",
    );
  });

  it("says the live score was an estimate not used when the live poses were not, and nothing when they made the result", () => {
    expect(liveEstimateText("unused", "analysing", null)).toBe(
      "The live score was an estimate and is not used: your video is being analysed in full, which takes longer, and the result may differ from it.",
    );
    expect(liveEstimateText("unused", "result", live)).toBe(
      "The live score (85) was an estimate and was not used: this score comes from the full analysis of your video, and the two can differ.",
    );
    expect(liveEstimateText("used", "result", live)).toBeNull();
    expect(liveEstimateText(null, "analysing", live)).toBeNull();
    expect(liveEstimateText(undefined, "result", null)).toBeNull();
  });
});
