/**
 * The engine on real footage, through ffmpeg-made copies whose truth is known: invariance, the
 * tempo penalty, the sign and size of timing, verdicts on a missed move, a different routine, a
 * mirrored performance, counts on music, determinism. The numbers are printed for the record;
 * the calibration against many more clips is bench/quality.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo } from "./analyze.ts";
import { clearPoseCache } from "./cache.ts";
import { compareTracks } from "./compare.ts";
import { compareVideos } from "./index.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import {
  devVideo,
  ffmpeg,
  H264,
  hasDevFixtures,
  hasFixtures,
  SKIP_MESSAGE,
  tempDir,
  video,
} from "../test-support/fixtures.ts";
import { cuesTold } from "../test-support/cues.ts";
import { withMusicBeat } from "../test-support/synthetic-track.ts";
import { timingDisagreements } from "../test-support/timing-agreement.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";

if (!hasFixtures) console.warn(SKIP_MESSAGE);

/** Splits at t1 with a filter graph: [a] is before, [b] from t1 on (both restarting at 0). */
const SPLIT = (t1: number) =>
  `[0:v]split[x][y];[x]trim=0:${t1},setpts=PTS-STARTPTS[a];[y]trim=${t1},setpts=PTS-STARTPTS[b]`;

describe.skipIf(!hasFixtures)("comparisons on real footage", () => {
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
  const against = async (name: string, style = "hip_hop"): Promise<ComparisonResult> => {
    const r = compareTracks(await track(video("sample_2.mp4")), await track(variants[name] as string), { style });
    report.push(
      `${name}: overall ${r.overall_score} (shape ${r.scores.shape}, timing ${r.scores.timing}), same ${r.same_routine}, confidence ${r.alignment.confidence}, tempo ${r.alignment.tempo_ratio}, mirrored ${r.alignment.mirrored}`,
    );
    return r;
  };

  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    const src = video("sample_2.mp4");
    const make = async (name: string, args: string[]) => {
      const out = join(dir, `${name}.mp4`);
      await ffmpeg(["-i", src, ...args, "-r", "30", ...H264, out]);
      variants[name] = out;
    };
    await Promise.all([
      // Re-encoded at low quality and a quarter of the pixels.
      make("low_quality", ["-vf", "scale=288:512", "-crf", "40"]),
      // The recording starts 1 s earlier (the first frame held): a lead-in, not lateness.
      make("lead_in", ["-vf", "tpad=start_duration=1:start_mode=clone", "-crf", "20"]),
    ]);
    await Promise.all([
      // Danced at 0.8× the speed throughout (20 % slower).
      make("slower", ["-vf", "setpts=PTS/0.8", "-crf", "20"]),
      // Mirrored left ↔ right.
      make("mirrored", ["-vf", "hflip", "-crf", "20"]),
    ]);
    await Promise.all([
      // From 8.2 s on, 0.3 s late (the frame at 8.2 s held for 0.3 s).
      make("late", [
        "-filter_complex",
        `${SPLIT(8.2)};[a]tpad=stop_mode=clone:stop_duration=0.3[a2];[a2][b]concat=n=2:v=1[v]`,
        "-map",
        "[v]",
      ]),
      // From 8.2 s on, 0.3 s early (0.3 s of the dance skipped).
      make("early", [
        "-filter_complex",
        `${SPLIT(8.2)};[b]trim=0.3,setpts=PTS-STARTPTS[b2];[a][b2]concat=n=2:v=1[v]`,
        "-map",
        "[v]",
      ]),
    ]);
    // 10 % slower throughout, with 0.3 s of the dance skipped at 8.2 s: late against the
    // reference everywhere, early only against the dancer's own pace.
    await make("slow_skip", [
      "-filter_complex",
      `${SPLIT(8.2)};[b]trim=0.3,setpts=PTS-STARTPTS[b2];[a][b2]concat=n=2:v=1,setpts=PTS/0.9[v]`,
      "-map",
      "[v]",
    ]);
    // 2.5 s frozen from 14 s, where the reference moves most (the dancer stops, then goes on at
    // the right time): missed moves.
    await make("frozen", [
      "-filter_complex",
      `${SPLIT(14)};[b]trim=2.5,setpts=PTS-STARTPTS[b2];[a]tpad=stop_mode=clone:stop_duration=2.5[a2];[a2][b2]concat=n=2:v=1[v]`,
      "-map",
      "[v]",
    ]);
  }, 120_000);

  afterAll(async () => {
    console.log(`\nMotion results:\n${report.join("\n")}`);
    await shutdownPosePool();
    await cleanup();
  });

  it("a clip against itself: 100, every move Perfect and on time, end to end with progress 0→100", async () => {
    const seen: number[] = [];
    const r = await compareVideos(video("sample_2.mp4"), video("sample_2.mp4"), {
      style: "ballet",
      onProgress: (p) => seen.push(p),
    });
    expect(r.overall_score).toBeGreaterThanOrEqual(99);
    expect(r.same_routine).toBe(true);
    expect(r.moves.length).toBeGreaterThan(5);
    for (const m of r.moves) {
      expect(m.verdict).toBe("perfect");
      expect(Math.abs(m.timing_ms as number)).toBeLessThanOrEqual(40);
    }
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(100);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(Object.keys(r.categories)).toEqual(["posture", "arm_positions", "leg_technique", "grace"]);
    // Every move is in exactly one section, in order.
    expect(r.sections.flatMap((s) => s.moves)).toEqual(r.moves.map((m) => m.index));
    // Compact enough to store with the comparison.
    expect(JSON.stringify(r).length).toBeLessThan(400_000);
  });

  it("copies of the same performance score ≥ 95: re-encoded small, with a lead-in, mirrored (and says so)", async () => {
    for (const name of ["low_quality", "lead_in", "mirrored"]) {
      const r = await against(name);
      expect(r.overall_score, name).toBeGreaterThanOrEqual(95);
      expect(r.alignment.mirrored, name).toBe(name === "mirrored");
      for (const m of r.moves)
        expect(Math.abs(m.timing_ms as number), `${name} ${m.count_label}`).toBeLessThanOrEqual(60);
    }
    // The same movement is never told to be bigger or to keep moving, however it was filmed.
    for (const name of ["low_quality", "lead_in", "mirrored", "slower"]) {
      const cues = (await against(name)).moves.flatMap((m) => (m.cue ? [m.cue] : []));
      expect(
        cues.filter((c) => /bigger|Keep moving/.test(c)),
        name,
      ).toEqual([]);
    }
    const lead = await against("lead_in");
    expect(lead.alignment.offset_s).toBeCloseTo(1, 1);
    const mirrored = await against("mirrored");
    expect(mirrored.overallFeedback).toMatch(/mirror-wise/);
  });

  it("a silent reference danced at 0.8× its speed throughout: the pace is found and named as the dancer's own (20 % slower), no move is late for it", async () => {
    const r = await against("slower");
    expect(r.alignment.clock).toBe("free");
    expect(Math.abs(r.alignment.tempo_ratio - 1.25)).toBeLessThan(0.04);
    expect(r.scores.shape).toBeGreaterThanOrEqual(90);
    expect(r.scores.timing).toBeLessThan(100);
    expect(r.overallFeedback).toMatch(
      /about 20 % slower than the reference; with no music to keep, that is your own pace/,
    );
    for (const m of r.moves) expect(Math.abs(m.timing_ms as number), m.count_label).toBeLessThan(150);
    expect(r.moves.filter((m) => /late|early|Speed up/.test(m.cue ?? ""))).toEqual([]);
  });

  it.skipIf(!hasDevFixtures)(
    "a reference with music danced 20 % slower (the music slowed with it): shapes right, timing lost, the pace named",
    async () => {
      const src = devVideo("dance_woman_room.mp4");
      const out = join(dir, "music_slower.mp4");
      await ffmpeg([
        "-i",
        src,
        "-filter_complex",
        "[0:v]setpts=PTS/0.8[v];[0:a]atempo=0.8[a]",
        "-map",
        "[v]",
        "-map",
        "[a]",
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        out,
      ]);
      const r = compareTracks(await track(src), await track(out), { style: "hip_hop" });
      report.push(`dance_woman_room 20 % slower with its music: ${r.overall_score} (${r.alignment.clock})`);
      expect(r.alignment.clock).toBe("beat");
      expect(Math.abs(r.alignment.tempo_ratio - 1.25)).toBeLessThan(0.05);
      expect(r.scores.shape).toBeGreaterThanOrEqual(90);
      expect(r.scores.timing).toBeLessThanOrEqual(60);
      expect(r.overall_score).toBeLessThanOrEqual(85);
      expect(r.overallFeedback).toMatch(/about 20 % slower than the reference/);
      // Lateness grows move by move.
      const last = r.moves[r.moves.length - 1];
      expect(last?.timing_ms).toBeGreaterThan(1000);
    },
  );

  it("timing has a sign and a size: 0.3 s late, or early, from 8.2 s on, within 40 ms per move", async () => {
    for (const [name, sign] of [
      ["late", 1],
      ["early", -1],
    ] as const) {
      const r = await against(name);
      expect(r.same_routine).toBe(true);
      for (const m of r.moves) {
        const truth = m.end_s <= 8.2 ? 0 : m.start_s >= 8.5 ? sign * 300 : undefined;
        if (truth === undefined) continue;
        expect(Math.abs((m.timing_ms as number) - truth), `${name} ${m.count_label}`).toBeLessThanOrEqual(40);
      }
      // Said once, where it starts, in the dancer's words.
      expect(r.overallFeedback).toMatch(new RegExp(`about 0\\.3 s ${sign > 0 ? "late" : "early"}`));
      expect(r.alignment.tempo_ratio).toBeCloseTo(1, 2);
    }
  });

  it("a silent reference, 10 % slower with 0.3 s skipped: the pace named once, the skip said as early where it happens, in every number and word", async () => {
    const r = await against("slow_skip");
    expect(r.alignment.tempo_ratio).toBeCloseTo(1.11, 1);
    expect(r.overallFeedback).toMatch(/about 10 % slower than the reference/);
    const before = r.moves.filter((m) => m.end_s <= 8);
    const after = r.moves.filter((m) => m.start_s >= 8.5);
    expect(after.length).toBeGreaterThan(2);
    for (const m of before) expect(Math.abs(m.timing_ms as number), m.count_label).toBeLessThan(100);
    // Against the dancer's own pace the skip puts them 0.3 s ahead (0.27 s of their time).
    for (const m of after) expect(m.timing_ms, m.count_label).toBeLessThan(-180);
    expect(r.moves.some((m) => /early\.$/.test(m.cue ?? ""))).toBe(true);
    expect(JSON.stringify(r.moves.map((m) => m.cue))).not.toMatch(/ late/);
    expect(timingDisagreements(r)).toEqual([]);
    for (const name of ["slower", "late", "early"]) expect(timingDisagreements(await against(name)), name).toEqual([]);
  });

  it("a dance-along take falling behind the music from 8-count 3: told once where it starts and how fast, not late on every move", async () => {
    // A stand-in song at 120 BPM from 0.5 s gives the reference its counts: 8-count 3 starts at
    // 8.5 s. From there the take runs 7.5 % slow (0.3 s later every 8 counts, 0.8 s by the end),
    // while the song in the room keeps time: recorded with it, or with the reference playing.
    const out = join(dir, "behind.mp4");
    await ffmpeg([
      "-i",
      video("sample_2.mp4"),
      "-vf",
      "setpts='if(lt(T,8.5),PTS,(8.5+(T-8.5)*1.075)/TB)'",
      "-r",
      "30",
      ...H264,
      out,
    ]);
    const ref = withMusicBeat(await track(video("sample_2.mp4")));
    const user = await track(out);
    const drift =
      /^From 8-count 3 you drift later, about 0\.3 s every 8 counts \(0\.\d s late by the end\): keep up with the music\.$/;
    for (const [clock, r] of [
      ["take", compareTracks(ref, user, { style: "hip_hop", takeOffset: 0 })],
      ["music", compareTracks(ref, { ...user, audio: ref.audio }, { style: "hip_hop" })],
    ] as const) {
      report.push(`behind the music (${clock}): ${r.overall_score}, timing ${r.scores.timing}: ${r.overallFeedback}`);
      expect(r.alignment.clock, clock).toBe(clock);
      expect(r.same_routine, clock).toBe(true);
      // The moves before it on time, those after it later and later.
      for (const m of r.moves.filter((x) => x.end_s <= 8.5))
        expect(Math.abs(m.timing_ms as number), clock).toBeLessThan(60);
      expect(r.moves[r.moves.length - 1]?.timing_ms, clock).toBeGreaterThan(600);
      // Said once among the moves, once among the sections, once in the summary; no late cue beside it.
      expect(
        r.moves.filter((m) => drift.test(m.cue ?? "")),
        clock,
      ).toHaveLength(1);
      expect(
        cuesTold(r).filter((c) => /s (late|early)\.$/.test(c)),
        clock,
      ).toEqual([]);
      expect(
        r.sections.filter((s) => s.overall_feedback.includes("you drift later")),
        clock,
      ).toHaveLength(1);
      expect(r.overallFeedback.match(/you drift later/g), clock).toHaveLength(1);
      expect(r.overallFeedback, clock).not.toMatch(/You are about/);
      expect(timingDisagreements(r), clock).toEqual([]);
      expect(r.scores.timing as number, clock).toBeLessThanOrEqual(70);
    }
  });

  it("a frozen stretch: those moves are missed, the rest stay Perfect or Great", async () => {
    const r = await against("frozen");
    // Moves mostly (70 %) inside the frozen 14–16.5 s, and moves well clear of it.
    const inside = (m: { start_s: number; end_s: number }) =>
      Math.max(0, Math.min(m.end_s, 16.5) - Math.max(m.start_s, 14)) / (m.end_s - m.start_s);
    const frozen = r.moves.filter((m) => inside(m) >= 0.7);
    const clean = r.moves.filter((m) => m.end_s <= 13.75);
    expect(frozen.length).toBeGreaterThan(0);
    for (const m of frozen) expect(["miss", "ok"]).toContain(m.verdict);
    for (const m of clean) expect(["perfect", "great"]).toContain(m.verdict);
    expect(r.overall_score).toBeLessThan((await against("low_quality")).overall_score);
  });

  it("a different routine: said plainly, scored low, with no timing, tempo or joint claims", async () => {
    const r = compareTracks(await track(video("sample_2.mp4")), await track(video("sample_3.mp4")), {
      style: "jazz",
    });
    report.push(`sample_2 vs sample_3: ${r.overall_score}, confidence ${r.alignment.confidence}`);
    expect(r.same_routine).toBe(false);
    expect(r.overall_score).toBeLessThanOrEqual(50);
    expect(r.scores.timing).toBeNull();
    expect(r.overview.headline).toBe("This does not look like the same routine.");
    expect(r.overallFeedback).toBe(`${r.overview.headline} ${r.overview.details}`);
    expect(r.problematicJoints).toEqual([]);
    for (const m of r.moves) expect([m.timing_ms, m.cue]).toEqual([null, null]);
  });

  it("the same dance by other people scores high; different dances and a squat clearly lower, in every style", async () => {
    const [fb0, fb1, fb3, s2, s3, squats] = await Promise.all(
      ["sample_fb_0.mp4", "sample_fb_1.mp4", "sample_fb_3.mp4", "sample_2.mp4", "sample_3.mp4", "pose_squats.mp4"].map(
        (v) => track(video(v)),
      ),
    );
    const same = [
      compareTracks(fb0 as PoseTrack, fb3 as PoseTrack, { style: "folk" }),
      compareTracks(fb1 as PoseTrack, fb3 as PoseTrack, { style: "folk" }),
    ];
    // sample_fb_0 against sample_fb_1: the practice studio's pair in the browser tests.
    const studio = compareTracks(fb0 as PoseTrack, fb1 as PoseTrack, { style: "contemporary" });
    for (const r of [...same, studio]) {
      expect(r.same_routine).toBe(true);
      expect(r.overall_score).toBeGreaterThanOrEqual(75);
      expect(timingDisagreements(r)).toEqual([]);
    }
    const different = [
      compareTracks(s3 as PoseTrack, s2 as PoseTrack, { style: "folk" }),
      compareTracks(s2 as PoseTrack, squats as PoseTrack, { style: "folk" }),
    ];
    for (const r of different) expect(r.overall_score).toBeLessThanOrEqual(50);
    report.push(
      `same dance: ${same.map((r) => r.overall_score).join(", ")}; different: ${different.map((r) => r.overall_score).join(", ")}`,
    );
  });

  it.skipIf(!hasDevFixtures)(
    "counts a reference with music on its beats: counts paired into moves, 8-counts as sections",
    async () => {
      const ref = await track(devVideo("dance_woman_room.mp4"));
      expect(ref.audio?.confidence).toBeGreaterThan(0.5);
      const r = compareTracks(ref, ref, { style: "latin" });
      expect(r.counts.source).toBe("music");
      expect(r.counts.bpm).toBeGreaterThan(95);
      expect(r.counts.bpm).toBeLessThan(115);
      expect(r.moves.slice(0, 4).map((m) => m.count_label)).toEqual(["1–2", "3–4", "5–6", "7–8"]);
      expect(r.sections[0]?.title).toMatch(/^8-count 1 · /);
    },
  );

  it("is deterministic: the same inputs give the same JSON (fresh analyses, pool already warm)", async () => {
    clearPoseCache();
    const a = await compareVideos(video("sample_fb_0.mp4"), video("sample_fb_1.mp4"), { style: "jazz" });
    clearPoseCache();
    const b = await compareVideos(video("sample_fb_0.mp4"), video("sample_fb_1.mp4"), { style: "jazz" });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});
