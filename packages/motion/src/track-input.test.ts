import { describe, expect, it } from "vitest";
import { DEFAULTS } from "./analyze.ts";
import { compareTracks } from "./compare.ts";
import { isMotionError } from "./errors.ts";
import { armsDance, syntheticTrack } from "../test-support/synthetic-track.ts";
import { type MeasuredPoints, trackFromPoints } from "./track-input.ts";

/** A synthetic dancer as measured points at 30 fps, in pixels of a 720 × 1280 picture. */
function measured(seconds: number, shiftX = 0): MeasuredPoints {
  const track = syntheticTrack(armsDance, { duration: seconds, fps: 30 });
  return {
    fps: 30,
    width: 720,
    height: 1280,
    frames: track.frames.map((f) =>
      Array.from(
        { length: 17 },
        (_, i) => [(f.keypoints[i * 3] ?? 0) * 720 + shiftX, (f.keypoints[i * 3 + 1] ?? 0) * 1280] as const,
      ),
    ),
  };
}

const expectMotionError = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (e) {
    expect(isMotionError(e) && e.code).toBe(code);
    return;
  }
  throw new Error("expected a MotionError");
};

describe("track input", () => {
  it("samples measured points at the analysis rate, normalised to the picture, like a video's poses", () => {
    const t = trackFromPoints(measured(4));
    expect(t.model).toBe("measured");
    expect(t.fps).toBe(DEFAULTS.fps);
    expect(t.frames).toHaveLength(4 * DEFAULTS.fps);
    expect(t.duration).toBe(4);
    for (const f of t.frames) {
      expect(f.score).toBe(1);
      for (let i = 0; i < 17; i++) {
        expect(f.keypoints[i * 3]).toBeGreaterThan(0);
        expect(f.keypoints[i * 3]).toBeLessThan(1);
      }
    }
  });

  it("compares two measured tracks through the same path as videos: a shifted copy is the same performance", () => {
    const r = compareTracks(trackFromPoints(measured(6)), trackFromPoints(measured(6, 40)), { style: "hip_hop" });
    expect(r.same_routine).toBe(true);
    expect(r.overall_score).toBeGreaterThan(97);
  });

  it("marks points below the confidence floor as not seen, and a frame without shoulders and hips as no person", () => {
    const m = measured(2);
    const frames = m.frames.map((p, k) =>
      k < 15
        ? p.map((q, i) => (i === 5 ? null : q))
        : p.map((q, i) => (i === 9 && q ? ([q[0], q[1], 0.1] as const) : q)),
    );
    const t = trackFromPoints({ ...m, frames });
    expect(t.frames[0]?.score).toBe(0);
    expect(t.frames[0]?.keypoints.every((v) => v === 0)).toBe(true);
    const late = t.frames[t.frames.length - 1];
    expect(late?.score).toBeGreaterThan(0);
    expect(late?.keypoints[9 * 3 + 2]).toBe(0);
  });

  it("refuses a track it cannot read, with a clear error", () => {
    expectMotionError(() => trackFromPoints({ ...measured(1), fps: 0 }), "INVALID_OPTIONS");
    expectMotionError(() => trackFromPoints({ ...measured(1), frames: [] }), "EMPTY_VIDEO");
    expectMotionError(
      () => trackFromPoints({ ...measured(1), keypointNames: ["nose", "left_shoulder", "right_shoulder"] }),
      "INVALID_OPTIONS",
    );
  });
});
