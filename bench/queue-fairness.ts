/**
 * Fairness of the analysis queue through the real server: how long user B waits for one
 * short comparison while user A has ten long ones queued, against the same comparison on an idle
 * server. Target: within 2× the idle time.
 *
 *   node --import tsx bench/queue-fairness.ts [--concurrency 1,2]
 *
 * For each JOB_CONCURRENCY: starts the server as `npm start` would (fresh embedded database), times
 * B's short comparison alone (idle), then has A submit ten long ones, waits until A's first is being
 * analysed, submits B's again and times it. A's jobs are not waited for. Without the shared
 * fixtures it prints a note and exits 0.
 */
import { execFile } from "node:child_process";
import { existsSync, openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { registerConfirmed } from "../e2e/support/accounts.ts";
import { startServer } from "../e2e/support/server.ts";
import { callApi } from "../e2e/support/api.ts";
import { ffmpegPath } from "@stepsync/motion";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = process.env.STEPSYNC_FIXTURES ?? path.resolve(repoRoot, "..", "shared", "fixtures", "video");
const shortClip = path.join(fixtures, "pose_1.mp4");
const longSource = path.join(fixtures, "sample_2.mp4");
const LONG_S = 40;
const A_JOBS = 10;

const { values } = parseArgs({ options: { concurrency: { type: "string", default: "1,2" } } });
const concurrencies = (values.concurrency ?? "1,2").split(",").map(Number);

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, (err, _out, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve()));
  });
}

/** The bench's calls, token first (e2e/support/api.ts makes them). */
const api = <T>(base: string, token: string | null, method: string, route: string, body?: unknown) =>
  callApi<T>(base, method, route, body, token ?? undefined);

type Comparison = { status: string; progress: number; error: string | null };

async function submit(base: string, token: string, clip: string): Promise<number> {
  const form = new FormData();
  form.set("activity_type", "hip_hop");
  form.set("reference_video", await openAsBlob(clip, { type: "video/mp4" }), path.basename(clip));
  form.set("user_video", await openAsBlob(clip, { type: "video/mp4" }), path.basename(clip));
  return (await api<{ comparison_id: number }>(base, token, "POST", "/api/videos/compare", form)).comparison_id;
}

async function until(base: string, token: string, id: number, done: (c: Comparison) => boolean): Promise<void> {
  for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline; ) {
    const { comparison } = await api<{ comparison: Comparison }>(base, token, "GET", `/api/comparisons/${id}`);
    if (comparison.status === "failed") throw new Error(`comparison ${id} failed: ${comparison.error}`);
    if (done(comparison)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`comparison ${id}: no answer after 30 minutes`);
}

/** Seconds from submitting B's short comparison to its result. */
async function timeShort(base: string, token: string): Promise<number> {
  const t0 = Date.now();
  const id = await submit(base, token, shortClip);
  await until(base, token, id, (c) => c.status === "completed");
  return (Date.now() - t0) / 1000;
}

async function measure(concurrency: number, longClip: string) {
  const server = await startServer({ JOB_CONCURRENCY: String(concurrency) });
  try {
    const base = server.baseUrl;
    const signUp = (n: string) =>
      registerConfirmed(base, {
        username: `Bench ${n}`,
        email: `bench-${n}@example.com`,
        password: "bench-secret-1",
      });
    const a = await signUp("a");
    const b = await signUp("b");
    await api(base, null, "GET", "/api/health");
    await timeShort(base, b.token); // warms the pose workers and model
    const idle = await timeShort(base, b.token);
    const aIds: number[] = [];
    // All ten of A's welcome credits.
    for (let i = 0; i < A_JOBS; i++) aIds.push(await submit(base, a.token, longClip));
    await until(base, a.token, aIds[0] as number, (c) => c.progress > 0);
    const busy = await timeShort(base, b.token);
    return { concurrency, idle, busy, ratio: busy / idle, load: loadavg()[0] ?? 0 };
  } finally {
    await server.stop();
  }
}

if (!existsSync(shortClip) || !existsSync(longSource)) {
  console.log(`queue-fairness bench: fixtures not found under ${fixtures}; nothing measured.`);
} else {
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-bench-fair-"));
  try {
    const longClip = path.join(dir, `long-${LONG_S}s.mp4`);
    await run(ffmpegPath(), [
      ...["-hide_banner", "-loglevel", "error", "-stream_loop", "-1", "-i", longSource, "-t", String(LONG_S)],
      ...["-an", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-y", longClip],
    ]);
    console.log(
      `queue fairness: B's short comparison (${path.basename(shortClip)}) while A has ${A_JOBS} × ${LONG_S}-s comparisons queued · ${availableParallelism()} cores`,
    );
    console.log("JOB_CONCURRENCY  B idle (s)  B behind A (s)  ratio  target ≤ 2×  load avg");
    for (const c of concurrencies) {
      const r = await measure(c, longClip);
      console.log(
        `${String(r.concurrency).padEnd(17)}${r.idle.toFixed(1).padStart(10)}  ${r.busy.toFixed(1).padStart(14)}  ${r.ratio.toFixed(2).padStart(5)}  ${(r.ratio <= 2 ? "PASS" : "FAIL").padStart(10)}  ${r.load.toFixed(1).padStart(8)}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
