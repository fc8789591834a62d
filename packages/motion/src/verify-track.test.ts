/** The fast path's check, without footage: which frames it draws, and what it makes of none. */
import { describe, expect, it } from "vitest";
import { trackFromCompact } from "./compact-track.ts";
import { COCO_KEYPOINTS } from "./pose/keypoints.ts";
import type { RawPose } from "./pose/pool.ts";
import type { PoseTrack } from "./types.ts";
import { judgeSamples, judgeTrack, type Samples, sampleFrames, TRACK_CHECK } from "./verify-track.ts";

describe("the frames a check estimates again", () => {
  it("are drawn anew each time, spread over the whole take, ends included", () => {
    const draws = Array.from({ length: 200 }, () => sampleFrames(420).indexes);
    for (const d of draws) {
      expect(d).toHaveLength(TRACK_CHECK.samples);
      expect(new Set(d).size).toBe(d.length);
      expect(d).toEqual([...d].sort((a, b) => a - b));
      expect(Math.min(...d)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...d)).toBeLessThan(420);
    }
    // No two checks alike, and every frame (the first and last too) drawn by some of them.
    expect(new Set(draws.map((d) => d.join())).size).toBe(draws.length);
    expect(new Set(draws.flat()).size).toBe(420);
  });

  it("are every frame of a take shorter than the sample", () => {
    expect(sampleFrames(21).indexes).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });
});

describe("judging a track on its samples", () => {
  const person = [0, ...COCO_KEYPOINTS.flatMap((_, i) => [0.4 + 0.01 * i, 0.2 + 0.03 * i, 0.9])];
  const track = trackFromCompact({
    keypointNames: [...COCO_KEYPOINTS],
    fps: 7,
    width: 640,
    height: 480,
    frames: Array.from({ length: 70 }, (_, k) => [Math.round((k / 7) * 1000) / 1000, ...person.slice(1)]),
  });

  it("never passes a track none of whose sampled frames the video gave", () => {
    const { indexes } = sampleFrames(70);
    const check = judgeSamples(track, indexes, { poses: new Map(), decoded: { width: 512, height: 384 }, ticks: 1 });
    expect(check).toMatchObject({ ok: false, samples: 0 });
  });
});

/**
 * A dancer swinging her arms for a minute at 7 frames a second (a move every 7 ticks), as fractions of
 * a 640×480 picture; `raised`: the reference's pose laid on her body instead (arms up, feet apart, head turned).
 */
const TICKS = 420;
const MOVES = Array.from({ length: TICKS / 7 }, (_, m) => [7 * m, 7 * m + 6] as const);
function body(k: number, raised = false): Array<[number, number]> {
  const swing = 0.04 * Math.sin((2 * Math.PI * k) / 14);
  const [ls, rs, lh, rh] = [
    [0.45, 0.3],
    [0.55, 0.3],
    [0.46, 0.55],
    [0.54, 0.55],
  ] as Array<[number, number]>;
  const arm = (s: [number, number], side: number): Array<[number, number]> =>
    raised
      ? [
          [s[0] + side * 0.1, s[1] - 0.08],
          [s[0] + side * 0.12, s[1] - 0.2],
        ]
      : [
          [s[0] + side * 0.05, s[1] + 0.12 + swing],
          [s[0] + side * 0.06 + swing, s[1] + 0.24],
        ];
  // Raised, the reference's pose laid on her body: arms up, feet apart, head turned.
  const spread = raised ? 0.06 : 0;
  const [le, lw] = arm(ls as [number, number], -1);
  const [re, rw] = arm(rs as [number, number], 1);
  const head: Array<[number, number]> = [
    [0.5 + spread, 0.18],
    [0.49 + spread, 0.17],
    [0.51 + spread, 0.17],
    [0.48 + spread, 0.18],
    [0.52 + spread, 0.18],
  ];
  const legs: Array<[number, number]> = [
    [0.46 - spread, 0.7],
    [0.54 + spread, 0.7],
    [0.46 - 2 * spread, 0.85],
    [0.54 + 2 * spread, 0.85],
  ];
  return [...head, ls, rs, le, re, lw, rw, lh, rh, ...legs.slice(0, 2), ...legs.slice(2)] as Array<[number, number]>;
}

/** The track a browser sends: the dancer's body at every tick, `forged` ticks the reference's pose on her body. */
function trackOf(forged: ReadonlySet<number> = new Set()): PoseTrack {
  const frames = Array.from({ length: TICKS }, (_, k) => [
    Math.round((k / 7) * 1000) / 1000,
    ...body(k, forged.has(k)).flatMap(([x, y]) => [x, y, 0.9]),
  ]);
  return trackFromCompact({ keypointNames: [...COCO_KEYPOINTS], fps: 7, width: 640, height: 480, frames });
}

/**
 * The server's own estimate of every frame of the video (the dancer's arms swinging throughout),
 * a pixel or two off as two models are; `wrong` frames it got wrong (the whole pose half a torso aside).
 */
function serverPoses(wrong: ReadonlySet<number> = new Set()): Map<number, RawPose> {
  const noise = (k: number, i: number) => 1.5 * Math.sin(k * 12.9898 + i * 78.233);
  return new Map(
    Array.from({ length: TICKS }, (_, k) => {
      const aside = wrong.has(k) ? 60 : 0;
      const keypoints = Float32Array.from(
        body(k).flatMap(([x, y], i) => [x * 640 + noise(k, 2 * i) + aside, y * 480 + noise(k, 2 * i + 1), 0.9]),
      );
      return [k, { index: k, t: k / 7, keypoints, score: 0.9 }];
    }),
  );
}

/** One check as the server runs it, the server's poses of any frame asked for looked up in `all`. */
function check(track: PoseTrack, all: Map<number, RawPose>, samples: Samples = sampleFrames(TICKS, { moves: MOVES })) {
  const pick = (indexes: readonly number[]) =>
    new Map(indexes.flatMap((i) => (all.has(i) ? [[i, all.get(i) as RawPose] as const] : [])));
  const first = { poses: pick(samples.indexes), decoded: { width: 640, height: 480 }, ticks: TICKS };
  return judgeTrack(track, samples, first, async (indexes) => pick(indexes), { sent: TICKS });
}

describe("a track forged over a small part of the take", () => {
  const video = serverPoses();

  it("passes every check while it is honest", async () => {
    for (let i = 0; i < 20; i++) expect(await check(trackOf(), video)).toMatchObject({ ok: true, disagreeing: 0 });
  });

  it("is refused by every check when one move of 60 is forged (64 frames drawn anywhere miss its 7 a third of the time)", async () => {
    const [from, to] = MOVES[29] as readonly [number, number];
    const forged = trackOf(new Set(Array.from({ length: to - from + 1 }, (_, i) => from + i)));
    for (let i = 0; i < 20; i++) {
      const result = await check(forged, video);
      expect(result.ok, JSON.stringify(result)).toBe(false);
    }
  });

  it("is refused for one forged frame among honest ones where it is sampled, while a frame the server's own estimate got wrong is let go", async () => {
    const samples: Samples = { indexes: [10, 50, 100, 150, 200, 250, 300, 350, 400], inMoves: [] };
    const oneForged = await check(trackOf(new Set([100])), video, samples);
    expect(oneForged).toMatchObject({ ok: false, disagreeing: 1 });
    const serverWrong = await check(trackOf(), serverPoses(new Set([100])), samples);
    expect(serverWrong).toMatchObject({ ok: true, disagreeing: 0, noise: 1 });
  });
});
