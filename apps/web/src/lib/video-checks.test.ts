import { describe, expect, it } from "vitest";
import { VIDEO_CHECKS, videoErrorText, videoFileProblem } from "./video-checks";

describe("video element errors", () => {
  it("maps media error codes to their COMPARE_TEXTS messages", () => {
    expect(videoErrorText(4)).toBe("Video format not supported or file corrupted");
    expect(videoErrorText(3)).toBe("Network error - video file not accessible");
    expect(videoErrorText(2)).toBe("Video file not found");
    expect(videoErrorText(1)).toBe("Error loading video");
    expect(videoErrorText(undefined)).toBe("Error loading video");
  });
});

describe("what a picked file's preview tells before the upload", () => {
  it("a file the browser cannot play is no playable video; a video over 10 minutes is too long", () => {
    expect(videoFileProblem({ mediaError: 4, duration: null })).toBe(VIDEO_CHECKS.unplayable);
    expect(videoFileProblem({ mediaError: 3, duration: null })).toBe(VIDEO_CHECKS.unplayable);
    expect(videoFileProblem({ mediaError: null, duration: 601 })).toBe(VIDEO_CHECKS.tooLong(601));
    expect(videoFileProblem({ mediaError: null, duration: 600 })).toBeNull();
    // A fresh recording has no length until played: nothing is known against it.
    expect(videoFileProblem({ mediaError: null, duration: Number.POSITIVE_INFINITY })).toBeNull();
  });
});
