import { describe, expect, it } from "vitest";
import { POSE_TRACK_LIMITS, POSE_TRACK_MESSAGES, poseTrackField } from "./index.ts";

const names = ["nose", "left_eye"];
const track = { keypointNames: names, fps: 7, width: 640, height: 480, frames: [[0, 0.5, 0.2, 0.9, 0.52, 0.19, 0.8]] };
const message = (text: string) => poseTrackField.safeParse(text).error?.issues[0]?.message;

describe("the compare form's pose_track (dance along)", () => {
  it("reads a compact track from its JSON text", () => {
    expect(poseTrackField.parse(JSON.stringify(track))).toEqual(track);
    // With how often the device estimated a pose, kept (the server times moves by it).
    expect(poseTrackField.parse(JSON.stringify({ ...track, posesPerSecond: 2.4 })).posesPerSecond).toBe(2.4);
  });

  it("says what is wrong: not JSON, too large, the wrong shape", () => {
    expect(message("{frames")).toBe(POSE_TRACK_MESSAGES.notJson);
    expect(message(" ".repeat(POSE_TRACK_LIMITS.maxBytes + 1))).toBe(POSE_TRACK_MESSAGES.tooLarge);
    for (const bad of [
      { ...track, frames: [[0, 0.5, 0.2]] },
      { ...track, fps: 0 },
      { ...track, width: -1 },
      { ...track, frames: [] },
      { ...track, posesPerSecond: 0 },
      { ...track, posesPerSecond: "7" },
      { keypointNames: names, fps: 7, frames: track.frames },
      [1, 2, 3],
    ])
      expect(message(JSON.stringify(bad)), JSON.stringify(bad)).toBe(POSE_TRACK_MESSAGES.malformed);
    // JSON has no NaN or Infinity: a number too large to be finite is refused as well.
    expect(message(JSON.stringify(track).replace("0.9", "1e999"))).toBe(POSE_TRACK_MESSAGES.malformed);
  });
});
