import { afterEach, describe, expect, it } from "vitest";
import { aspectOf, readLayout, saveLayout } from "./layout";

afterEach(() => localStorage.clear());

describe("player layout", () => {
  it("reads a video's shape from its size, none before the metadata", () => {
    expect(aspectOf(576, 1024)).toBeCloseTo(0.5625);
    expect(aspectOf(1280, 720)).toBeCloseTo(16 / 9);
    expect(aspectOf(0, 0)).toBeNull();
  });

  it("remembers the phone layout, stacked until switched", () => {
    expect(readLayout()).toBe("stacked");
    saveLayout("pip");
    expect(readLayout()).toBe("pip");
    saveLayout("stacked");
    expect(readLayout()).toBe("stacked");
  });
});
