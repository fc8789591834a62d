/**
 * Scores on real footage: invariance (copies of one clip made with ffmpeg), same dance by different
 * people, different dances, determinism. The actual numbers are printed for the record.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "./analyze.ts";
import { clearPoseCache } from "./cache.ts";
import { compareTracks } from "./compare.ts";
import { compareVideos, STYLES } from "./index.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { ffmpeg, H264, hasFixtures, SKIP_MESSAGE, tempDir, video } from "./testing/fixtures.ts";
import type { PoseTrack } from "./types.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

describe.skipIf(!hasFixtures)("comparison scores on real footage", () => {
  let dir = "";
  let cleanup: () => Promise<void> = async () => {};
  const tracks = new Map<string, Promise<PoseTrack>>();
  const track = (path: string) => {
    let t = tracks.get(path);
    if (!t) {
      t = analyzeVideo(path);
      tracks.set(path, t);
    }
    return t;
  };
  const variants: Record<string, string> = {};
  const report: string[] = [];

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const src = video("sample_2.mp4");
    const make = async (name: string, args: string[]) => {
      const out = join(dir, `${name}.mp4`);
      await ffmpeg(args.concat(out));
      variants[name] = out;
    };
    await Promise.all([
      // Re-encoded at low quality and a quarter of the pixels.
      make("low_quality", ["-i", src, "-vf", "scale=288:512", "-crf", "40", ...H264]),
      // The user starts 1 s later (the first frame held for a second).
      make("shifted_1s", ["-i", src, "-vf", "tpad=start_duration=1:start_mode=clone", "-crf", "20", ...H264]),
    ]);
    await Promise.all([
      // Slowed to 0.8× speed.
      make("slowed_0.8x", ["-i", src, "-vf", "setpts=PTS/0.8", "-r", "30", "-crf", "20", ...H264]),
      // Mirrored left ↔ right.
      make("mirrored", ["-i", src, "-vf", "hflip", "-crf", "20", ...H264]),
    ]);
    // The person at half size in the same frame.
    await make("half_size", [
      "-i",
      src,
      "-vf",
      "scale=iw/2:ih/2,pad=iw*2:ih*2:(ow-iw)/2:(oh-ih)/2",
      "-crf",
      "20",
      ...H264,
    ]);
  });

  afterAll(async () => {
    console.log(`\nMotion scores (ballet unless noted):\n${report.join("\n")}`);
    await shutdownPosePool();
    await cleanup();
  });

  it("scores a clip against itself ≥ 97, end to end through compareVideos, with progress 0→100", async () => {
    const seen: number[] = [];
    const r = await compareVideos(video("sample_2.mp4"), video("sample_2.mp4"), {
      style: "ballet",
      onProgress: (p) => seen.push(p),
    });
    report.push(`self (sample_2 vs itself): ${r.overall_score}`);
    expect(r.overall_score).toBeGreaterThanOrEqual(97);
    expect(r.alignment.mirrored).toBe(false);
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Object.keys(r.categories)).toEqual(["posture", "arm_positions", "leg_technique", "grace"]);
    expect(r.sections.length).toBeGreaterThan(1);
    for (const s of r.sections) {
      expect(s.timestamp).toBeGreaterThanOrEqual(0);
      expect(s.duration).toBeGreaterThanOrEqual(1.9);
      expect(s.duration).toBeLessThanOrEqual(6.1);
    }
    // Compact enough to store with the comparison.
    expect(JSON.stringify(r).length).toBeLessThan(400_000);
  });

  const invariance: Array<[string, (r: ReturnType<typeof compareTracks>) => void]> = [
    ["low_quality", () => {}],
    ["shifted_1s", (r) => expect(r.alignment.offset_s).toBeCloseTo(1, 0)],
    ["slowed_0.8x", (r) => expect(Math.abs(r.alignment.tempo_ratio - 1.25)).toBeLessThan(0.06)],
    ["mirrored", (r) => expect(r.alignment.mirrored).toBe(true)],
    ["half_size", () => {}],
  ];
  for (const [name, extra] of invariance) {
    it(`scores the ${name} copy ≥ 90`, async () => {
      const ref = await track(video("sample_2.mp4"));
      const user = await track(variants[name] as string);
      const r = compareTracks(ref, user, { style: "ballet" });
      report.push(
        `${name}: ${r.overall_score} (mirrored ${r.alignment.mirrored}, tempo ${r.alignment.tempo_ratio}, offset ${r.alignment.offset_s} s, sync ${r.alignment.sync_quality})`,
      );
      expect(r.overall_score).toBeGreaterThanOrEqual(90);
      if (name !== "mirrored") expect(r.alignment.mirrored).toBe(false);
      extra(r);
    });
  }

  it("same dance by different people ≥ 75; different dances ≤ 60 and ≥ 15 below every same-dance pair, in every style", async () => {
    const [fb0, fb1, fb2, fb3, s2, s3, squats] = await Promise.all(
      [
        "sample_fb_0.mp4",
        "sample_fb_1.mp4",
        "sample_fb_2.mp4",
        "sample_fb_3.mp4",
        "sample_2.mp4",
        "sample_3.mp4",
        "pose_squats.mp4",
      ].map((v) => track(video(v))),
    );
    for (const style of STYLES) {
      const same = [fb1, fb2, fb3].map((u) => compareTracks(fb0 as PoseTrack, u as PoseTrack, { style }).overall_score);
      const different = [
        compareTracks(s2 as PoseTrack, s3 as PoseTrack, { style }).overall_score,
        compareTracks(s3 as PoseTrack, s2 as PoseTrack, { style }).overall_score,
        compareTracks(s2 as PoseTrack, squats as PoseTrack, { style }).overall_score,
        compareTracks(squats as PoseTrack, s2 as PoseTrack, { style }).overall_score,
      ];
      report.push(
        `${style}: same dance fb_0 vs fb_1/2/3 = ${same.join(", ")}; different: s2 vs s3 ${different[0]}, s3 vs s2 ${different[1]}, s2 vs squats ${different[2]}, squats vs s2 ${different[3]}`,
      );
      for (const s of same) expect(s).toBeGreaterThanOrEqual(75);
      for (const d of different) {
        expect(d).toBeLessThanOrEqual(60);
        expect(Math.min(...same) - d).toBeGreaterThanOrEqual(15);
      }
    }
  });

  it("explains a weak match: joint feedback only where the rounded score is below 90 and diff above 20", async () => {
    const r = compareTracks(await track(video("sample_2.mp4")), await track(video("sample_3.mp4")), {
      style: "hip_hop",
    });
    expect(r.overallFeedback.length).toBeGreaterThan(40);
    expect(r.problematicJoints.length).toBeGreaterThan(0);
    let flagged = 0;
    for (const s of r.sections) {
      const entries = Object.entries(s.joint_feedback);
      if (Math.round(s.score) >= 90) expect(entries).toEqual([]);
      for (const [, jf] of entries) {
        expect(jf.diff).toBeGreaterThan(20);
        expect(jf.feedback).toMatch(/\d+°/);
        flagged++;
      }
    }
    expect(flagged).toBeGreaterThan(0);
    for (const j of r.problematicJoints) expect(r.jointSpecificFeedback[j]).toBeTruthy();
  });

  it("is deterministic: the same inputs give the same JSON (fresh analyses, pool already warm)", async () => {
    clearPoseCache();
    const a = await compareVideos(video("sample_fb_0.mp4"), video("sample_fb_1.mp4"), { style: "jazz" });
    clearPoseCache();
    const b = await compareVideos(video("sample_fb_0.mp4"), video("sample_fb_1.mp4"), { style: "jazz" });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const t1 = await analyzeVideo(video("sample_3.mp4"));
    const t2 = await analyzeVideo(video("sample_3.mp4"));
    expect(JSON.stringify(t2)).toBe(JSON.stringify(t1));
  });
});
