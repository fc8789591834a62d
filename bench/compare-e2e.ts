/**
 * Submit → result through the real server: a 60-second 30 fps user video compared against a
 * library reference whose poses are already cached.
 *
 *   node --import tsx bench/compare-e2e.ts
 *
 * Starts the server as `npm start` would (fresh embedded database in a temp folder, an admin from
 * ADMIN_EMAIL/ADMIN_PASSWORD), uploads sample_2.mp4 to the library as the admin, waits until its
 * poses are computed, approves it, builds a 60-s user video with ffmpeg, signs up a user, then
 * times POST /api/videos/compare (upload) and the polling of GET /api/comparisons/:id (analysis).
 * Without the shared fixtures it prints a note and exits 0.
 */
import { execFile } from "node:child_process";
import { existsSync, openAsBlob } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { registerConfirmed } from "../e2e/support/accounts.ts";
import { startServer } from "../e2e/support/server.ts";
import { callApi } from "../e2e/support/api.ts";
import { approvedLibraryReference } from "./support/library-reference.ts";
import { ffmpegPath } from "@stepsync/motion";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? path.resolve(repoRoot, "..", "shared", "fixtures", "video");
const referenceClip = path.join(fixtures, "sample_2.mp4");
const userClips = [path.join(fixtures, "sample_2.mp4"), path.join(fixtures, "sample_fb_0.mp4")];
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-secret-1" };

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function load(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
}

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 1 << 24 }, (err, _stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

/** 60 s at 30 fps: 10 s of sample_2 then 10 s of sample_fb_0 (looped), that 20-s piece three times. */
async function makeUserVideo(dir: string): Promise<string> {
  const piece = path.join(dir, "piece-20s.mp4");
  const out = path.join(dir, "user-60s.mp4");
  const encode = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-r", "30"];
  const [first, second] = userClips as [string, string];
  await run(ffmpegPath(), [
    ...["-hide_banner", "-loglevel", "error"],
    ...["-stream_loop", "-1", "-t", "10", "-i", first],
    ...["-stream_loop", "-1", "-t", "10", "-i", second],
    "-filter_complex",
    "[0:v]fps=30,scale=576:1024,setsar=1[a];[1:v]fps=30,scale=576:1024,setsar=1[b];[a][b]concat=n=2:v=1:a=0[v]",
    ...["-map", "[v]", ...encode, "-y", piece],
  ]);
  await run(ffmpegPath(), [
    ...["-hide_banner", "-loglevel", "error"],
    ...["-stream_loop", "2", "-i", piece, "-t", "60"],
    ...encode,
    ...["-movflags", "+faststart", "-y", out],
  ]);
  return out;
}

/** The bench's calls, token first (e2e/support/api.ts makes them). */
const api = <T>(base: string, token: string | null, method: string, route: string, body?: unknown) =>
  callApi<T>(base, method, route, body, token ?? undefined);

type Comparison = { status: string; progress: number | null; error: string | null; overall_score: number | null };

async function main(): Promise<void> {
  if (!existsSync(referenceClip) || !userClips.every((c) => existsSync(c))) {
    console.log(`compare-e2e bench: fixtures not found under ${fixtures}; nothing measured.`);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-bench-compare-"));
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    console.log(`server ${server.baseUrl} · ${availableParallelism()} cores · load average ${load()}`);
    const base = server.baseUrl;

    // The library reference, its poses computed and cached by the reference-poses job, approved.
    const reference = { file: referenceClip, title: "Bench reference (sample_2)", category: "hip_hop" };
    const { id: refId, posesMs } = await approvedLibraryReference(base, ADMIN, reference, 10 * 60_000);
    console.log(`reference #${refId} poses cached in ${seconds(posesMs)} (19-s clip, not timed below)`);

    const userVideo = await makeUserVideo(dir);
    const size = (await stat(userVideo)).size;
    console.log(`user video: 60 s, 30 fps, ${(size / 1e6).toFixed(1)} MB`);

    const user = await registerConfirmed(base, {
      username: "Bench User",
      email: "bench-user@example.com",
      password: "bench-user-secret-1",
    });
    const form = new FormData();
    form.set("activity_type", "hip_hop");
    form.set("reference_video_id", String(refId));
    form.set("user_video", await openAsBlob(userVideo, { type: "video/mp4" }), "user-60s.mp4");

    console.log(`load average at submit: ${load()}`);
    const submitted = Date.now();
    const started = await api<{ comparison_id: number }>(base, user.token, "POST", "/api/videos/compare", form);
    const answered = Date.now();
    let last: Comparison;
    for (;;) {
      ({ comparison: last } = await api<{ comparison: Comparison }>(
        base,
        user.token,
        "GET",
        `/api/comparisons/${started.comparison_id}`,
      ));
      if (last.status === "completed") break;
      if (last.status === "failed") throw new Error(`comparison failed: ${last.error}`);
      if (Date.now() - answered > 10 * 60_000) throw new Error("no result after 10 minutes");
      await new Promise((r) => setTimeout(r, 250));
    }
    const done = Date.now();
    console.log("");
    console.log(`upload (POST /api/videos/compare answered):  ${seconds(answered - submitted)}`);
    console.log(`analysis (answer → status completed):         ${seconds(done - answered)}`);
    console.log(`total submit → result:                        ${seconds(done - submitted)}`);
    console.log(`overall score:                                ${last.overall_score}`);
    console.log(`load average after:                           ${load()}`);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
