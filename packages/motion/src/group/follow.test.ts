import { describe, expect, it } from "vitest";
import type { RawPeople } from "../pose/pool.ts";
import { followPeople, hiddenGaps, type PersonTrack } from "./follow.ts";

const FPS = 7;

/** A standing body whose hips' middle is at (x, y), torso `torso` px long, arms swung by `swing` degrees. */
function body(x: number, y: number, torso = 60, swing = 0): Float32Array {
  const k = new Float32Array(17 * 3);
  const put = (i: number, px: number, py: number) => {
    k[i * 3] = px;
    k[i * 3 + 1] = py;
    k[i * 3 + 2] = 0.9;
  };
  const w = torso / 3;
  const arm = (side: number) => {
    const a = ((side * (20 + swing)) / 180) * Math.PI;
    return [Math.sin(a) * torso * 0.5, Math.cos(a) * torso * 0.5] as const;
  };
  put(0, x, y - torso * 1.4);
  for (const i of [1, 2, 3, 4]) put(i, x + (i % 2 ? -5 : 5), y - torso * 1.45);
  put(5, x - w, y - torso);
  put(6, x + w, y - torso);
  const [lx, ly] = arm(-1);
  const [rx, ry] = arm(1);
  put(7, x - w + lx, y - torso + ly);
  put(8, x + w + rx, y - torso + ry);
  put(9, x - w + 2 * lx, y - torso + 2 * ly);
  put(10, x + w + 2 * rx, y - torso + 2 * ry);
  put(11, x - w * 0.8, y);
  put(12, x + w * 0.8, y);
  put(13, x - w * 0.8, y + torso * 0.8);
  put(14, x + w * 0.8, y + torso * 0.8);
  put(15, x - w * 0.8, y + torso * 1.6);
  put(16, x + w * 0.8, y + torso * 1.6);
  return k;
}

function frames(n: number, people: (i: number) => Array<[number, number] | null>): RawPeople[] {
  return Array.from({ length: n }, (_, i) => ({
    index: i,
    t: i / FPS,
    people: people(i).flatMap((p, id) => (p ? [{ keypoints: body(p[0], p[1]), score: 0.8, id }] : [])),
  }));
}

/** Centre x of a track's body at each frame it was seen. */
const path = (t: PersonTrack) => new Map(t.sightings.map((s) => [s.frame, s.centre[0]]));

describe("followPeople (who is who through the video)", () => {
  it("keeps two dancers apart through a crossing where the one in front hides the other", () => {
    // A walks right, B walks left, 12 px a frame; around the middle only B (in front) is seen.
    const video = frames(60, (i) => {
      const a: [number, number] = [150 + 12 * i, 400];
      const b: [number, number] = [858 - 12 * i, 400];
      return Math.abs(a[0] - b[0]) < 90 ? [null, b] : [a, b];
    });
    const tracks = followPeople(video, FPS);
    expect(tracks).toHaveLength(2);
    const [ta, tb] = tracks.map(path) as [Map<number, number>, Map<number, number>];
    // Each track is one person all along: A's x grows with every frame seen, B's shrinks.
    const direction = (p: Map<number, number>) => {
      const xs = [...p.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1]);
      return xs.slice(1).map((x, i) => Math.sign(x - (xs[i] as number)));
    };
    const [da, db] = [direction(ta), direction(tb)];
    expect(new Set(da).size === 1 && new Set(db).size === 1, `${da} / ${db}`).toBe(true);
    expect(da[0]).not.toBe(db[0]);
    expect(ta.size + tb.size).toBe(video.reduce((n, f) => n + f.people.length, 0));
  });

  it("keeps dancers side by side in matching places as their own tracks, however alike they look", () => {
    const tracks = followPeople(
      frames(40, () => [
        [200, 400],
        [330, 400],
        [460, 400],
      ]),
      FPS,
    );
    expect(tracks.map((t) => t.sightings.length)).toEqual([40, 40, 40]);
    expect(tracks.map((t) => t.sightings[0]?.centre[0])).toEqual([200, 330, 460]);
  });

  it("a dancer out of view for 5 s who comes back where they left is the same person", () => {
    const tracks = followPeople(
      frames(70, (i) => [[200, 400], i >= 20 && i < 55 ? null : [600 + (i >= 55 ? 20 : 0), 400]]),
      FPS,
    );
    expect(tracks).toHaveLength(2);
    expect(tracks.map((t) => t.sightings.length).sort((a, b) => a - b)).toEqual([35, 70]);
  });

  it("a dancer hidden for 3.5 s behind one standing in front is the same dancer when she comes out the other side", () => {
    // A walks right 8 px a frame behind B, who stands in the middle: hidden from frame 13 to 37.
    const video = frames(70, (i) => {
      const a: [number, number] = [200 + 8 * i, 400];
      return [Math.abs(a[0] - 500) < 100 ? null : a, [500, 400]];
    });
    const seenA = video.filter((f) => f.people.length === 2).length;
    const tracks = followPeople(video, FPS);
    expect(tracks.map((t) => t.sightings.length).sort((x, y) => x - y)).toEqual([seenA, 70]);
  });

  it("someone appearing elsewhere is someone else", () => {
    const tracks = followPeople(
      frames(30, (i) => [i < 15 ? [200, 400] : null, i >= 18 ? [700, 400] : null]),
      FPS,
    );
    expect(tracks).toHaveLength(2);
  });

  it("tells the time a dancer was hidden behind someone from the time she was out of the picture", () => {
    // A walks right behind B, who stands in the middle (hidden while within 100 px of B: frames
    // 26–49), then is out of the picture for 2 s (frames 60–73) where no one stands, and comes back.
    const video = frames(90, (i) => {
      const a: [number, number] = [200 + 8 * i, 400];
      const out = i >= 60 && i < 74;
      return [Math.abs(a[0] - 500) < 100 || out ? null : a, [500, 400]];
    });
    const tracks = followPeople(video, FPS);
    expect(tracks).toHaveLength(2);
    const a = tracks.find((t) => t.sightings.length < 90) as PersonTrack;
    expect(
      hiddenGaps(
        a,
        tracks.filter((t) => t !== a),
      ),
    ).toEqual([[26, 49]]);
  });
});
