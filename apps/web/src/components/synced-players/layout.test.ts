import { afterEach, describe, expect, it } from "vitest";
import { aspectOf, phoneArrangement, readLayout, saveLayout } from "./layout";

afterEach(() => localStorage.clear());

describe("player layout", () => {
  it("reads a video's shape from its size, none before the metadata", () => {
    expect(aspectOf(576, 1024)).toBeCloseTo(0.5625);
    expect(aspectOf(1280, 720)).toBeCloseTo(16 / 9);
    expect(aspectOf(0, 0)).toBeNull();
  });

  it("remembers the phone layout, both videos until switched", () => {
    expect(readLayout()).toBe("both");
    saveLayout("pip");
    expect(readLayout()).toBe("pip");
    saveLayout("both");
    expect(readLayout()).toBe("both");
  });

  it("puts two upright videos side by side on a phone, and stacks when one is wide", () => {
    expect(phoneArrangement([576 / 1024, 720 / 1280])).toBe("side");
    expect(phoneArrangement([1, 576 / 1024])).toBe("side");
    expect(phoneArrangement([576 / 1024, 16 / 9])).toBe("stacked");
    // Before the files say their shape: the usual wide video.
    expect(phoneArrangement([null, 576 / 1024])).toBe("stacked");
  });
});
