import { describe, expect, it } from "vitest";
import { fittedRect } from "../canvas";
import { fullFrameCrop, movenetNextCrop, movenetPose, movenetSeesPerson } from "@stepsync/motion/live";
import { cropRects, MOVENET_INPUT_SIZE, rgbaToRgb } from "./movenet";

/** MoveNet's raw answer with every point at input pixel (ix, iy) and this score. */
function rawAt(ix: number, iy: number, score: number): Float32Array {
  const raw = new Float32Array(17 * 3);
  for (let i = 0; i < 17; i++) {
    raw[i * 3] = iy / MOVENET_INPUT_SIZE;
    raw[i * 3 + 1] = ix / MOVENET_INPUT_SIZE;
    raw[i * 3 + 2] = score;
  }
  return raw;
}

describe("MoveNet input and output in frame pixels", () => {
  it("with no one found yet the model sees the whole frame, letterboxed into the middle of its input", () => {
    expect(cropRects(fullFrameCrop(1280, 720), 1280, 720)).toEqual({
      sx: 0,
      sy: 0,
      sw: 1280,
      sh: 720,
      dx: 0,
      dy: 42,
      dw: 192,
      dh: 108,
    });
    // The input's centre is the frame's centre; the top of the picture band is the frame's top.
    const centre = movenetPose(rawAt(96, 96, 0.9), fullFrameCrop(1280, 720), 0).keypoints;
    expect([centre[0], centre[1], centre[2]]).toEqual([640, 360, expect.closeTo(0.9, 6)]);
    const topLeft = movenetPose(rawAt(0, 42, 0.9), fullFrameCrop(1280, 720), 0).keypoints;
    expect(topLeft[0]).toBeCloseTo(0);
    expect(topLeft[1]).toBeCloseTo(0, 3);
  });

  it("then a square around the dancer, as the server's tracker crops it, padded black past the frame's edge", () => {
    // A dancer 300 px tall standing at the right edge of a landscape frame, hips at (1180, 420).
    const pose = new Float32Array(17 * 3);
    for (let i = 0; i < 17; i++) pose.set([1180 + (i % 2 ? 20 : -20), 270 + (i / 16) * 300, 0.8], i * 3);
    pose.set([1160, 420, 0.8], 11 * 3);
    pose.set([1200, 420, 0.8], 12 * 3);
    const crop = movenetNextCrop(pose, 1280, 720);
    expect(crop.cx).toBeCloseTo(1180);
    expect(crop.size).toBeLessThan(720);
    expect(crop.size).toBeGreaterThan(300);
    const r = cropRects(crop, 1280, 720);
    // The part past the right edge is not drawn: the picture fills the input's left part only.
    expect(r?.sx).toBeCloseTo(1180 - crop.size / 2);
    expect((r?.sx ?? 0) + (r?.sw ?? 0)).toBeCloseTo(1280);
    expect(r?.dx).toBeCloseTo(0);
    expect(r?.dw).toBeCloseTo(((1280 - (r?.sx ?? 0)) * 192) / crop.size);
    expect(r?.dw).toBeLessThan(192);
    // The model's answer comes back through the crop: the input's centre is the hips.
    const centre = movenetPose(rawAt(96, 96, 0.9), crop, 0).keypoints;
    expect(centre[0]).toBeCloseTo(1180);
    expect(centre[1]).toBeCloseTo(crop.cy);
    // A crop wholly outside the frame shows nothing.
    expect(cropRects({ cx: 2000, cy: 300, size: 200 }, 1280, 720)).toBeNull();
  });

  it("tells a person from an empty room as the engine does", () => {
    expect(movenetSeesPerson(movenetPose(rawAt(96, 96, 0.6), fullFrameCrop(640, 480), 0).keypoints)).toBe(true);
    expect(movenetSeesPerson(movenetPose(rawAt(96, 96, 0.1), fullFrameCrop(640, 480), 0).keypoints)).toBe(false);
  });

  it("turns canvas RGBA pixels into the model's RGB input", () => {
    const rgb = rgbaToRgb(new Uint8ClampedArray([10, 20, 30, 255, 40, 50, 60, 128]));
    expect([...rgb]).toEqual([10, 20, 30, 40, 50, 60]);
  });
});

describe("where the video's picture lands in its box", () => {
  it("crops with cover and letterboxes with contain", () => {
    expect(fittedRect("cover", 300, 400, 1280, 720)).toEqual({
      x: expect.closeTo(-205.56, 1),
      y: 0,
      width: expect.closeTo(711.1, 1),
      height: 400,
    });
    expect(fittedRect("contain", 300, 400, 1280, 720)).toEqual({
      x: 0,
      y: expect.closeTo(115.6, 1),
      width: 300,
      height: expect.closeTo(168.75, 2),
    });
  });
});
