import { expect, it } from "vitest";
import { extractFeatures, SEGMENTS } from "../features.ts";
import { angleDiff } from "../numbers.ts";
import { swapSideNames } from "../../test-support/perturb.ts";
import { armsDance, syntheticTrack } from "../../test-support/synthetic-track.ts";
import { ContinuousTrack } from "./interp.ts";

const FPS = 7;
const LEFT_UPPER_ARM = SEGMENTS.findIndex((s) => s.name === "left_upper_arm");
const SHOULDERS = SEGMENTS.findIndex((s) => s.name === "shoulders");

it("between a frame and one whose sides the pose model named the other way round: the body between them, not a left arm blended with a right one", () => {
  const track = syntheticTrack(armsDance, { duration: 4, fps: FPS });
  // Frame 10 (1.43 s) read with its sides swapped, as a turning dancer's often is.
  const glitch = swapSideNames(track, { from: 10 / FPS - 0.01, to: 10 / FPS + 0.01 });
  const truth = new ContinuousTrack(extractFeatures(track));
  const read = new ContinuousTrack(extractFeatures(glitch));
  // Nearer the clean frame the pose is named as it; nearer the swapped one, as that one (a
  // comparison then swaps it back whole: score/shape.ts sidesAsReference).
  for (const t of [9.2 / FPS, 9.4 / FPS, 10.8 / FPS]) {
    const a = truth.at(t);
    const b = read.at(t);
    expect(angleDiff(a?.seg[LEFT_UPPER_ARM] as number, b?.seg[LEFT_UPPER_ARM] as number, true), `t ${t}`).toBeLessThan(
      1,
    );
    expect(angleDiff(a?.seg[SHOULDERS] as number, b?.seg[SHOULDERS] as number, true)).toBeLessThan(1);
  }
  const named = read.at(9.7 / FPS);
  const real = truth.at(9.7 / FPS);
  // The swapped frame nearer: read as that frame names the sides, the shoulder line the other way.
  expect(angleDiff(named?.seg[SHOULDERS] as number, real?.seg[SHOULDERS] as number, true)).toBeGreaterThan(170);
});
