import type { CompactTrack } from "@stepsync/contracts";
import { describe, expect, it } from "vitest";
import { type Ghost, ghostPose } from "./ghost-pose";

type P = [number, number];

/**
 * A compact frame at time t from a few named points in pixels of `size` (the rest missing):
 * hips 11/12, shoulders 5/6, and the left wrist 9.
 */
function frame(t: number, size: { width: number; height: number }, pts: Record<number, P>): number[] {
  const row = [t];
  for (let k = 0; k < 17; k++) {
    const p = pts[k];
    row.push(p ? p[0] / size.width : 0, p ? p[1] / size.height : 0, p ? 0.9 : 0);
  }
  return row;
}

/** A standing body: hip centre at (cx, hy), torso `torso` pixels long, left wrist `arm` pixels to the picture's right of the left shoulder. */
function body(cx: number, hy: number, torso: number, arm: number): Record<number, P> {
  return {
    11: [cx + 0.2 * torso, hy],
    12: [cx - 0.2 * torso, hy],
    5: [cx + 0.3 * torso, hy - torso],
    6: [cx - 0.3 * torso, hy - torso],
    9: [cx + 0.3 * torso + arm, hy - torso],
  };
}

// The teacher: a portrait video (576×1024), torso 200 px, hips at (288, 600); reaching out 100 px at 2 s only.
const REF_SIZE = { width: 576, height: 1024 };
const reference: CompactTrack = {
  keypointNames: [],
  fps: 1,
  width: REF_SIZE.width,
  height: REF_SIZE.height,
  frames: [1, 2, 3].map((t) => frame(t, REF_SIZE, body(288, 600, 200, t === 2 ? 100 : 40))),
};
// The user: a landscape video (1280×720), torso 100 px (half the teacher's), hips at (400, 500).
const USER_SIZE = { width: 1280, height: 720 };
const user: CompactTrack = {
  keypointNames: [],
  fps: 1,
  width: USER_SIZE.width,
  height: USER_SIZE.height,
  frames: [2, 3, 4, 5].map((t) => frame(t, USER_SIZE, body(400, 500, 100, 10))),
};
// The user is 1 s behind the teacher from user time 2 to 4.
const timeMap: Array<[number, number]> = [
  [2, 1],
  [4, 3],
];

/** A ghost point back in the user's pixels. */
const px = (p: { x: number; y: number } | null | undefined): P =>
  p ? [Math.round(p.x * USER_SIZE.width), Math.round(p.y * USER_SIZE.height)] : [Number.NaN, Number.NaN];

describe("ghostPose: the teacher's pose on the user's body", () => {
  const ghost: Ghost = { track: reference, timeMap, mirrored: false };

  it("takes the teacher's moment the time map pairs with the user's, hips on the user's hips, scaled by the torsos", () => {
    const pose = ghostPose(ghost, user, 3, USER_SIZE);
    if (!pose) throw new Error("no ghost");
    // Hip centre on the user's hip centre.
    const hipL = px(pose[11]);
    const hipR = px(pose[12]);
    expect([(hipL[0] + hipR[0]) / 2, (hipL[1] + hipR[1]) / 2]).toEqual([400, 500]);
    // Torso 200 px → 100 px: shoulders 100 px above the hips.
    expect(px(pose[5])[1]).toBe(400);
    // The teacher's reach at ref 2 s (100 px) becomes 50 px: in the user's picture, not stretched by its other aspect ratio.
    expect(px(pose[9])[0] - px(pose[5])[0]).toBe(50);
    expect(px(pose[9])[1]).toBe(px(pose[5])[1]);
    // Points the teacher's track does not have stay missing.
    expect(pose[0]).toBeNull();
  });

  it("follows the map: at user 4 s it is the teacher's 3 s pose", () => {
    const pose = ghostPose(ghost, user, 4, USER_SIZE);
    expect(px(pose?.[9])[0] - px(pose?.[5])[0]).toBe(20);
  });

  it("mirrors the teacher when the user danced mirror-wise", () => {
    const pose = ghostPose({ ...ghost, mirrored: true }, user, 3, USER_SIZE);
    // The reach now goes to the picture's left, from the mirrored shoulder.
    expect(px(pose?.[9])[0] - px(pose?.[5])[0]).toBe(-50);
    expect(px(pose?.[5])[0]).toBe(400 - 30);
  });

  it("shows nothing outside the paired part, without a map, or where the user's hips are not seen", () => {
    expect(ghostPose(ghost, user, 5, USER_SIZE)).toBeNull();
    expect(ghostPose({ ...ghost, timeMap: [] }, user, 3, USER_SIZE)).toBeNull();
    const hipless: CompactTrack = { ...user, frames: [frame(3, USER_SIZE, { 5: [0, 0], 6: [10, 0] })] };
    expect(ghostPose(ghost, hipless, 3, USER_SIZE)).toBeNull();
  });

  it("without the teacher's video size (results of earlier engines), assumes the user's", () => {
    const { width, height, ...noSize } = reference;
    const pose = ghostPose({ ...ghost, track: noSize }, user, 3, USER_SIZE);
    expect(pose).not.toBeNull();
    const hipL = px(pose?.[11]);
    const hipR = px(pose?.[12]);
    expect([(hipL[0] + hipR[0]) / 2, (hipL[1] + hipR[1]) / 2]).toEqual([400, 500]);
  });
});
