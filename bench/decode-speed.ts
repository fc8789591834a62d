/**
 * How fast uploads are read: the ffmpeg CLI through a pipe (a current system ffmpeg) against FFmpeg
 * in-process (node-av, what reads uploads on a machine with only Node), on 60-s clips.
 *
 *   node --import tsx bench/decode-speed.ts [--runs 3]
 *
 * Builds (with the ffmpeg CLI) a 60-s 1080p and a 60-s portrait 576×1024 H.264 clip with music
 * from the shared dev footage, then times what an analysis reads: the frames at the engine's rate
 * and size (7 fps, longest side 512, RGB) and the sound (mono 11025 Hz). Frames/s is analysis
 * frames delivered per wall-clock second; CPU s counts this process and its children (the CLI),
 * read from /proc (Linux). The median of the runs. Needs a current ffmpeg CLI on PATH to compare
 * with; without the shared fixtures it prints a note and exits 0.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { extractAudio } from "../packages/motion/src/audio/extract.ts";
import { DEFAULTS } from "../packages/motion/src/analyze.ts";
import { devVideo, ffmpeg, hasDevFixtures } from "../packages/motion/test-support/fixtures.ts";
import { ffmpegBinaries, type VideoReader } from "../packages/motion/src/video/binaries.ts";
import { decodeFrames } from "../packages/motion/src/video/decode.ts";
import { libraryVersion } from "../packages/motion/src/video/library.ts";
import { probeVideo } from "../packages/motion/src/video/probe.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Math.max(1, Number(values.runs));

/** CPU seconds of this process plus its reaped children (utime, stime, cutime, cstime of /proc/self/stat). */
function cpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  // After the ") ": state is field 3, so utime (14) … cstime (17) sit at 11 … 14.
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return ticks / 100;
}

async function measure(work: () => Promise<number>): Promise<{ items: number; wall: number; cpu: number }> {
  const cpu0 = cpuSeconds();
  const t0 = performance.now();
  const items = await work();
  return { items, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - cpu0 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function frames(file: string, reader: VideoReader): Promise<number> {
  const info = await probeVideo(file, reader);
  let n = 0;
  for await (const _ of decodeFrames(file, info, { fps: DEFAULTS.fps, maxSide: DEFAULTS.maxSide, reader })) n++;
  return n;
}

async function sound(file: string, reader: VideoReader): Promise<number> {
  return (await extractAudio(file, { reader }))?.length ?? 0;
}

/** 60 s of `source` (looped), scaled and re-encoded as a phone would: H.264 30 fps, AAC sound. */
async function clip(dir: string, name: string, source: string, size: string): Promise<string> {
  const out = path.join(dir, name);
  await ffmpeg([
    ...["-stream_loop", "-1", "-t", "60", "-i", source],
    ...["-stream_loop", "-1", "-t", "60", "-i", devVideo("dance_woman_room.mp4")],
    ...["-map", "0:v:0", "-map", "1:a:0", "-vf", `fps=30,scale=${size},setsar=1`],
    ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", out],
  ]);
  return out;
}

if (!hasDevFixtures) {
  console.log("decode-speed: the shared dev footage is missing (../shared/fixtures/dev); nothing measured.");
  process.exit(0);
}
const cli = ffmpegBinaries(() => {});
if (cli.reader !== "cli") {
  console.log(`decode-speed: no current ffmpeg CLI to compare with (${cli.note}); nothing measured.`);
  process.exit(0);
}

const dir = await mkdtemp(path.join(tmpdir(), "stepsync-decode-speed-"));
try {
  const clips = [
    ["1920×1080", await clip(dir, "landscape-1080p.mp4", devVideo("run_woman_track.mp4"), "1920:1080")],
    ["576×1024", await clip(dir, "portrait-576p.mp4", devVideo("dance_woman_room.mp4"), "576:1024")],
  ] as const;
  const library = libraryVersion() ?? { ffmpeg: "?", package: "?" };
  const readers: Array<[VideoReader, string]> = [
    ["cli", `CLI pipe (ffmpeg ${cli.ffmpeg.version})`],
    ["library", `in-process (FFmpeg ${library.ffmpeg}, node-av ${library.package})`],
  ];
  console.log(`decode-speed: ${runs} run(s) each, median; load average ${loadavg()[0]?.toFixed(2)} at start`);
  console.log("| clip (60 s, H.264 30 fps) | what | reader | analysis frames/s | wall s | CPU s |");
  console.log("|---|---|---|---:|---:|---:|");
  for (const [label, file] of clips) {
    if (!existsSync(file)) throw new Error(`${file} was not built`);
    for (const [what, work] of [
      [`frames (${DEFAULTS.fps} fps, ≤ ${DEFAULTS.maxSide} px)`, frames],
      ["sound (mono 11025 Hz)", sound],
    ] as const) {
      for (const [reader, name] of readers) {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await measure(() => work(file, reader)));
        const wall = median(results.map((r) => r.wall));
        const cpu = median(results.map((r) => r.cpu));
        const rate = what.startsWith("frames") ? ((results[0]?.items ?? 0) / wall).toFixed(0) : "–";
        console.log(`| ${label} | ${what} | ${name} | ${rate} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} |`);
      }
    }
  }
  console.log(`load average ${loadavg()[0]?.toFixed(2)} at the end`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
