import { describe, expect, it } from "vitest";
import { formatDate, formatRelative } from "./format";

describe("formatRelative", () => {
  const now = Date.parse("2025-03-10T12:00:00.000Z");
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it("says just now, minutes, hours and days for the last week", () => {
    expect(formatRelative(ago(5), now)).toBe("just now");
    expect(formatRelative(ago(-30), now)).toBe("just now"); // a little clock skew
    expect(formatRelative(ago(60), now)).toBe("1 minute ago");
    expect(formatRelative(ago(5 * 60 + 59), now)).toBe("5 minutes ago");
    expect(formatRelative(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelative(ago(26 * 3600), now)).toBe("yesterday");
    expect(formatRelative(ago(6 * 86400), now)).toBe("6 days ago");
  });

  it("falls back to the date after a week, and to nothing for bad input", () => {
    expect(formatRelative(ago(8 * 86400), now)).toBe(formatDate(ago(8 * 86400)));
    expect(formatRelative("not a date", now)).toBe("");
    expect(formatRelative(null, now)).toBe("");
  });
});
