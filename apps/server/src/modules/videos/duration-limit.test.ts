import { LIMITS } from "@stepsync/contracts";
import { DEFAULTS } from "@stepsync/motion";
import { describe, expect, it } from "vitest";

describe("the video length limit", () => {
  it("the web app states and checks the same limit the engine (and the upload) enforce", () => {
    expect(LIMITS.maxVideoSeconds).toBe(DEFAULTS.maxDuration);
  });
});
