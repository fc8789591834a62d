/**
 * A push-up filmed from aside, against a mirrored copy of itself: the dancer is side-on to the
 * camera throughout, so the shoulder and hip lines are a few pixels long and point where the pose
 * model's noise puts them. Before a line across the body had a floor on its full length
 * (features.ts ACROSS_MIN_LEN) and the facing figure read only lines seen broadside (judge.ts), the
 * copy read 96.4 with "Turn your body to face the way the reference does, about 55–175°" on 17
 * Perfect moves of 24.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "./analyze.ts";
import { compareTracks } from "./compare.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { devVideo, ffmpeg, H264, hasDevFixtures, tempDir } from "../test-support/fixtures.ts";
import type { PoseTrack } from "./types.ts";

describe.skipIf(!hasDevFixtures)("a side-on exercise against a mirrored copy", () => {
  let original: PoseTrack;
  let copy: PoseTrack;
  let cleanup = async () => {};

  beforeAll(async () => {
    const tmp = await tempDir();
    cleanup = tmp.cleanup;
    const plain = join(tmp.dir, "pushups.mp4");
    const mirrored = join(tmp.dir, "pushups_mirrored.mp4");
    // The first 15 s (eight push-ups); one encoder thread: the same copies on every machine.
    const cut = ["-i", devVideo("pushups_side.webm"), "-t", "15", "-threads", "1"];
    await ffmpeg([...cut, ...H264, plain]);
    await ffmpeg([...cut, "-vf", "hflip", ...H264, mirrored]);
    [original, copy] = await Promise.all([analyzeVideo(plain), analyzeVideo(mirrored)]);
  });
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  it("reads ≥ 98, mirror-wise, and has nothing to correct", () => {
    const r = compareTracks(original, copy, { style: "contemporary" });
    expect(r.alignment.mirrored).toBe(true);
    expect(r.overall_score).toBeGreaterThanOrEqual(98);
    expect(r.moves.flatMap((m) => (m.cue ? [`${m.count_label}: ${m.cue}`] : []))).toEqual([]);
  });
});
