/**
 * Keypoint accuracy against the truth files shipped with the fixtures (upstream tfjs-models test data):
 * PCK@0.05 = share of keypoints within 5% of the image size (its longer side) of the truth.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "../analyze.ts";
import { fixturesDir, hasFixtures, SKIP_MESSAGE, video } from "../../test-support/fixtures.ts";
import { shutdownPosePool } from "./pool.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

describe.skipIf(!hasFixtures)("keypoint accuracy on real footage", () => {
  afterAll(() => shutdownPosePool());

  it("MoveNet Lightning on pose_1.mp4 (30 fps, every frame) reaches PCK@0.05 ≥ 95%", async () => {
    const track = await analyzeVideo(video("pose_1.mp4"), { model: "movenet-lightning", fps: 30 });
    const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_1.json"), "utf8")) as Array<
      Record<string, { x: number; y: number }>
    >;
    expect(track.frames.length).toBe(truth.length);
    const limit = 0.05 * Math.max(track.width, track.height);
    let ok = 0;
    let total = 0;
    let within60 = 0;
    track.frames.forEach((f, i) => {
      const t = truth[i] ?? {};
      track.keypointNames.forEach((name, k) => {
        const p = t[name];
        if (!p) return;
        total++;
        const d = Math.hypot(
          (f.keypoints[k * 3] as number) * track.width - p.x,
          (f.keypoints[k * 3 + 1] as number) * track.height - p.y,
        );
        if (f.keypoints[k * 3 + 2] && d <= limit) ok++;
        if (f.keypoints[k * 3 + 2] && d <= 60) within60++;
      });
    });
    const pck = ok / total;
    console.log(
      `pose_1 MoveNet Lightning: PCK@0.05 (${limit.toFixed(1)} px) = ${(pck * 100).toFixed(1)}% of ${total} keypoints; within upstream's 60 px: ${((within60 / total) * 100).toFixed(1)}%`,
    );
    expect(pck).toBeGreaterThanOrEqual(0.95);
  });

  it("BlazePose full on pose_squats.mp4 (5 fps) reaches PCK@0.05 ≥ 95% over all 33 landmarks", async () => {
    const track = await analyzeVideo(video("pose_squats.mp4"), { model: "blazepose-full", fps: 5 });
    const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_squats.full.json"), "utf8")) as number[][][];
    expect(track.frames.length).toBe(truth.length);
    const limit = 0.05 * Math.max(track.width, track.height);
    let ok = 0;
    let within28 = 0;
    let total = 0;
    track.frames.forEach((f, i) => {
      for (let k = 0; k < 33; k++) {
        const p = truth[i]?.[k];
        if (!p) continue;
        total++;
        const d = Math.hypot(
          (f.keypoints[k * 3] as number) * track.width - (p[0] as number),
          (f.keypoints[k * 3 + 1] as number) * track.height - (p[1] as number),
        );
        if (f.keypoints[k * 3 + 2] && d <= limit) ok++;
        if (f.keypoints[k * 3 + 2] && d <= 28) within28++;
      }
    });
    const pck = ok / total;
    console.log(
      `pose_squats BlazePose full: PCK@0.05 (${limit.toFixed(1)} px) = ${(pck * 100).toFixed(1)}% of ${total} landmarks; within upstream's 28 px: ${((within28 / total) * 100).toFixed(1)}%`,
    );
    expect(pck).toBeGreaterThanOrEqual(0.95);
  });
});
