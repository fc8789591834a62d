import { describe, expect, it } from "vitest";
import { fittedRect } from "../canvas";
import { letterbox, MOVENET_INPUT_SIZE, rgbaToRgb, showsPerson, toFramePoints } from "./movenet";

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
  it("letterboxes a landscape frame into the middle of the square input", () => {
    const box = letterbox(1280, 720);
    expect(box.width).toBeCloseTo(192);
    expect(box.height).toBeCloseTo(108);
    expect(box.x).toBeCloseTo(0);
    expect(box.y).toBeCloseTo(42);
  });

  it("maps the model's points back through the letterbox to the frame", () => {
    const box = letterbox(1280, 720);
    // The input's centre is the frame's centre; the top of the picture band is the frame's top.
    const centre = toFramePoints(rawAt(96, 96, 0.9), box);
    expect(centre[0]).toBeCloseTo(640);
    expect(centre[1]).toBeCloseTo(360);
    expect(centre[2]).toBeCloseTo(0.9);
    const topLeft = toFramePoints(rawAt(0, 42, 0.9), box);
    expect(topLeft[0]).toBeCloseTo(0);
    expect(topLeft[1]).toBeCloseTo(0, 3);
    // A portrait frame is padded left and right instead.
    const portrait = letterbox(720, 1280);
    const right = toFramePoints(rawAt(portrait.x + portrait.width, 192, 0.9), portrait);
    expect(right[0]).toBeCloseTo(720);
    expect(right[1]).toBeCloseTo(1280);
  });

  it("tells a person from an empty room by the mean score", () => {
    const box = letterbox(640, 480);
    expect(showsPerson(toFramePoints(rawAt(96, 96, 0.6), box))).toBe(true);
    expect(showsPerson(toFramePoints(rawAt(96, 96, 0.1), box))).toBe(false);
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
