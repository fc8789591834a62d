/**
 * Real clips against mirrored copies of themselves: the same performance, so ≥ 98, mirror-wise,
 * and nothing to correct. Before each fix:
 * - pushups_side, filmed from aside (the shoulder and hip lines are a few pixels long throughout):
 *   its first 15 s read 97.5, the whole clip 96.4 with "Turn your body to face the way the
 *   reference does, about 55–175°" on 17 Perfect moves of 24 — a line across the body now has a
 *   floor on its full length (features.ts ACROSS_MIN_LEN), and the facing figure reads only lines
 *   seen broadside (judge.ts);
 * - baseball_pitch: "Turn your head the way the reference does, about 35°" on a Perfect move (and
 *   p2s_balance_cam02, mirrored with x264's default preset: "Tilt your head more, about 15°") — the
 *   pose model reads the head from a few face points, which a mirror image reads differently
 *   (coach.ts CUE_HEAD_DEG).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "./analyze.ts";
import { compareTracks } from "./compare.ts";
import { cuesTold } from "../test-support/cues.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { devVideo, ffmpeg, H264, hasDevFixtures, tempDir, video } from "../test-support/fixtures.ts";
import type { PoseTrack } from "./types.ts";

/** Each clip, and the seconds of it used (the first ones, with the moves that were told something; null: all of it, as it is). */
const CLIPS = [
  { name: "pushups_side", file: () => devVideo("pushups_side.webm"), seconds: 15 },
  { name: "p2s_balance_cam02", file: () => devVideo("p2s_balance_cam02.mp4"), seconds: null },
  { name: "baseball_pitch", file: () => video("baseball_pitch.webm"), seconds: 12 },
];

describe.skipIf(!hasDevFixtures)("a real clip against a mirrored copy of itself", () => {
  const pairs = new Map<string, [PoseTrack, PoseTrack]>();
  let cleanup = async () => {};

  beforeAll(async () => {
    const tmp = await tempDir();
    cleanup = tmp.cleanup;
    for (const clip of CLIPS) {
      const whole = clip.seconds === null;
      const plain = whole ? clip.file() : join(tmp.dir, `${clip.name}.mp4`);
      const mirrored = join(tmp.dir, `${clip.name}_mirrored.mp4`);
      // One encoder thread: the same copies on every machine.
      const cut = ["-i", clip.file(), ...(whole ? [] : ["-t", String(clip.seconds)]), "-threads", "1"];
      if (!whole) await ffmpeg([...cut, ...H264, plain]);
      await ffmpeg([...cut, "-vf", "hflip", ...H264, mirrored]);
      pairs.set(clip.name, [await analyzeVideo(plain), await analyzeVideo(mirrored)]);
    }
  });
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  it.each(CLIPS.map((c) => c.name))("%s: ≥ 98, mirror-wise, and nothing to correct", (name) => {
    const [original, copy] = pairs.get(name) as [PoseTrack, PoseTrack];
    const r = compareTracks(original, copy, { style: "contemporary" });
    expect(r.alignment.mirrored).toBe(true);
    expect(r.overall_score).toBeGreaterThanOrEqual(98);
    expect(cuesTold(r)).toEqual([]);
  });
});
