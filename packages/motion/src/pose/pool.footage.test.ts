import { afterAll, describe, expect, it } from "vitest";
import { fixturesDir, hasFixtures, SKIP_MESSAGE, video } from "../../test-support/fixtures.ts";
import { decodeFrames } from "../video/decode.ts";
import { probeVideo } from "../video/probe.ts";
import { estimatePoses, PosePool, shutdownPosePool } from "./pool.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

/** pose_1.mp4 (4 s) at 10 fps, small frames: 40 frames in 5 chunks of 8. */
const CLIP = { fps: 10, maxSide: 256 };
const CHUNK = 8;

async function frames() {
  const path = video("pose_1.mp4");
  return decodeFrames(path, await probeVideo(path), CLIP);
}

describe.skipIf(!hasFixtures)(`pose worker pool (footage in ${fixturesDir})`, () => {
  const pools: PosePool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
    await shutdownPosePool();
  });

  it("replaces a worker killed mid-analysis and runs its chunk again: the same poses as without the kill", async () => {
    const expected = await estimatePoses(await frames(), "movenet-lightning", { chunkFrames: CHUNK });
    expect(expected).toHaveLength(40);

    const pool = new PosePool("movenet-lightning", 2);
    pools.push(pool);
    const [killed] = pool.threads;
    const poses = await estimatePoses(await frames(), "movenet-lightning", {
      chunkFrames: CHUNK,
      pool,
      // The first chunk went to the first worker: with 3 of its 8 frames answered, it stops.
      onFrame: (done) => {
        if (done === 3) void killed?.terminate();
      },
    });

    expect(poses).toEqual(expected);
    expect(pool.threads).toHaveLength(2);
    expect(pool.threads).not.toContain(killed);
  });

  it("fails the analysis when a chunk's second worker is lost too, and keeps serving after", async () => {
    const pool = new PosePool("movenet-lightning", 1);
    pools.push(pool);
    // One worker, one chunk: killed once (the chunk runs again on the replacement), then again.
    const analysis = estimatePoses(await frames(), "movenet-lightning", {
      chunkFrames: 64,
      pool,
      onFrame: (done) => {
        if (done === 3 || done === 4) void pool.threads[0]?.terminate();
      },
    });
    await expect(analysis).rejects.toThrow("Pose worker exited");

    const again = await estimatePoses(await frames(), "movenet-lightning", { chunkFrames: 64, pool });
    expect(again).toHaveLength(40);
  });

  it("serves a short analysis started beside a long one first (shortest first), with the same poses", async () => {
    const pool = new PosePool("movenet-lightning", 1);
    pools.push(pool);
    const alone = await estimatePoses(await frames(), "movenet-lightning", { chunkFrames: CHUNK, pool });
    const path = video("pose_1.mp4");
    const longFrames = decodeFrames(path, await probeVideo(path), { fps: 30, maxSide: 256 });
    let longDone = 0;
    let short: Promise<unknown> | undefined;
    let longDuringShort = -1;
    const long = estimatePoses(longFrames, "movenet-lightning", {
      chunkFrames: CHUNK,
      pool,
      priority: 120,
      onFrame: (done) => {
        longDone = done;
        if (done !== 10) return;
        let startedAt = 0;
        short = frames()
          .then((f) =>
            estimatePoses(f, "movenet-lightning", {
              chunkFrames: CHUNK,
              pool,
              priority: 40,
              onFrame: (n) => {
                if (n === 1) startedAt = longDone;
              },
            }),
          )
          .then((poses) => {
            longDuringShort = longDone - startedAt;
            return poses;
          });
      },
    });
    expect(await long).toHaveLength(120);
    expect(await short).toEqual(alone);
    // From the short one's first answer to its last: before the priority order the two shared the
    // worker frame by frame (about 40 of the long one's frames went through meanwhile); now few or none.
    expect(longDuringShort).toBeGreaterThanOrEqual(0);
    expect(longDuringShort).toBeLessThanOrEqual(4);
  });
});
