import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { trackFromPoints } from "../track-input.ts";
import { postureFactor } from "./judge.ts";

type V3 = [number, number, number];

/**
 * A stick figure in metres (x to its left, y up, z towards the camera) raising its right arm
 * sideways to shoulder height once every 2 s. `lean`: degrees its trunk tilts sideways at the
 * arm's peak (the compensation); `bend`: degrees it folds forward at the peak (towards the camera).
 */
function body(t: number, { lean = 0, bend = 0 }: { lean?: number; bend?: number }): V3[] {
  const phase = (1 - Math.cos((Math.PI * t) % (2 * Math.PI))) / 2; // 0 → 1 → 0 every 2 s
  const rad = (d: number) => (d * Math.PI) / 180;
  const tilt = rad(lean * phase);
  const fold = rad(bend * phase);
  const hips: V3 = [0, 1, 0];
  // The trunk from the hips: tilted sideways (x) and folded forward (z).
  const up: V3 = [Math.sin(tilt) * Math.cos(fold), Math.cos(tilt) * Math.cos(fold), Math.sin(fold)];
  const at = (o: V3, d: V3, l: number): V3 => [o[0] + d[0] * l, o[1] + d[1] * l, o[2] + d[2] * l];
  const neck = at(hips, up, 0.5);
  const side: V3 = [Math.cos(tilt), -Math.sin(tilt), 0];
  const lSh = at(neck, side, 0.18);
  const rSh = at(neck, side, -0.18);
  const raise = rad(85 * phase);
  const rArm: V3 = [-Math.sin(raise), -Math.cos(raise), 0];
  const rEl = at(rSh, rArm, 0.28);
  const rWr = at(rEl, rArm, 0.25);
  const lEl = at(lSh, [0, -1, 0], 0.28);
  const lWr = at(lEl, [0, -1, 0], 0.25);
  const lHip: V3 = [0.1, 1, 0];
  const rHip: V3 = [-0.1, 1, 0];
  const nose = at(neck, up, 0.22);
  const eye = (dx: number): V3 => [nose[0] + dx, nose[1] + 0.03, nose[2]];
  return [
    nose,
    eye(0.03),
    eye(-0.03),
    eye(0.07),
    eye(-0.07),
    lSh,
    rSh,
    lEl,
    rEl,
    lWr,
    rWr,
    lHip,
    rHip,
    [0.1, 0.52, 0],
    [-0.1, 0.52, 0],
    [0.1, 0.05, 0],
    [-0.1, 0.05, 0],
  ];
}

/** Filmed by a level camera `yaw` degrees round the body (orthographic), 6 s at 30 fps in a 720 × 1280 picture. */
function filmed(opts: { lean?: number; bend?: number }, yaw = 0) {
  const a = (yaw * Math.PI) / 180;
  return trackFromPoints({
    fps: 30,
    width: 720,
    height: 1280,
    frames: Array.from({ length: 180 }, (_, i) =>
      body(i / 30, opts).map(([x, y, z]) => [360 + 500 * (x * Math.cos(a) + z * Math.sin(a)), 1200 - 500 * y] as const),
    ),
  });
}

describe("posture", () => {
  it("a trunk leaning sideways where the reference keeps it upright costs the move, a bend seen from aside does not", () => {
    const reference = filmed({});
    const clean = compareTracks(reference, filmed({}), { style: "hip_hop" });
    const leaning = compareTracks(reference, filmed({ lean: 15 }), { style: "hip_hop" });
    expect(clean.overall_score).toBeGreaterThan(95);
    // The arm is right all along; the body leaning into it is what a teacher corrects, and says so.
    expect(leaning.scores.shape).toBeLessThan(clean.scores.shape - 10);
    const told = leaning.moves.filter((m) => m.cue?.startsWith("Keep your upper body steady"));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.cue).toMatch(/sways about \d+° more than the reference's\.$/);
    expect(clean.moves.some((m) => m.cue?.includes("upper body"))).toBe(false);

    // The same forward bend filmed from the front (the trunk only shortens) and from 30° aside
    // (it tilts in the picture): the same movement, scored as one.
    const bending = filmed({ bend: 35 });
    const aside = compareTracks(bending, filmed({ bend: 35 }, 30), { style: "hip_hop" });
    expect(aside.scores.shape).toBeGreaterThan(90);
  });

  it("a trunk moving no more than the reference's allows costs nothing", () => {
    expect(postureFactor([20, 25])).toBe(1);
    expect(postureFactor([Number.NaN, 25])).toBe(1);
    expect(postureFactor([4, 18])).toBeLessThan(0.5);
  });
});
