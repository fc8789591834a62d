/**
 * Per-limb scores on real footage: the reference against a copy of it (smaller, blockier, starting
 * 1 s later) with one forearm bent for a few seconds must show that forearm, then (on the user's
 * timeline), and nothing else; danced mirror-wise, the same limb under the user's own name.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "../analyze.ts";
import { compareTracks } from "../compare.ts";
import { shutdownPosePool } from "../pose/pool.ts";
import { bendLimb, mirrorTrack } from "../../test-support/perturb.ts";
import { armsDance, legsDance, syntheticTrack } from "../../test-support/synthetic-track.ts";
import { ffmpeg, H264, hasFixtures, SKIP_MESSAGE, tempDir, video } from "../../test-support/fixtures.ts";
import type { LimbScores, PoseTrack } from "../types.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

/** In the user's video (1 s later than the reference). */
const BENT = { from: 7, to: 12 };
// COCO: 7 left elbow, 9 left wrist.
const bendLeftForearm = (t: PoseTrack) => bendLimb(t, { point: 9, pivot: 7, degrees: 100, ...BENT });

/** Mean score of one limb over the user times in [from, to), ignoring unknowns. */
function meanOf(s: LimbScores, limb: string, from: number, to: number): number {
  const k = s.limbs.indexOf(limb);
  const v = s.scores
    .filter((_, i) => (s.times[i] as number) >= from && (s.times[i] as number) < to)
    .map((row) => row[k])
    .filter((x): x is number => typeof x === "number");
  expect(v.length, `${limb} scored in ${from}–${to} s`).toBeGreaterThan(3);
  return v.reduce((a, b) => a + b, 0) / v.length;
}

it("a different routine makes no per-limb claims", () => {
  const result = compareTracks(
    syntheticTrack(armsDance, { duration: 12 }),
    syntheticTrack(legsDance, { duration: 12 }),
    {
      style: "hip_hop",
    },
  );
  expect(result.same_routine).toBe(false);
  expect(result.limb_scores).toBeNull();
});

describe.skipIf(!hasFixtures)("limb scores on real footage", () => {
  let reference: PoseTrack;
  let copy: PoseTrack;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const made = await tempDir();
    cleanup = made.cleanup;
    const out = join(made.dir, "lead_in_low.mp4");
    const src = video("sample_2.mp4");
    await ffmpeg([
      "-i",
      src,
      "-vf",
      "tpad=start_duration=1:start_mode=clone,scale=288:512",
      "-crf",
      "32",
      ...H264,
      out,
    ]);
    [reference, copy] = await Promise.all([analyzeVideo(src), analyzeVideo(out)]);
  }, 180_000);
  afterAll(async () => {
    await shutdownPosePool();
    await cleanup();
  });

  it("the same routine with the left forearm bent from 7 to 12 s: that forearm, then, scores low; every other limb stays green", () => {
    const result = compareTracks(reference, bendLeftForearm(copy), { style: "hip_hop" });
    expect(result.same_routine).toBe(true);
    const s = result.limb_scores as LimbScores;
    expect(s.limbs).toContain("left_forearm");
    expect(s.scores.every((row) => row.length === s.limbs.length)).toBe(true);
    expect(s.times.length).toBe(s.scores.length);
    // Inside the bent stretch (a window's width in from its edges): the bent limb is red.
    expect(meanOf(s, "left_forearm", BENT.from + 0.5, BENT.to - 0.5)).toBeLessThan(40);
    for (const limb of s.limbs) {
      if (limb === "left_forearm") continue;
      expect(meanOf(s, limb, BENT.from + 0.5, BENT.to - 0.5), limb).toBeGreaterThanOrEqual(80);
    }
    // Before and after it, the forearm is as right as everything else.
    expect(meanOf(s, "left_forearm", 1, BENT.from - 0.5)).toBeGreaterThanOrEqual(80);
    expect(meanOf(s, "left_forearm", BENT.to + 0.5, 19)).toBeGreaterThanOrEqual(80);
    // The first second of the copy is a held frame before the dance: no move, no claim.
    expect(s.times[0]).toBeGreaterThanOrEqual(0.9);
  });

  it("danced mirror-wise: the bent limb is reported as the user's own (now right) forearm", () => {
    const result = compareTracks(reference, mirrorTrack(bendLeftForearm(copy)), { style: "hip_hop" });
    expect(result.alignment.mirrored).toBe(true);
    const s = result.limb_scores as LimbScores;
    expect(meanOf(s, "right_forearm", BENT.from + 0.5, BENT.to - 0.5)).toBeLessThan(40);
    expect(meanOf(s, "left_forearm", BENT.from + 0.5, BENT.to - 0.5)).toBeGreaterThanOrEqual(80);
  });

  it("the times are the user's analysis frames, increasing, and the scores 0–100 or unknown", () => {
    const s = compareTracks(reference, copy, { style: "hip_hop" }).limb_scores as LimbScores;
    const step = 1 / copy.fps;
    for (let i = 1; i < s.times.length; i++)
      expect((s.times[i] as number) - (s.times[i - 1] as number)).toBeCloseTo(step, 2);
    for (const row of s.scores) for (const v of row) if (v !== null) expect(v >= 0 && v <= 100).toBe(true);
  });
});
