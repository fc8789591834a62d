/**
 * Motion engine benchmark: for each pose model, pose frames per second on this machine's cores,
 * and wall time / peak memory of comparing a 60-second 30 fps video against a reference whose
 * poses are cached, and of comparing two fresh 60-second videos.
 *
 *   node --import tsx bench/motion/run.ts [--models movenet-lightning,movenet-thunder] [--fps 10]
 *   (or: npm run motion -w @stepsync/bench)
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEFAULTS, poolSize } from "../../packages/motion/src/index.ts";
import { ffmpegPath } from "../../packages/motion/src/video/binaries.ts";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..", "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? resolve(repoRoot, "..", "shared", "fixtures", "video");

const { values } = parseArgs({
  options: {
    models: { type: "string", default: "movenet-lightning,movenet-thunder,blazepose-lite,blazepose-full" },
    fps: { type: "string", default: String(DEFAULTS.fps) },
    "skip-fresh": { type: "boolean", default: false },
  },
});

function run(file: string, args: string[]): Promise<string> {
  return new Promise((res, rej) => {
    execFile(file, args, { cwd: repoRoot, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      if (err) rej(new Error(`${file} ${args.join(" ")}: ${stderr || err.message}`));
      else res(String(stdout));
    });
  });
}

/** A 60 s, 30 fps video made of the fixtures' two long dance clips, in the given order. */
async function build60(out: string, order: string[]): Promise<void> {
  const inputs = order.flatMap((f) => ["-i", join(fixtures, f)]);
  const labels = order.map((_, i) => `[${i}:v]`).join("");
  await run(ffmpegPath(), [
    "-y",
    "-v",
    "error",
    ...inputs,
    "-filter_complex",
    `${labels}concat=n=${order.length}:v=1:a=0,fps=30[v]`,
    "-map",
    "[v]",
    "-t",
    "60",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    "-pix_fmt",
    "yuv420p",
    out,
  ]);
}

interface Measure {
  wall_s: number;
  cpu_s: number;
  peak_rss_mb: number;
  user_frames: number;
  user_analysis_s?: number;
}

async function scenario(
  mode: string,
  model: string,
  fps: number,
  ref: string,
  user: string,
  cacheDir: string,
): Promise<Measure> {
  const warmClip = join(fixtures, "sample_fb_0.mp4");
  const out = await run(process.execPath, [
    "--import",
    "tsx",
    join(here, "scenario.ts"),
    mode,
    model,
    String(fps),
    ref,
    user,
    cacheDir,
    warmClip,
  ]);
  const line = out.trim().split("\n").pop() ?? "{}";
  return JSON.parse(line) as Measure;
}

if (!existsSync(join(fixtures, "sample_2.mp4"))) {
  console.log(`Fixtures not found at ${fixtures}; the benchmark needs ../shared/fixtures (see its README).`);
  process.exit(0);
}

const dir = await mkdtemp(join(tmpdir(), "stepsync-bench-"));
try {
  const fps = Number(values.fps);
  const user = join(dir, "user60.mp4");
  const ref = join(dir, "ref60.mp4");
  process.stderr.write("building 60 s test videos with ffmpeg…\n");
  await Promise.all([
    build60(user, ["sample_2.mp4", "sample_3.mp4", "sample_2.mp4", "sample_3.mp4"]),
    build60(ref, ["sample_3.mp4", "sample_2.mp4", "sample_3.mp4", "sample_2.mp4"]),
  ]);
  console.log(
    `Motion engine benchmark — ${cpus()[0]?.model ?? "cpu"} ×${availableParallelism()}, pose workers ${poolSize()}, analysis ${fps} fps, 60 s 30 fps videos`,
  );
  console.log("Targets: 60-s user video against a cached reference ≤ 10 s wall, ≤ 600 MB peak.");
  // Other work on the machine slows every figure below: show how busy it was.
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}\n`,
  );
  const rows: string[][] = [
    [
      "model",
      "pose fps",
      "cached ref: wall",
      "cpu",
      "peak RSS",
      "warm pool: wall",
      "two fresh: wall",
      "cpu",
      "peak RSS",
    ],
  ];
  for (const model of (values.models ?? "").split(",").filter(Boolean)) {
    process.stderr.write(`${model}: caching the reference…\n`);
    const cacheDir = join(dir, `cache-${model}`);
    await scenario("prepare", model, fps, ref, user, cacheDir);
    process.stderr.write(`${model}: user vs cached reference…\n`);
    const cached = await scenario("cached", model, fps, ref, user, cacheDir);
    process.stderr.write(`${model}: user vs cached reference, workers already running…\n`);
    const warm = await scenario("cached-warm", model, fps, ref, user, cacheDir);
    let fresh: Measure | undefined;
    if (!values["skip-fresh"]) {
      process.stderr.write(`${model}: two fresh videos…\n`);
      fresh = await scenario("fresh", model, fps, ref, user, cacheDir);
    }
    const poseFps = cached.user_analysis_s ? cached.user_frames / cached.user_analysis_s : Number.NaN;
    rows.push([
      model,
      poseFps.toFixed(1),
      `${cached.wall_s.toFixed(1)} s`,
      `${cached.cpu_s.toFixed(1)} s`,
      `${cached.peak_rss_mb.toFixed(0)} MB`,
      `${warm.wall_s.toFixed(1)} s`,
      fresh ? `${fresh.wall_s.toFixed(1)} s` : "-",
      fresh ? `${fresh.cpu_s.toFixed(1)} s` : "-",
      fresh ? `${fresh.peak_rss_mb.toFixed(0)} MB` : "-",
    ]);
  }
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length))) ?? [];
  for (const r of rows) console.log(r.map((v, c) => v.padEnd(widths[c] ?? 0)).join("  "));
  console.log(
    `\nLoad average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (${availableParallelism()} cores)`,
  );
  console.log(
    "\npose fps: analysed frames of the 60-s user video per second of wall time (decode + pose on all workers).\n" +
      "cached ref wall: whole compareVideos call in a fresh process, including starting the workers and loading the model.\n" +
      "warm pool wall: the same call once the pose workers are running (a long-running server).\n" +
      "cpu: CPU time of the Node process (all threads); ffmpeg decoding runs in a child process on top (≈ 2.5 s CPU, ≈ 30 MB).\n" +
      "peak RSS: the Node process (main thread + pose workers).",
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
