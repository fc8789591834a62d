import { ACTIVITY_TYPES, SCORING_CATEGORIES } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { categoryHow } from "./categories";

describe("how a category is measured", () => {
  it("is said for every category of every style", () => {
    for (const style of ACTIVITY_TYPES)
      for (const category of SCORING_CATEGORIES[style])
        expect(categoryHow(category), `${style}: ${category}`).toBeTruthy();
    expect(categoryHow("a_later_category")).toBeNull();
  });

  it("owns up to what is not measured: no face, no originality", () => {
    expect(categoryHow("expression")).toContain("not your face");
    expect(categoryHow("creativity")).toContain("Not your own ideas");
  });
});
