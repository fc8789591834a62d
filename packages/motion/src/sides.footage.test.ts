/**
 * A turning dancer re-posted (mirrored, 480 p, CRF 30: the sample_fb clips, a turn with the knees
 * bending): the pose model names her sides the other way round in different frames of the turn in
 * the two copies. Before sides were read as the reference's (score/shape.ts sidesAsReference), each
 * copy read 93–94 with "Turn your body to face the way the reference does, about 50–60°".
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "./analyze.ts";
import { compareTracks } from "./compare.ts";
import { cuesTold } from "../test-support/cues.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { ffmpeg, H264, hasFixtures, tempDir, video } from "../test-support/fixtures.ts";
import type { PoseTrack } from "./types.ts";

const CLIPS = ["sample_fb_0.mp4", "sample_fb_1.mp4", "sample_fb_3.mp4"];

describe.skipIf(!hasFixtures)("a re-posted copy of a turning dancer", () => {
  const pairs = new Map<string, [PoseTrack, PoseTrack]>();
  let cleanup = async () => {};

  beforeAll(async () => {
    const tmp = await tempDir();
    cleanup = tmp.cleanup;
    await Promise.all(
      CLIPS.map(async (clip) => {
        const copy = join(tmp.dir, clip);
        // One encoder thread: the same copy on every machine.
        await ffmpeg(["-i", video(clip), "-vf", "hflip,scale=-2:480", "-crf", "30", "-threads", "1", ...H264, copy]);
        pairs.set(clip, [await analyzeVideo(video(clip)), await analyzeVideo(copy)]);
      }),
    );
  });
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  it.each(CLIPS)("%s: ≥ 95, mirror-wise, and nothing to correct", (clip) => {
    const [original, copy] = pairs.get(clip) as [PoseTrack, PoseTrack];
    const r = compareTracks(original, copy, { style: "contemporary" });
    expect(r.alignment.mirrored).toBe(true);
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
    expect(cuesTold(r)).toEqual([]);
  });
});
