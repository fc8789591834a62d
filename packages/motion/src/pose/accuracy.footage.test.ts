/**
 * Keypoint accuracy against the truth files shipped with the fixtures (upstream tfjs-models test data):
 * PCK@0.05 = share of keypoints within 5% of the image size (its longer side) of the truth.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "../analyze.ts";
import { fixturesDir, hasFixtures, SKIP_MESSAGE, video } from "../../test-support/fixtures.ts";
import type { PoseTrack } from "../types.ts";
import { shutdownPosePool } from "./pool.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

/**
 * Of the keypoints the truth has (`truthAt(frame, keypoint)`, pixels), the share found within 5 % of
 * the picture's longer side (PCK@0.05), and within `upstream` pixels (the upstream test's own limit).
 */
function accuracy(
  track: PoseTrack,
  truthAt: (i: number, k: number) => readonly [number, number] | null,
  upstream: number,
) {
  const limit = 0.05 * Math.max(track.width, track.height);
  let ok = 0;
  let near = 0;
  let total = 0;
  track.frames.forEach((f, i) => {
    track.keypointNames.forEach((_, k) => {
      const p = truthAt(i, k);
      if (!p) return;
      total++;
      const d = Math.hypot(
        (f.keypoints[k * 3] as number) * track.width - p[0],
        (f.keypoints[k * 3 + 1] as number) * track.height - p[1],
      );
      if (f.keypoints[k * 3 + 2] && d <= limit) ok++;
      if (f.keypoints[k * 3 + 2] && d <= upstream) near++;
    });
  });
  const pct = (v: number) => `${((v / total) * 100).toFixed(1)}%`;
  return {
    pck: ok / total,
    said: `PCK@0.05 (${limit.toFixed(1)} px) = ${pct(ok)} of ${total} keypoints; within upstream's ${upstream} px: ${pct(near)}`,
  };
}

describe.skipIf(!hasFixtures)("keypoint accuracy on real footage", () => {
  afterAll(() => shutdownPosePool());

  it("MoveNet Lightning on pose_1.mp4 (30 fps, every frame) reaches PCK@0.05 ≥ 95%", async () => {
    const track = await analyzeVideo(video("pose_1.mp4"), { model: "movenet-lightning", fps: 30 });
    const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_1.json"), "utf8")) as Array<
      Record<string, { x: number; y: number }>
    >;
    expect(track.frames.length).toBe(truth.length);
    const { pck, said } = accuracy(
      track,
      (i, k) => {
        const p = truth[i]?.[track.keypointNames[k] as string];
        return p ? [p.x, p.y] : null;
      },
      60,
    );
    console.log(`pose_1 MoveNet Lightning: ${said}`);
    expect(pck).toBeGreaterThanOrEqual(0.95);
  });

  it("BlazePose full on pose_squats.mp4 (5 fps) reaches PCK@0.05 ≥ 95% over all 33 landmarks", async () => {
    const track = await analyzeVideo(video("pose_squats.mp4"), { model: "blazepose-full", fps: 5 });
    const truth = JSON.parse(readFileSync(join(fixturesDir, "truth", "pose_squats.full.json"), "utf8")) as number[][][];
    expect(track.frames.length).toBe(truth.length);
    expect(track.keypointNames.length).toBe(33);
    const { pck, said } = accuracy(
      track,
      (i, k) => {
        const p = truth[i]?.[k];
        return p ? [p[0] as number, p[1] as number] : null;
      },
      28,
    );
    console.log(`pose_squats BlazePose full: ${said}`);
    expect(pck).toBeGreaterThanOrEqual(0.95);
  });
});
