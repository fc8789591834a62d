import { describe, expect, it } from "vitest";
import { extractFeatures, GrowingFeatures } from "./features.ts";
import type { PoseTrack } from "./types.ts";
import { legsDance, syntheticTrack } from "../test-support/synthetic-track.ts";

/** A dance with what real poses have: a wrist the model lost, a frame with no one in it, a low-confidence knee. */
function patchyTrack(): PoseTrack {
  const track = syntheticTrack(legsDance, { duration: 6, fps: 7 });
  const frames = track.frames.map((f, i) => {
    const keypoints = [...f.keypoints];
    if (i % 5 === 2) keypoints[9 * 3 + 2] = 0;
    if (i % 7 === 3) keypoints[13 * 3 + 2] = 0.2;
    return i === 11 ? { ...f, score: 0, keypoints: keypoints.map(() => 0) } : { ...f, keypoints };
  });
  return { ...track, frames };
}

describe("features of a take as it grows", () => {
  it.each([false, true])("equal the whole track's at every length (mirrored: %s)", (mirrored) => {
    const track = patchyTrack();
    const growing = new GrowingFeatures(track, mirrored);
    for (let n = 1; n <= track.frames.length; n++) {
      const frames = track.frames.slice(0, n);
      expect(growing.of(frames), `${n} frames`).toEqual(
        extractFeatures({ ...track, frames, duration: n / track.fps }, mirrored),
      );
    }
  });
});
