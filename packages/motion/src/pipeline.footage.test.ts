/**
 * The whole pipeline on videos synthesised by ffmpeg (no fixtures needed): formats, rotation,
 * variable frame rate, every error with its message, the CLI.
 */
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideo, compareVideos, type MotionErrorCode, probeVideo, shutdownPosePool } from "./index.ts";
import { ffmpeg, H264, makeEmptyScene, makeSyntheticDancer, repoRoot, tempDir } from "../test-support/fixtures.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";

let dir = "";
let cleanup: () => Promise<void> = async () => {};
let dancer = "";
let empty = "";

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  dancer = join(dir, "dancer.mp4");
  empty = join(dir, "empty.mp4");
  await Promise.all([makeSyntheticDancer(dancer, 3), makeEmptyScene(empty, 2)]);
});

afterAll(async () => {
  await shutdownPosePool();
  await cleanup();
});

async function expectMotionError(p: Promise<unknown>, code: MotionErrorCode, message: RegExp): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected ${code}`).toBeDefined();
  expect((err as { code?: string }).code).toBe(code);
  expect((err as Error).message).toMatch(message);
}

describe("synthetic video, whole pipeline", () => {
  it("compares a synthetic dancer with itself: decode → poses in workers → align → scores → feedback", async () => {
    const handlers = [process.listeners("uncaughtException").length, process.listeners("unhandledRejection").length];
    const progress: number[] = [];
    const r = await compareVideos(dancer, dancer, { style: "contemporary", onProgress: (p) => progress.push(p) });
    expect(r.overall_score).toBeGreaterThanOrEqual(97);
    expect(Object.keys(r.categories)).toEqual(["flow", "expression", "flexibility", "connection"]);
    expect(r.sections.length).toBeGreaterThanOrEqual(1);
    expect(r.alignment.tempo_ratio).toBeCloseTo(1, 1);
    expect(r.alignment.time_map.length).toBeGreaterThan(5);
    expect(r.tracks.reference.frames.length).toBeGreaterThan(20);
    expect(typeof r.overallFeedback).toBe("string");
    expect(progress[progress.length - 1]).toBe(100);
    expect(r.timeline.length).toBeGreaterThan(5);
    // The WASM backend's process-wide handlers stay out of the host process.
    expect([process.listeners("uncaughtException").length, process.listeners("unhandledRejection").length]).toEqual(
      handlers,
    );
  });

  it("reads WebM (VP8, VP9), MOV, OGG (Theora), rotation metadata and variable frame rate", async () => {
    const outs = {
      vp8: join(dir, "d.webm"),
      vp9: join(dir, "d9.webm"),
      mov: join(dir, "d.mov"),
      ogg: join(dir, "d.ogg"),
      rotated: join(dir, "rot.mp4"),
      vfr: join(dir, "vfr.mp4"),
    };
    await Promise.all([
      ffmpeg(["-i", dancer, "-c:v", "libvpx", "-b:v", "1M", outs.vp8]),
      ffmpeg(["-i", dancer, "-c:v", "libvpx-vp9", "-b:v", "1M", "-deadline", "realtime", "-cpu-used", "8", outs.vp9]),
      ffmpeg(["-i", dancer, ...H264, outs.mov]),
      ffmpeg(["-i", dancer, "-c:v", "libtheora", "-q:v", "10", outs.ogg]),
      // Stored sideways, with rotation metadata that turns it back upright (below).
      ffmpeg(["-i", dancer, "-vf", "transpose=1", ...H264, join(dir, "sideways.mp4")]),
      // Drop every third frame and keep the irregular timestamps.
      ffmpeg(["-i", dancer, "-vf", "select='not(eq(mod(n\\,3)\\,1))'", "-vsync", "vfr", ...H264, outs.vfr]),
    ]);
    // This ffmpeg stores the tag as a counter-clockwise display rotation (it reads back as 270° clockwise).
    await ffmpeg(["-i", join(dir, "sideways.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=90", outs.rotated]);
    const base = await analyzeVideo(dancer);
    for (const [name, path] of Object.entries(outs)) {
      const info = await probeVideo(path);
      const t = await analyzeVideo(path);
      expect(t.frames.length, name).toBeGreaterThanOrEqual(base.frames.length - 2);
      expect(t.frames.length, name).toBeLessThanOrEqual(base.frames.length + 2);
      // Upright after rotation: the display size is portrait like the original.
      expect(t.height, name).toBeGreaterThan(t.width);
      if (name === "rotated") {
        expect([90, 270]).toContain(info.rotation);
        expect(info.codedWidth).toBeGreaterThan(info.codedHeight);
      }
      expect(t.frames.filter((f) => f.score > 0).length, name).toBeGreaterThan(t.frames.length / 2);
    }
  });
});

describe("errors", () => {
  it("NOT_A_VIDEO for a text file and for a still image", async () => {
    const txt = join(dir, "notes.mp4");
    await writeFile(txt, "this is not a video\n");
    const png = join(dir, "still.png");
    await ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", png]);
    await expectMotionError(analyzeVideo(txt), "NOT_A_VIDEO", /not a video/);
    await expectMotionError(probeVideo(png), "NOT_A_VIDEO", /not a video/);
  });

  it("UNREADABLE_VIDEO for a missing file and for a cut-off MP4", async () => {
    await expectMotionError(analyzeVideo(join(dir, "missing.mp4")), "UNREADABLE_VIDEO", /could not be read/);
    const cut = join(dir, "cut.mp4");
    await writeFile(cut, (await readFile(dancer)).subarray(0, 2000));
    await expectMotionError(analyzeVideo(cut), "UNREADABLE_VIDEO", /damaged/);
  });

  it("EMPTY_VIDEO for an empty file", async () => {
    const zero = join(dir, "zero.mp4");
    await writeFile(zero, "");
    await expectMotionError(analyzeVideo(zero), "EMPTY_VIDEO", /empty/);
  });

  it("NO_PERSON_REFERENCE / NO_PERSON_USER say which video has no one in it", async () => {
    await expectMotionError(
      compareVideos(empty, dancer, { style: "ballet" }),
      "NO_PERSON_REFERENCE",
      /No person was found in the reference video/,
    );
    await expectMotionError(
      compareVideos(dancer, empty, { style: "ballet" }),
      "NO_PERSON_USER",
      /No person was found in your video/,
    );
  });

  it("TOO_LONG when the video exceeds the limit in the options", async () => {
    await expectMotionError(analyzeVideo(dancer, { maxDuration: 2 }), "TOO_LONG", /too long.*limit is 2 s/);
    await expectMotionError(
      compareVideos(dancer, dancer, { style: "ballet", maxDuration: 1 }),
      "TOO_LONG",
      /Reference video: the video is too long/,
    );
  });

  it("INVALID_OPTIONS for an unknown style", async () => {
    await expectMotionError(
      compareVideos(dancer, dancer, { style: "polka" }),
      "INVALID_OPTIONS",
      /Unknown style "polka"/,
    );
  });
});

describe("CLI", () => {
  const cli = resolve(repoRoot, "packages", "motion", "src", "cli.ts");
  const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((res) => {
      execFile(
        process.execPath,
        ["--import", "tsx", cli, ...args],
        { cwd: repoRoot, maxBuffer: 1 << 26, env },
        (err, stdout, stderr) =>
          res({
            code: err ? ((err as { code?: number }).code ?? 1) : 0,
            stdout: String(stdout),
            stderr: String(stderr),
          }),
      );
    });

  it("compare --json prints the result JSON on stdout", async () => {
    const { code, stdout } = await run(["compare", dancer, dancer, "--style", "hip_hop", "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(stdout) as ComparisonResult;
    expect(r.overall_score).toBeGreaterThanOrEqual(0);
    expect(r.overall_score).toBeLessThanOrEqual(100);
    expect(Object.keys(r.categories)).toEqual(["rhythm", "energy", "isolation", "attitude"]);
    expect(Array.isArray(r.sections)).toBe(true);
    expect(r.alignment).toMatchObject({
      mirrored: expect.any(Boolean),
      tempo_ratio: expect.any(Number),
      offset_s: expect.any(Number),
    });
  });

  it("compare prints a readable summary; analyze --out writes the pose track; errors exit 2 with the message", async () => {
    const summary = await run(["compare", dancer, dancer, "--style", "folk"]);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/Overall score: \d+[.\d]* \/ 100 {2}\(folk\) {2}shape \d+, timing \d+/);
    // Every move with its verdict, shape and timing.
    expect(summary.stdout).toMatch(/Sections and moves:/);
    expect(summary.stdout).toMatch(/\n {4}move 1 +Perfect +shape +\d+ +on time/);
    const out = join(dir, "poses.json");
    const analyzed = await run(["analyze", dancer, "--out", out]);
    expect(analyzed.code).toBe(0);
    const track = JSON.parse(await readFile(out, "utf8")) as PoseTrack;
    expect(track.keypointNames).toHaveLength(17);
    expect(track.frames.length).toBeGreaterThan(20);
    const fromPoses = await run(["compare", out, dancer, "--style", "folk", "--json"]);
    expect(fromPoses.code).toBe(0);
    expect((JSON.parse(fromPoses.stdout) as ComparisonResult).overall_score).toBeGreaterThanOrEqual(97);
    const bad = await run(["compare", empty, dancer, "--style", "ballet"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/NO_PERSON_REFERENCE/);
  });

  it("compare-tracks compares two keypoint tracks without video: a pose track against measured points of it; an empty track is refused", async () => {
    const out = join(dir, "poses-for-tracks.json");
    expect((await run(["analyze", dancer, "--out", out])).code).toBe(0);
    const track = JSON.parse(await readFile(out, "utf8")) as PoseTrack;
    // The same poses as measured points in pixels (what motion capture or another model would give).
    const measured = join(dir, "measured.json");
    await writeFile(
      measured,
      JSON.stringify({
        fps: track.fps,
        width: track.width,
        height: track.height,
        frames: track.frames.map((f) =>
          track.keypointNames.map((_, i) =>
            (f.keypoints[i * 3 + 2] ?? 0) > 0
              ? [(f.keypoints[i * 3] ?? 0) * track.width, (f.keypoints[i * 3 + 1] ?? 0) * track.height]
              : null,
          ),
        ),
      }),
    );
    const same = await run(["compare-tracks", out, measured, "--style", "jazz", "--json"]);
    expect(same.code, same.stderr).toBe(0);
    const r = JSON.parse(same.stdout) as ComparisonResult;
    expect(r.overall_score).toBeGreaterThanOrEqual(95);
    expect(r.tracks.user.keypointNames).toHaveLength(17);
    const emptyTrack = join(dir, "empty-track.json");
    await writeFile(emptyTrack, JSON.stringify({ fps: 30, width: 10, height: 10, frames: [] }));
    const refused = await run(["compare-tracks", out, emptyTrack, "--style", "jazz"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/EMPTY_VIDEO.*no frames/);
  });

  it("doctor prints what reads videos, ffmpeg, ffprobe, the pose runtime, model and workers; exits 1 when ffmpeg is missing", async () => {
    const ok = await run(["doctor"]);
    expect(ok.code, ok.stderr).toBe(0);
    for (const name of ["video reader", "ffmpeg", "ffprobe", "pose runtime", "pose model", "workers"])
      expect(ok.stdout).toMatch(new RegExp(`^ok +${name} `, "m"));
    expect(ok.stdout).toMatch(/movenet-lightning/);
    // The machines this runs on (CI, developers) have a current ffmpeg: the doctor shows its version.
    const version = /^ok +ffmpeg +\S+ +n?(\d+)\./m.exec(ok.stdout);
    expect(Number(version?.[1])).toBeGreaterThanOrEqual(5);

    const broken = await run(["doctor"], {
      ...process.env,
      STEPSYNC_VIDEO_READER: "",
      FFMPEG_PATH: join(dir, "no-ffmpeg"),
      FFPROBE_PATH: join(dir, "no-ffprobe"),
    });
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^!! +ffmpeg +\S*no-ffmpeg +MISSING/m);
    expect(broken.stdout).toMatch(/^!! +ffprobe +\S*no-ffprobe +MISSING/m);
  });
});
