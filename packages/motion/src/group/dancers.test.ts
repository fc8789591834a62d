import { describe, expect, it } from "vitest";
import { DANCERS, type PersonFacts, personFacts, rolesOf } from "./dancers.ts";
import type { PersonTrack } from "./follow.ts";

const FPS = 7;

/** A body at (x, 400) with its arms at `arm` degrees from hanging down. */
function sighting(frame: number, x: number, arm: number, torso = 60): PersonTrack["sightings"][number] {
  const k = new Float32Array(17 * 3);
  const put = (i: number, px: number, py: number) => {
    k[i * 3] = px;
    k[i * 3 + 1] = py;
    k[i * 3 + 2] = 0.9;
  };
  const a = (arm * Math.PI) / 180;
  put(5, x - 20, 400 - torso);
  put(6, x + 20, 400 - torso);
  put(7, x - 20 - 30 * Math.sin(a), 400 - torso + 30 * Math.cos(a));
  put(8, x + 20 + 30 * Math.sin(a), 400 - torso + 30 * Math.cos(a));
  put(9, x - 20 - 60 * Math.sin(a), 400 - torso + 60 * Math.cos(a));
  put(10, x + 20 + 60 * Math.sin(a), 400 - torso + 60 * Math.cos(a));
  put(11, x - 15, 400);
  put(12, x + 15, 400);
  put(13, x - 15, 450);
  put(14, x + 15, 450);
  put(15, x - 15, 500);
  put(16, x + 15, 500);
  return { frame, keypoints: k, score: 0.8, centre: [x, 400 - torso / 2], scale: torso };
}

function track(frames: number[], place: (f: number) => number, arm: (f: number) => number): PersonTrack {
  return { sightings: frames.map((f) => sighting(f, place(f), arm(f))) };
}

const all = (n: number) => Array.from({ length: n }, (_, i) => i);
const dancing = (f: number) => 60 * Math.abs(Math.sin(f / 3));

describe("which people are the dancers", () => {
  it("a dancer dances in place; someone walking through the picture is passing; someone standing by is still", () => {
    const n = 140;
    const facts = [
      personFacts(
        track(all(n), () => 300, dancing),
        n,
        FPS,
      ),
      // Walks 12 px a frame (1.4 torso lengths a second) across 50 frames, arms swinging a little.
      personFacts(
        track(
          all(50).map((f) => f + 40),
          (f) => 900 - 12 * (f - 40),
          (f) => 15 * Math.sin(f),
        ),
        n,
        FPS,
      ),
      // Stands for the whole video, a degree of keypoint jitter.
      personFacts(
        track(
          all(n),
          () => 600,
          (f) => 5 + (f % 2),
        ),
        n,
        FPS,
      ),
    ];
    expect(facts[1]?.travelSpeed).toBeGreaterThan(DANCERS.PASS_SPEED);
    expect(rolesOf(facts)).toEqual(["dancer", "passing", "still"]);
  });

  it("someone seen in under a quarter of the video is not a dancer", () => {
    const n = 100;
    expect(
      rolesOf([
        personFacts(
          track(all(n), () => 300, dancing),
          n,
          FPS,
        ),
        personFacts(
          track(all(20), () => 600, dancing),
          n,
          FPS,
        ),
      ]),
    ).toEqual(["dancer", "brief"]);
  });

  it("up to ten dancers, the largest in the picture", () => {
    const facts: PersonFacts[] = Array.from({ length: 12 }, (_, i) => ({
      seen: 1,
      size: 100 + i,
      movement: 0.1,
      travel: 0,
      travelSpeed: 0,
    }));
    const roles = rolesOf(facts);
    expect(roles.filter((r) => r === "dancer")).toHaveLength(10);
    expect(roles.slice(0, 2)).toEqual(["beyond_limit", "beyond_limit"]);
  });
});
