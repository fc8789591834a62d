import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { CompactTrack } from "@stepsync/contracts";
import { COCO_KEYPOINTS, compareVideos, ffmpegPath } from "@stepsync/motion";
import { describe, expect, it } from "vitest";
import { fixtureVideo, hasFixtures, tempDir } from "../../test/videos.ts";
import { isSamePerformance } from "./same-performance.ts";

const NAMES = [...COCO_KEYPOINTS];

/** A deterministic dancing body: each joint circles around its rest place at its own pace. */
function pose(t: number, phase = 0): Array<[number, number]> {
  return NAMES.map((_, j) => {
    const side = j === 0 ? 0 : j % 2 === 1 ? -1 : 1;
    const restX = 0.5 + side * (0.03 + 0.01 * j);
    const restY = 0.2 + j * 0.035;
    const amp = j >= 7 ? 0.08 : 0.02;
    return [restX + amp * Math.sin(1.7 * t + j + phase), restY + amp * Math.cos(1.3 * t + j + phase)];
  });
}

function track(at: (t: number) => Array<[number, number]>, seconds = 6, fps = 10): CompactTrack {
  const frames: number[][] = [];
  for (let i = 0; i < seconds * fps; i++) {
    const t = i / fps;
    frames.push([t, ...at(t).flatMap(([x, y]) => [x, y, 0.9])]);
  }
  return { keypointNames: NAMES, fps, frames };
}

const identity = { time_map: [] as Array<[number, number]>, offset_s: 0, tempo_ratio: 1 };
const reference = track((t) => pose(t));
/** Mirrored: x flipped, and the pose model calls the person's sides the other way round. */
const mirrored = (t: number) => {
  const p = pose(t);
  return NAMES.map((name, j) => {
    const other = name.startsWith("left_") ? j + 1 : name.startsWith("right_") ? j - 1 : j;
    const [x, y] = p[other] as [number, number];
    return [1 - x, y] as [number, number];
  });
};
/** Pose-model jitter of a re-encoded copy: a few thousandths of the frame. */
const jitter = (t: number, j: number) => 0.004 * Math.sin(37 * t + 11 * j);

describe("is the user's video the reference's own recording?", () => {
  it("yes for the reference itself, a re-encoded (jittered) copy, and its mirror image", () => {
    expect(isSamePerformance({ reference, user: reference }, identity)).toBe(true);
    const copy = track((t) => pose(t).map(([x, y], j) => [x + jitter(t, j), y - jitter(t, j)] as [number, number]));
    expect(isSamePerformance({ reference, user: copy }, identity)).toBe(true);
    expect(isSamePerformance({ reference, user: track(mirrored) }, identity)).toBe(true);
  });

  it("yes for a copy that starts 1.5 s into the reference, through the time map", () => {
    const late = track((t) => pose(t + 1.5), 4);
    const map: Array<[number, number]> = [
      [0, 1.5],
      [4, 5.5],
    ];
    expect(isSamePerformance({ reference, user: late }, { ...identity, time_map: map })).toBe(true);
  });

  it("no for someone dancing the routine: the same moves, their own body and timing", () => {
    const dancer = track((t) => pose(t, 0.35).map(([x, y]) => [x * 0.9 + 0.07, y * 1.05 - 0.02] as [number, number]));
    expect(isSamePerformance({ reference, user: dancer }, identity)).toBe(false);
  });

  it("no when there is nothing to compare (no tracks, or no joints seen surely)", () => {
    expect(isSamePerformance(null, identity)).toBe(false);
    const unseen = {
      ...reference,
      frames: reference.frames.map((f) => f.map((v, i) => (i > 0 && i % 3 === 0 ? 0.1 : v))),
    };
    expect(isSamePerformance({ reference, user: unseen }, identity)).toBe(false);
  });
});

describe.skipIf(!hasFixtures)("on real footage (the engine's own tracks and time map)", () => {
  it("flags a mirrored copy of a dancer turning away, not four bodies dancing one generated dance (scored 91–96)", async () => {
    const dancer = fixtureVideo("sample_fb_0.mp4");
    const mirrored = path.join(await tempDir(), "mirrored.mp4");
    await promisify(execFile)(ffmpegPath(), [
      ...["-y", "-v", "error", "-i", dancer, "-vf", "hflip"],
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an", mirrored],
    ]);
    const verdict = async (user: string) => {
      const r = await compareVideos(dancer, user, { style: "contemporary" });
      return isSamePerformance(r.tracks, r.alignment);
    };
    expect(await verdict(dancer)).toBe(true);
    expect(await verdict(mirrored)).toBe(true);
    for (const other of ["sample_fb_1.mp4", "sample_fb_2.mp4", "sample_fb_3.mp4"])
      expect(await verdict(fixtureVideo(other)), other).toBe(false);
  }, 240_000);
});
