import { describe, expect, it } from "vitest";
import { ACTIVITY_TYPES, SCORING_CATEGORIES } from "@stepsync/contracts";
import { STYLE_CATEGORIES, STYLES } from "@stepsync/motion";

// The engine depends on nothing of ours, so it keeps its own copy of the styles; the server is where
// both meet, and this keeps the two copies from drifting apart.
describe("styles", () => {
  it("are the same eight, with the same four categories, in the engine and in the contracts", () => {
    expect([...STYLES]).toEqual([...ACTIVITY_TYPES]);
    for (const style of ACTIVITY_TYPES) expect([...STYLE_CATEGORIES[style]]).toEqual([...SCORING_CATEGORIES[style]]);
  });
});
