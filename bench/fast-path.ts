/**
 * A result seconds after the take: a 60-s dance-along take against a library
 * reference whose poses are analysed, from the moment its upload is answered to the quick result
 * and to the stored one, with the browser's pose track sent with it (checked on a sample of frames,
 * its comparison shown as a quick result while the video is analysed) and without (no quick result),
 * each in a fresh server process. Either way the stored result is the server's own analysis.
 *
 *   node --import tsx bench/fast-path.ts
 *
 * The reference is dance_woman_room (../shared/fixtures/dev) looped to 59.5 s; the take is that
 * dance filmed in another framing after a 0.5-s lead-in (a camera's picture, 30 fps), kept as the
 * browser's recorder keeps it (VP8 in WebM). The browser's track is MoveNet's track of the camera's
 * picture (the browser runs the same model), made here before the servers start (not timed).
 * Server CPU seconds: the server process and its children (ffmpeg), from /proc, answer → result.
 *
 * Measured 2026-12-06 on this 2-core machine (load average ~3.4 at submit):
 *
 *   | path              | poses stored from   | answered → quick result (score) | → stored result | server CPU s | overall |
 *   | fast (pose_track) | server (track used) | 6.6 s (99.2)                    | 17.7 s          | 32.3         | 99.2    |
 *   | full (no track)   | server              | –                               | 10.4 s          | 19.4         | 99.2    |
 *
 * pose_track for 60 s: 121,646 bytes of JSON. The quick result costs the check (~13 CPU s) on top of the
 * video's own analysis; before the stored result was always the server's, a used track's result was stored
 * at 2.4–3.6 s for 3.9–4.3 CPU s (bench/README.md).
 */
import { execFile } from "node:child_process";
import { existsSync, openAsBlob } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { analyzeVideo, shutdownPosePool, ffmpegPath } from "@stepsync/motion";
import { compactTrack } from "@stepsync/motion/live";
import { registerConfirmed } from "../e2e/support/accounts.ts";
import { type E2EServer, startServer } from "../e2e/support/server.ts";
import { callApi } from "../e2e/support/api.ts";
import { approvedLibraryReference } from "./support/library-reference.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? path.resolve(repoRoot, "..", "shared", "fixtures");
const dance = path.join(fixtures, "dev", "dance_woman_room.mp4");
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-secret-1" };
const LEAD_IN_S = 0.5;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath(),
      ["-hide_banner", "-loglevel", "error", "-y", ...args],
      { maxBuffer: 1 << 24 },
      (err, _o, e) => (err ? reject(new Error(`ffmpeg failed: ${e || err.message}`)) : resolve()),
    );
  });
}

/** CPU seconds of a process and its waited-for children (utime, stime, cutime, cstime). */
async function cpuSeconds(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After the name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (1-based).
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return ((utime as number) + (stime as number) + (cutime as number) + (cstime as number)) / TICKS;
}

/** The bench's calls, token first (e2e/support/api.ts makes them). */
const api = <T>(base: string, token: string | null, method: string, route: string, body?: unknown) =>
  callApi<T>(base, method, route, body, token ?? undefined);

/** The library reference, its poses analysed (waited for), approved. */
async function libraryReference(server: E2EServer, reference: string): Promise<number> {
  const video = { file: reference, title: "Bench reference (dance, 60 s)", category: "hip_hop" };
  return (await approvedLibraryReference(server.baseUrl, ADMIN, video)).id;
}

type Row = {
  path: string;
  /** Seconds from the upload's answer to the quick result (null: none shown) and to the stored one. */
  quick: number | null;
  quickScore: number | null;
  seconds: number;
  cpu: number;
  score: number | null;
  source: string;
  load: string;
};

/** One comparison of the take in a fresh server: upload answered → stored result, and the server's CPU meanwhile. */
async function measure(
  name: string,
  dataDir: string,
  reference: string,
  take: string,
  track: string | null,
): Promise<Row> {
  // Our own data folder, so the stored result can be read after the server stopped.
  const server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    // BENCH_LOG_LEVEL=info shows the job's line saying which path ran and how long its check took.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  });
  let row: Omit<Row, "source">;
  try {
    const refId = await libraryReference(server, reference);
    const user = await registerConfirmed(server.baseUrl, {
      username: "Bench User",
      email: "bench-user@example.com",
      password: "bench-user-secret-1",
    });
    const form = new FormData();
    form.set("activity_type", "hip_hop");
    form.set("reference_video_id", String(refId));
    form.set("take_offset_s", String(LEAD_IN_S));
    // In the web app's order: the pose track before the video.
    if (track) form.set("pose_track", new Blob([track], { type: "application/json" }), "pose-track.json");
    form.set("user_video", await openAsBlob(take, { type: "video/webm" }), "take.webm");
    const atSubmit = load();
    const { comparison_id: id } = await api<{ comparison_id: number }>(
      server.baseUrl,
      user.token,
      "POST",
      "/api/videos/compare",
      form,
    );
    const answered = Date.now();
    const cpuBefore = await cpuSeconds(server.pid);
    let last: { status: string; error: string | null; overall_score: number | null; results: unknown };
    let quick: { seconds: number; score: number | null } | null = null;
    for (;;) {
      ({ comparison: last } = await api<{ comparison: typeof last }>(
        server.baseUrl,
        user.token,
        "GET",
        `/api/comparisons/${id}`,
      ));
      // A quick result from the track: the comparison still processing, its result already there.
      if (!quick && last.status === "processing" && last.results)
        quick = { seconds: (Date.now() - answered) / 1000, score: last.overall_score };
      if (last.status === "completed") break;
      if (last.status === "failed") throw new Error(`comparison failed: ${last.error}`);
      if (Date.now() - answered > 15 * 60_000) throw new Error("no result after 15 minutes");
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (Date.now() - answered) / 1000;
    const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
    row = {
      path: name,
      quick: quick?.seconds ?? null,
      quickScore: quick?.score ?? null,
      seconds,
      cpu,
      score: last.overall_score,
      load: atSubmit,
    };
  } finally {
    await server.stop();
  }
  // Where the stored poses came from and what became of the track, read from the stopped server's database.
  const db = new PGlite(path.join(dataDir, "db"));
  const { rows } = await db.query<{ source: string | null }>(
    "select pose_source || coalesce(' (track ' || take_track || ')', '') as source from comparisons",
  );
  await db.close();
  return { ...row, source: rows.map((r) => r.source).join(", ") };
}

async function main(): Promise<void> {
  if (!existsSync(dance)) {
    console.log(`fast-path bench: fixtures not found under ${fixtures}; nothing measured.`);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-bench-fast-"));
  try {
    const reference = path.join(dir, "reference-60s.mp4");
    const camera = path.join(dir, "camera-60s.mp4");
    const take = path.join(dir, "take-60s.webm");
    await run([
      "-stream_loop",
      "-1",
      "-i",
      dance,
      "-t",
      "59.5",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      reference,
    ]);
    await run([
      ...["-i", reference, "-vf"],
      `tpad=start_duration=${LEAD_IN_S}:start_mode=clone,scale=420:404,pad=640:480:150:50`,
      ...["-r", "30", "-crf", "8", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-an", camera],
    ]);
    await run(["-i", camera, "-c:v", "libvpx", "-b:v", "1M", "-deadline", "realtime", "-cpu-used", "8", "-an", take]);
    const track = JSON.stringify(compactTrack(await analyzeVideo(camera)));
    await shutdownPosePool();
    const bytes = Buffer.byteLength(track);
    console.log(
      `${availableParallelism()} cores · take 60 s (${((await stat(take)).size / 1e6).toFixed(1)} MB WebM) · pose_track ${(bytes / 1000).toFixed(0)} KB`,
    );
    const rows = [
      await measure("fast (pose_track)", path.join(dir, "fast"), reference, take, track),
      await measure("full (no track)", path.join(dir, "full"), reference, take, null),
    ];
    console.log("");
    console.log(
      "| path | poses stored from | upload answered → quick result (score) | → stored result | server CPU s | overall score | load average at submit |",
    );
    console.log("|---|---|---|---|---|---|---|");
    for (const r of rows) {
      const quick = r.quick === null ? "–" : `${r.quick.toFixed(1)} s (${r.quickScore})`;
      console.log(
        `| ${r.path} | ${r.source} | ${quick} | ${r.seconds.toFixed(1)} s | ${r.cpu.toFixed(1)} | ${r.score} | ${r.load} |`,
      );
    }
    console.log(`\npose_track for 60 s: ${bytes} bytes of JSON (${(bytes / 1000).toFixed(0)} KB)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
