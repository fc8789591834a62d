import { describe, expect, it } from "vitest";
import { elapsedText, parseServerTime } from "./elapsed";

describe("elapsed text", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  it("says Just started under a minute, then minutes, then hours and minutes", () => {
    expect(elapsedText("2025-06-01T11:59:30Z", now)).toBe("Just started");
    expect(elapsedText("2025-06-01T11:55:00Z", now)).toBe("5m ago");
    expect(elapsedText("2025-06-01T10:48:00Z", now)).toBe("1h 12m ago");
    expect(elapsedText("2025-06-01T12:00:05Z", now)).toBe("Just started");
    expect(elapsedText("not a date", now)).toBe("Just started");
  });
  it("treats timestamps without a zone as UTC", () => {
    expect(parseServerTime("2025-06-01 11:00:00")).toBe(Date.parse("2025-06-01T11:00:00Z"));
    expect(elapsedText("2025-06-01T11:30:00", now)).toBe("30m ago");
    expect(elapsedText("2025-06-01T13:30:00+02:00", now)).toBe("30m ago");
  });
});
