/**
 * Finding the dancer where the whole frame shows no one (estimator.ts, tracker.ts searchCrops): a
 * re-posted copy of a landscape clip (mirrored, 480p, CRF 30, x264 veryfast) in which the man doing jumping jacks
 * on a box is too blurred for the model to see in the whole, letterboxed frame, while a woman walks
 * past below. Before, the tracker never found him and took her from the start (25.5, "not the same
 * routine", against the original).
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "../analyze.ts";
import { devVideo, ffmpeg, H264, hasDevFixtures, tempDir } from "../../test-support/fixtures.ts";
import type { PoseTrack } from "../types.ts";
import { shutdownPosePool } from "./pool.ts";

const HIP_L = 11;
const HIP_R = 12;
/** The first 4 s: he jumps on the box; at 4.6 s he jumps off it, towards her. */
const SECONDS = 4;

/** Hip centre of each frame, in the original's picture (the copy's x flipped back), or null where no one is seen. */
function hips(track: PoseTrack, mirrored: boolean): Array<[number, number] | null> {
  return track.frames.map((f) => {
    const k = f.keypoints;
    if (f.score <= 0 || !k[HIP_L * 3 + 2] || !k[HIP_R * 3 + 2]) return null;
    const x = ((k[HIP_L * 3] as number) + (k[HIP_R * 3] as number)) / 2;
    const y = ((k[HIP_L * 3 + 1] as number) + (k[HIP_R * 3 + 1] as number)) / 2;
    return [mirrored ? 1 - x : x, y];
  });
}

describe.skipIf(!hasDevFixtures)("the tracker finds a dancer the whole frame does not show", () => {
  let original: PoseTrack;
  let copy: PoseTrack;
  let cleanup = async () => {};

  beforeAll(async () => {
    const tmp = await tempDir();
    cleanup = tmp.cleanup;
    const reposted = join(tmp.dir, "reposted.mp4");
    // x264 veryfast on one thread: the same copy on every machine.
    await ffmpeg([
      "-i",
      devVideo("jumpingjacks_walk_park.mp4"),
      "-vf",
      "hflip,scale=854:480",
      "-crf",
      "30",
      "-threads",
      "1",
      ...H264,
      reposted,
    ]);
    const firstSeconds = (t: PoseTrack) => ({ ...t, frames: t.frames.filter((f) => f.t < SECONDS) });
    [original, copy] = (
      await Promise.all([analyzeVideo(devVideo("jumpingjacks_walk_park.mp4")), analyzeVideo(reposted)])
    ).map(firstSeconds) as [PoseTrack, PoseTrack];
  });
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  it("a blurred, mirrored copy follows the man on the box from its first frames, as the original does", () => {
    const a = hips(original, false);
    const b = hips(copy, true);
    const n = Math.min(a.length, b.length);
    let seen = 0;
    let same = 0;
    for (let i = 0; i < n; i++) {
      const p = a[i];
      const q = b[i];
      if (!q) continue;
      seen++;
      // The man is on the box in the upper third; the woman walks along the bottom.
      if (p && Math.hypot(p[0] - q[0], p[1] - q[1]) < 0.05) same++;
    }
    console.log({
      n,
      seen,
      same,
      b: b.map((q) => (q ? q.map((v) => v.toFixed(2)).join(",") : "-")).join(" "),
      a: a.map((q) => (q ? q.map((v) => v.toFixed(2)).join(",") : "-")).join(" "),
    });
    expect(n).toBeGreaterThanOrEqual(SECONDS * 7 - 1);
    expect(seen / n).toBeGreaterThanOrEqual(0.9);
    expect(same / n).toBeGreaterThanOrEqual(0.9);
  });
});
