import { act, renderHook } from "@testing-library/react";
import { LIMITS, UPLOAD_MESSAGES } from "@stepsync/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  readLibraryReference,
  applyFilter,
  DEFAULT_FILTERS,
  formatDuration,
  shortCount,
  useDebounced,
  validateThumbnail,
  validateTitle,
  validateVideoFile,
  visibleTags,
} from "./library";

describe("library formatting", () => {
  it("shortens counts: K above 1,000 and M above 1,000,000", () => {
    expect(shortCount(0)).toBe("0");
    expect(shortCount(999)).toBe("999");
    expect(shortCount(1000)).toBe("1000");
    expect(shortCount(1001)).toBe("1K");
    expect(shortCount(1500)).toBe("1.5K");
    expect(shortCount(1_000_000)).toBe("1000K");
    expect(shortCount(2_500_000)).toBe("2.5M");
    expect(shortCount(null)).toBe("0");
  });

  it("formats durations as m:ss, 'Unknown' when absent", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(65.4)).toBe("1:05");
    expect(formatDuration(600)).toBe("10:00");
    expect(formatDuration(null)).toBe("Unknown");
    expect(formatDuration(undefined)).toBe("Unknown");
  });

  it("counts whole seconds as the video player does: a 14.6 s video is 0:14 on its card, not 0:15", () => {
    expect(formatDuration(14.6)).toBe("0:14");
    expect(formatDuration(59.99)).toBe("0:59");
  });

  it("shows up to 3 tags and counts the rest", () => {
    expect(visibleTags(["a", "b"])).toEqual({ shown: ["a", "b"], more: 0 });
    expect(visibleTags(["a", "b", "c", "d", "e"])).toEqual({ shown: ["a", "b", "c"], more: 2 });
    expect(visibleTags(undefined)).toEqual({ shown: [], more: 0 });
  });
});

describe("library filters", () => {
  it("changing a filter resets to page 1; changing the page keeps filters", () => {
    const onPage3 = applyFilter(applyFilter(DEFAULT_FILTERS, "category", "ballet"), "page", 3);
    expect(onPage3).toMatchObject({ category: "ballet", page: 3 });
    expect(applyFilter(onPage3, "difficulty", "advanced")).toMatchObject({ difficulty: "advanced", page: 1 });
    expect(applyFilter(onPage3, "search", "wave")).toMatchObject({ search: "wave", page: 1 });
    expect(applyFilter(onPage3, "category", "ballet")).toBe(onPage3);
  });
});

describe("useDebounced", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it("settles 300 ms after the last change", () => {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v), { initialProps: { v: "a" } });
    rerender({ v: "ab" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ v: "abc" });
    act(() => vi.advanceTimersByTime(LIMITS.searchDebounceMs - 1));
    expect(result.current).toBe("a");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("abc");
  });
});

describe("upload validation", () => {
  it("uses the spec's texts", () => {
    expect(validateVideoFile(null)).toBe(UPLOAD_MESSAGES.selectVideo);
    expect(validateVideoFile({ name: "a.txt", type: "text/plain", size: 10 })).toBe(UPLOAD_MESSAGES.invalidVideoType);
    expect(validateVideoFile({ name: "a.mp4", type: "video/mp4", size: LIMITS.maxVideoBytes + 1 })).toBe(
      "File too large. Maximum size is 500MB.",
    );
    expect(validateVideoFile({ name: "a.mov", type: "video/quicktime", size: 10 })).toBeNull();
    // A server set to MAX_VIDEO_MB=5 says so through /api/config; the check and its text follow.
    expect(validateVideoFile({ name: "a.mp4", type: "video/mp4", size: 6 * 1024 * 1024 }, 5 * 1024 * 1024)).toBe(
      "File too large. Maximum size is 5MB.",
    );
    expect(validateThumbnail(null)).toBeNull();
    expect(validateThumbnail({ name: "a.gif", type: "image/gif", size: 10 })).toBe(
      UPLOAD_MESSAGES.invalidThumbnailType,
    );
    expect(validateThumbnail({ name: "a.png", type: "image/png", size: LIMITS.maxThumbnailBytes + 1 })).toBe(
      UPLOAD_MESSAGES.thumbnailTooLarge,
    );
    expect(validateTitle("  ")).toBe(UPLOAD_MESSAGES.enterTitle);
    expect(validateTitle(" x ")).toBeNull();
  });
});

describe("the library reference handed to the compare page", () => {
  it("reads the library reference from navigation state", () => {
    expect(
      readLibraryReference({ referenceVideo: { id: 7, title: "Salsa basics", videoUrl: "/v.mp4" } }),
    ).toMatchObject({
      id: 7,
      title: "Salsa basics",
      videoUrl: "/v.mp4",
    });
    expect(readLibraryReference({ referenceVideo: { id: 3 } })?.videoUrl).toBeNull();
    expect(readLibraryReference(null)).toBeNull();
    expect(readLibraryReference({ referenceVideo: { title: "no id" } })).toBeNull();
  });
});
