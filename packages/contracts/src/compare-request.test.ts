import { describe, expect, it } from "vitest";
import { compareRequestFields, TAKE_MESSAGES } from "./index.ts";

describe("the compare form's take_offset_s (dance along)", () => {
  it.each([
    ["0", 0],
    ["0.217", 0.217],
    [" 1.5 ", 1.5],
    [".25", 0.25],
    ["10", 10],
  ])("reads %j as %d seconds", (text, seconds) => {
    expect(compareRequestFields.parse({ take_offset_s: text }).take_offset_s).toBe(seconds);
  });

  it("is optional: a form without it is a comparison of two videos as before", () => {
    expect(compareRequestFields.parse({}).take_offset_s).toBeUndefined();
  });

  it.each(["", " ", "-0.5", "10.001", "11", "abc", "1e-3", "Infinity", "NaN", "0x1", "1,5", "+1"])(
    "refuses %j in words",
    (text) => {
      const result = compareRequestFields.safeParse({ take_offset_s: text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(TAKE_MESSAGES.offset);
    },
  );
});
