import { describe, expect, it } from "vitest";
import { fullFrameCrop } from "../pose/tracker.ts";
import { movenetPose, MOVENET_RULE, TakeFrames } from "./take-frames.ts";

/** MoveNet's output for a point at frame pixel (x, y) of a width × height camera frame, letterboxed. */
function rawFor(points: Array<[number, number, number]>, width: number, height: number): Float32Array {
  const side = Math.max(width, height);
  const raw = new Float32Array(17 * 3);
  points.forEach(([x, y, s], i) => {
    raw[i * 3] = (y + (side - height) / 2) / side;
    raw[i * 3 + 1] = (x + (side - width) / 2) / side;
    raw[i * 3 + 2] = s;
  });
  return raw;
}

const standing = (dx: number): Array<[number, number, number]> =>
  Array.from({ length: 17 }, (_, i) => [600 + dx + 10 * (i % 2 ? 1 : -1) * i, 100 + 30 * i, 0.8]);

describe("a camera's poses as the analysis frames of the take", () => {
  it("MoveNet's letterboxed output decodes to the camera frame's pixels, scored as the server scores it", () => {
    const pose = movenetPose(rawFor(standing(0), 1280, 720), fullFrameCrop(1280, 720), 0.5);
    expect(pose.t).toBe(0.5);
    expect(pose.keypoints[0]).toBeCloseTo(600, 3);
    expect(pose.keypoints[1]).toBeCloseTo(100, 3);
    expect(pose.keypoints[16 * 3 + 1]).toBeCloseTo(580, 3);
    expect(pose.score).toBeCloseTo(0.8, 6);
    expect(MOVENET_RULE.hasPerson(pose)).toBe(true);
  });

  it("the output for a crop around the dancer decodes to the camera frame's pixels too", () => {
    // The model saw the 400-px square centred on (700, 420): its middle is there, its corner 200 px up and left.
    const raw = new Float32Array(17 * 3);
    raw.set([0.5, 0.5, 0.9], 0);
    raw.set([0, 0, 0.8], 3);
    const pose = movenetPose(raw, { cx: 700, cy: 420, size: 400 }, 1);
    expect([...pose.keypoints.slice(0, 6)].map((v) => Math.round(v * 100) / 100)).toEqual([
      700, 420, 0.9, 500, 220, 0.8,
    ]);
  });

  it("one frame per tick of the analysis rate, the pose at it, smoothed and normalised like a track", () => {
    const frames = new TakeFrames(7, { rule: MOVENET_RULE, width: 1280, height: 720 });
    const out = [];
    // A camera at 30 fps with an uneven clock; the dancer steps right 1 px per camera frame.
    for (let i = 0; i < 60; i++) {
      const t = i / 30 + (i % 3) * 0.004;
      out.push(...frames.push(movenetPose(rawFor(standing(i), 1280, 720), fullFrameCrop(1280, 720), t)));
    }
    expect(out.map((f) => f.t)).toEqual(Array.from({ length: 14 }, (_, k) => Math.round((k / 7) * 1e4) / 1e4));
    // The nose moves right with the dancer, normalised to the frame (0–1), lagging a little (smoothed).
    const x = out.map((f) => f.keypoints[0] as number);
    expect(x[0]).toBeCloseTo(600 / 1280, 4);
    for (let k = 1; k < x.length; k++) expect(x[k] as number).toBeGreaterThan(x[k - 1] as number);
    expect(x[13] as number).toBeLessThanOrEqual((600 + 56) / 1280);
    expect(out.every((f) => f.score > 0)).toBe(true);
  });
});

describe("a device that estimates a few poses a second", () => {
  /** An engine frame at t with every point at x = t (the dancer moving steadily right), point 5 unseen when `lost`. */
  const at = (t: number, lost = false) => ({
    t,
    score: 0.9,
    keypoints: Array.from({ length: 17 }, (_, i) => (lost && i === 5 ? [0, 0, 0] : [t, 0.5, 0.9])).flat(),
  });
  const x = (f: { keypoints: number[] }, point = 0) => f.keypoints[point * 3] as number;

  it("gives each tick where the body was then, blended from the poses either side (not the nearest, up to half a gap away)", () => {
    const frames = new TakeFrames(7);
    // 3.3 poses a second, none on a tick after the first.
    const out = [0, 0.3, 0.6, 0.9, 1.2, 1.5].flatMap((t) => frames.push(at(t)));
    expect(out.map((f) => f.t)).toEqual([0, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1, 1.1429, 1.2857, 1.4286]);
    for (const f of out) expect(x(f)).toBeCloseTo(f.t, 3);
  });

  it("a point one of the two poses did not see is the nearer pose's, and poses over half a second apart are not blended", () => {
    const frames = new TakeFrames(7);
    const out = [frames.push(at(0)), frames.push(at(0.3, true)), frames.push(at(1.2))].flat();
    // Tick 1/7 lies nearer 0 than 0.3: point 5 is the pose at 0's; the others are blended.
    expect(x(out[1] as { keypoints: number[] }, 5)).toBe(0);
    expect(x(out[1] as { keypoints: number[] }, 0)).toBeCloseTo(1 / 7, 3);
    // Tick 2/7 lies nearer 0.3, which did not see point 5: it stays unseen.
    expect((out[2] as { keypoints: number[] }).keypoints[5 * 3 + 2]).toBe(0);
    // 0.3 → 1.2 is a stall: ticks 3/7…8/7 are the nearest pose, 0.3 or 1.2.
    expect(out.slice(3).map((f) => x(f))).toEqual([0.3, 0.3, 0.3, 1.2, 1.2, 1.2]);
  });
});
