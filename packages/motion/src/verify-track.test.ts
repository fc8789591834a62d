/** The fast path's check, without footage: which frames it draws, and what it makes of none. */
import { describe, expect, it } from "vitest";
import { trackFromCompact } from "./compact-track.ts";
import { COCO_KEYPOINTS } from "./pose/keypoints.ts";
import { judgeSamples, sampleFrames, TRACK_CHECK } from "./verify-track.ts";

describe("the frames a check estimates again", () => {
  it("are drawn anew each time, spread over the whole take, ends included", () => {
    const draws = Array.from({ length: 200 }, () => sampleFrames(420));
    for (const d of draws) {
      expect(d).toHaveLength(TRACK_CHECK.samples);
      expect(new Set(d).size).toBe(d.length);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(Math.min(...d)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...d)).toBeLessThan(420);
    }
    // No two checks alike, and every frame (the first and last too) drawn by some of them.
    expect(new Set(draws.map((d) => d.join())).size).toBe(draws.length);
    expect(new Set(draws.flat()).size).toBe(420);
  });

  it("are every frame of a take shorter than the sample", () => {
    expect(sampleFrames(21)).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });
});

describe("judging a track on its samples", () => {
  const person = [0, ...COCO_KEYPOINTS.flatMap((_, i) => [0.4 + 0.01 * i, 0.2 + 0.03 * i, 0.9])];
  const track = trackFromCompact({
    keypointNames: [...COCO_KEYPOINTS],
    fps: 7,
    width: 640,
    height: 480,
    frames: Array.from({ length: 70 }, (_, k) => [Math.round((k / 7) * 1000) / 1000, ...person.slice(1)]),
  });

  it("never passes a track none of whose sampled frames the video gave", () => {
    const indexes = sampleFrames(70);
    const check = judgeSamples(track, indexes, { poses: new Map(), decoded: { width: 512, height: 384 }, ticks: 1 });
    expect(check).toMatchObject({ ok: false, samples: 0 });
  });
});
