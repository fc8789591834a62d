import { describe, expect, it } from "vitest";
import { compareTracks } from "../compare.ts";
import { type Motion, syntheticTrack, withMusicBeat } from "../../test-support/synthetic-track.ts";

/**
 * Hits and holds: each arm holds a position 0.6 s, then swings to the next in 0.4 s along
 * `swingPath` (0→1 over the swing); `leftOff` turns every left-arm position by that many degrees.
 */
function hits(swingPath: (x: number) => number, leftOff = 0): Motion {
  const spots = [30, 150, 70, 170, 20, 120];
  const hold = 0.6;
  const swing = 0.4;
  const at = (t: number, shift: number) => {
    const k = Math.floor((t + shift) / (hold + swing));
    const into = t + shift - k * (hold + swing);
    const a = spots[k % spots.length] as number;
    const b = spots[(k + 1) % spots.length] as number;
    return into < hold ? a : a + (b - a) * swingPath((into - hold) / swing);
  };
  return (t) => ({ leftArm: at(t, 0) + leftOff, rightArm: at(t, 0.5), leftLeg: 5, rightLeg: 5, lean: 0 });
}

const straight = (x: number) => x;
const reference = withMusicBeat(syntheticTrack(hits(straight), { duration: 12, fps: 20 }));

describe("a move's body parts, as its shape sees them", () => {
  it("an arm that swings another way between the same hits is not corrected: where it stops, it matches", () => {
    // A wide arc between the hits (up to 80° off the reference's path mid-swing). Before, six of eleven
    // Perfect moves were told "Match the direction of your left arm to the reference, about 35° off".
    const arc = syntheticTrack(
      hits((x) => x + 1.2 * Math.sin(Math.PI * x)),
      { duration: 12, fps: 20 },
    );
    const r = compareTracks(reference, arc, { style: "ballet" });
    expect(r.moves.length).toBeGreaterThan(8);
    for (const m of r.moves) {
      expect(m.verdict).toBe("perfect");
      expect(m.cue).toBeNull();
    }
    // The joint table, which the cues quote, weighs the moments as the shape does: the shoulders
    // read 14–15° off before, averaged over every frame of the swing alike.
    expect(r.joint_differences.left_shoulder).toBeLessThan(10);
    expect(r.joint_differences.right_shoulder).toBeLessThan(10);
  });

  it("an arm that stops in the wrong place is still corrected", () => {
    const off = syntheticTrack(hits(straight, 40), { duration: 12, fps: 20 });
    const r = compareTracks(reference, off, { style: "ballet" });
    const told = r.moves.filter((m) => /left arm/.test(m.cue ?? ""));
    expect(told.length).toBeGreaterThan(r.moves.length / 2);
  });
});
