import { describe, expect, it } from "vitest";
import { extractFeatures, FACING_LINES, GrowingFeatures, seenBroadside, swapSides } from "./features.ts";
import { swapSideNames } from "../test-support/perturb.ts";
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

describe("features of the end of a growing take", () => {
  it.each([false, true])("equal the features of those last frames alone (mirrored: %s)", (mirrored) => {
    const track = patchyTrack();
    const growing = new GrowingFeatures(track, mirrored);
    for (const [n, count] of [
      [5, 10],
      [20, 10],
      [track.frames.length, 7],
    ] as const) {
      const frames = track.frames.slice(0, n);
      const last = frames.slice(Math.max(0, n - count));
      expect(growing.tail(frames, count), `${count} of ${n} frames`).toEqual(
        extractFeatures({ ...track, frames: last, duration: last.length / track.fps }, mirrored),
      );
    }
  });
});

describe("features of a take read after every frame, rescaled now and then", () => {
  it("equal the whole track's in every scale-free reading, and in positions nearly", () => {
    const track = patchyTrack();
    const growing = new GrowingFeatures(track);
    for (let n = 1; n <= track.frames.length; n++) {
      const frames = track.frames.slice(0, n);
      const whole = extractFeatures({ ...track, frames, duration: n / track.fps });
      const rough = growing.of(frames, 7);
      expect(rough.frames.length).toBe(n);
      rough.frames.forEach((f, i) => {
        const w = whole.frames[i] as (typeof whole.frames)[number];
        // Directions, angles and speeds say nothing of the scale: the same.
        expect(f.seg).toEqual(w.seg);
        expect(f.angles).toEqual(w.angles);
        expect(f.segSpeed).toEqual(w.segSpeed);
        // Positions at a scale at most 7 frames old: within 10 % of the body's size.
        f.positions.forEach((p, k) => {
          if (!Number.isNaN(p)) expect(Math.abs(p - (w.positions[k] as number))).toBeLessThan(0.1);
        });
      });
    }
  });
});

describe("a frame with its sides named the other way round", () => {
  it("is what the pose model's reading would give had it named every point's side the other way", () => {
    const track = patchyTrack();
    const named = extractFeatures(track).frames.map(swapSides);
    const swapped = extractFeatures(swapSideNames(track)).frames;
    named.forEach((f, i) => {
      const g = swapped[i] as (typeof swapped)[number];
      expect([...f.seg], `frame ${i}`).toEqual([...g.seg]);
      expect([...f.segW]).toEqual([...g.segW]);
      expect([...f.angles]).toEqual([...g.angles]);
      expect([...f.positions]).toEqual([...g.positions]);
      for (let k = 0; k < f.segSpeed.length; k++) expect(f.segSpeed[k]).toBeCloseTo(g.segSpeed[k] as number, 6);
    });
  });
});

/** The track with the body turned side-on: each shoulder and hip pair drawn to `width` of its spread across (0.05: a few pixels). */
function sideOn(track: PoseTrack, width: number): PoseTrack {
  const frames = track.frames.map((f) => {
    const k = [...f.keypoints];
    for (const [l, r] of [
      [5, 6],
      [11, 12],
    ] as const) {
      const mid = ((k[l * 3] as number) + (k[r * 3] as number)) / 2;
      const half = (((k[r * 3] as number) - (k[l * 3] as number)) * width) / 2;
      k[l * 3] = mid - half;
      k[r * 3] = mid + half;
    }
    return { ...f, keypoints: k };
  });
  return { ...track, frames };
}

describe("the shoulder and hip lines of a body side-on to the camera throughout", () => {
  it("are not trusted to say which way it faces, though they are its longest appearance", () => {
    const track = syntheticTrack(legsDance, { duration: 6, fps: 7 });
    const facing = extractFeatures(track).frames;
    const side = extractFeatures(sideOn(track, 0.05)).frames;
    for (const k of FACING_LINES) {
      expect(facing.every((f) => seenBroadside(f, k))).toBe(true);
      expect(side.some((f) => seenBroadside(f, k))).toBe(false);
      // Still read, for the little they say.
      expect(side.every((f) => (f.segW[k] as number) > 0)).toBe(true);
    }
  });
});
