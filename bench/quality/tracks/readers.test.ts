import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "../../../packages/motion/test-support/fixtures.ts";
import { readCoco2d, readJoints3d } from "./aist.ts";
import type { MeasuredPoints } from "../../../packages/motion/src/index.ts";
import { film } from "./body.ts";
import { readTake } from "./ui-prmd.ts";

const tracksDir = join(fixturesDir, "tracks");
const here = existsSync(join(tracksDir, "README.md"));
const NOSE = 0;
const L_SHOULDER = 5;
const R_SHOULDER = 6;
const L_HIP = 11;
const R_HIP = 12;
const L_ANKLE = 15;

describe.skipIf(!here)("measured tracks (../shared/fixtures/tracks)", () => {
  it("rebuilds a UI-PRMD squat as an upright body whose hips go down and come back up", () => {
    const body = readTake(tracksDir, { movement: 1, subject: 1, repetition: 1, correct: true });
    const y = (f: number, i: number) => body.frames[f]?.[i]?.[1] as number;
    // The Kinect loses the legs at the bottom of a squat (the shins fold up): the head is always above
    // the hips, and standing, at the start and the end, the hips are well above the ankles.
    for (let f = 0; f < body.frames.length; f++) expect(y(f, NOSE)).toBeGreaterThan(y(f, L_HIP));
    for (const f of [0, body.frames.length - 1]) expect(y(f, L_HIP) - y(f, L_ANKLE)).toBeGreaterThan(0.6);
    const hips = body.frames.map((_, f) => y(f, L_HIP));
    const first = hips[0] as number;
    expect(first - Math.min(...hips)).toBeGreaterThan(0.25); // a deep squat: more than 25 cm down
    expect(Math.abs((hips[hips.length - 1] as number) - first)).toBeLessThan(0.1);
  });

  it("films a body from the front with its left side on the picture's right, as a camera sees a person facing it", () => {
    for (const body of [
      readTake(tracksDir, { movement: 7, subject: 2, repetition: 1, correct: true }),
      readJoints3d(tracksDir, "gKR_sBM_cAll_d30_mKR2_ch02_slice6"),
    ]) {
      const picture = film(body, { yaw: 0 });
      const p = picture.frames[0];
      expect((p?.[L_SHOULDER]?.[0] as number) > (p?.[R_SHOULDER]?.[0] as number)).toBe(true);
      expect(p?.[NOSE]?.[1] as number).toBeLessThan(p?.[L_ANKLE]?.[1] as number); // head above feet (y down)
      // From 90° to the side the hips (which set "the front") nearly overlap.
      const side = film(body, { yaw: 90 }).frames[0];
      const front = Math.abs((p?.[L_HIP]?.[0] as number) - (p?.[R_HIP]?.[0] as number));
      expect(Math.abs((side?.[L_HIP]?.[0] as number) - (side?.[R_HIP]?.[0] as number))).toBeLessThan(front / 2);
    }
  });

  it("a phone that follows the dancer holds her hips still across the picture, not up and down, and moves no limb", () => {
    const body = readJoints3d(tracksDir, "gBR_sBM_cAll_d04_mBR0_ch02_slice0");
    const hips = (p: MeasuredPoints["frames"][number] | undefined, axis: 0 | 1) =>
      ((p?.[L_HIP]?.[axis] as number) + (p?.[R_HIP]?.[axis] as number)) / 2;
    const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
    const still = film(body, { yaw: 0 });
    const followed = film(body, { yaw: 0, follow: true });
    const across = (f: typeof still) => spread(f.frames.map((p) => hips(p, 0)));
    const upDown = (f: typeof still) => spread(f.frames.map((p) => hips(p, 1)));
    // The break dancer travels across the picture on a tripod (more than 40 px) and not when followed.
    expect(across(still)).toBeGreaterThan(40);
    expect(across(followed)).toBeLessThan(across(still) / 10);
    expect(upDown(followed)).toBeGreaterThan(upDown(still) * 0.8);
    // A limb relative to the hips is where it was (within 10 %: a step nearer or further).
    const wristFromHips = (f: typeof still, i: number) => (f.frames[i]?.[9]?.[1] as number) - hips(f.frames[i], 1);
    for (const i of [0, 60, 120]) {
      const [a, b] = [wristFromHips(followed, i), wristFromHips(still, i)];
      expect(Math.abs(a - b)).toBeLessThan(0.1 * Math.abs(b));
    }
  });

  it("reads an AIST++ freestyle take's keypoints into its 1920 × 1080 picture", () => {
    const t = readCoco2d(tracksDir, "gHO_sFM_cAll_d19_mHO0_ch01");
    expect(t.frames).toHaveLength(1047);
    expect(t.width).toBe(1920);
    const xs = t.frames.flatMap((p) => p.map((q) => q?.[0] as number));
    expect(Math.min(...xs)).toBeGreaterThan(0);
    expect(Math.max(...xs)).toBeLessThan(1920);
  });
});
