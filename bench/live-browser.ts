/**
 * Live scoring in a real Chromium: a dancer who follows an analysed library
 * routine exactly (the camera shows what the reference shows, e2e/support/dancing-camera.ts) dances
 * along on a laptop-sized and a phone-sized page. Per page: the pose model's backend, poses a second
 * while recording, the scoring worker's milliseconds per pose, when each verdict showed after its
 * move's end (reference time, read from the page every 40 ms), the live score against the stored
 * result, the verdicts that agree, which path the server took and the time from Compare to the
 * result on the page.
 *
 *   node --import tsx bench/live-browser.ts        (needs `npm run build` and Debian's chromium)
 *
 * The routine is sample_2.mp4's first 12 s. The workers are measured from inside (their messages
 * counted and timed through Playwright's worker handles); nothing in the app changes for it.
 */
import { existsSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import type { Page, Worker } from "playwright-core";
import { logIn, registerConfirmed } from "../e2e/support/accounts.ts";
import { launchBrowser, openPage } from "../e2e/support/browser.ts";
import { cameraFollowsTheReference, type FakeCamera } from "../e2e/support/dancing-camera.ts";
import { startServer } from "../e2e/support/server.ts";
import { ffmpeg, H264, tempDir, video } from "../packages/motion/test-support/fixtures.ts";
import { mean, quantile } from "./quality/stats.ts";
import { approvedLibraryReference } from "./support/library-reference.ts";

const dance = video("sample_2.mp4");
const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-secret-1" };
const USER = { username: "Bench Dancer", email: "bench-dancer@example.com", password: "bench-dancer-secret-1" };
const TITLE = "Bench routine";
const PAGES: Array<{ name: string; width: number; height: number; camera?: FakeCamera }> = [
  { name: "laptop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
  // A laptop's own camera (landscape) with the dancer a few metres away: 60 % of its height.
  { name: "laptop, dancer afar", width: 1280, height: 800, camera: { width: 1280, height: 720, share: 0.6 } },
];

if (!existsSync(dance)) {
  console.log(`${dance} not found; nothing to measure.`);
  process.exit(0);
}

/** Waits until `check` answers something truthy (polling), or fails after `timeoutMs`. */
async function until<T>(what: string, check: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Counts, inside each worker, what the bench reads: the pose worker's answers (their times) and
 * backend; the scoring worker's time over each pose. Worker code as text: it runs in the worker.
 */
const INSTRUMENT = `(() => {
  if (self.__bench) return;
  const bench = (self.__bench = { poses: [], modelMs: [], scoreMs: [], backend: null, told: [], offset: 0 });
  const clock = () => performance.timeOrigin + performance.now();
  let frameIn = 0;
  let poseIn = 0;
  const told = new Set();
  const post = self.postMessage.bind(self);
  self.postMessage = (message, transfer) => {
    if (message && message.type === "pose") {
      bench.poses.push(performance.now());
      bench.modelMs.push(clock() - frameIn);
    }
    if (message && message.type === "ready" && message.backend) bench.backend = message.backend;
    // The first time each verdict is said: the take time of the pose that told it past the move's
    // end, and when that pose reached the scorer (ms since the epoch).
    if (message && message.type === "update")
      for (const m of message.moves || [])
        if (!told.has(m.index)) {
          told.add(m.index);
          bench.told.push({ end: m.end_s, afterEndMs: Math.round((m.judged_at_s - bench.offset - m.end_s) * 1000), poseIn });
        }
    return post(message, transfer);
  };
  const timed = (handler) => (event) => {
    const data = event.data || {};
    if (data.type === "frame") frameIn = clock();
    if (data.type === "pose") poseIn = clock();
    if (data.type === "offset") bench.offset = data.takeOffset;
    const started = performance.now();
    const answer = handler(event);
    if (data.type === "pose") bench.scoreMs.push(performance.now() - started);
    return answer;
  };
  // The worker's own handler (if its module ran already) moves behind a timed listener.
  const existing = self.onmessage;
  self.onmessage = null;
  let handler = existing ? timed(existing) : null;
  Object.defineProperty(self, "onmessage", {
    configurable: true,
    get: () => handler,
    set: (h) => { handler = h ? timed(h) : null; self.removeEventListener("message", relay); self.addEventListener("message", relay); },
  });
  const relay = (event) => handler && handler(event);
  if (handler) self.addEventListener("message", relay);
})()`;

/** Notes, in the page, when each verdict shows (ms since the epoch) and where the reference played then. */
const WATCH_VERDICTS = `(() => {
  const shown = (window.__shown = []);
  let last = null;
  const look = () => {
    const badge = document.querySelector('[data-testid="live-verdict"]');
    const end = badge && badge.getAttribute("data-end-s");
    if (end && end !== last) {
      last = end;
      const ref = document.querySelector('[data-testid="dance-along-reference"]');
      shown.push({ end: Number(end), at: performance.timeOrigin + performance.now(), refAt: ref ? ref.currentTime : NaN });
    }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-end-s"] });
})()`;

type Told = { end: number; afterEndMs: number; poseIn: number };
type WorkerStats = { poses: number[]; modelMs: number[]; scoreMs: number[]; backend: string | null; told: Told[] };
type Shown = { end: number; at: number; refAt: number };

function watchWorkers(p: Page): Map<string, Worker> {
  const workers = new Map<string, Worker>();
  p.on("worker", (w) => {
    const kind = /pose\.worker/.test(w.url()) ? "pose" : /live-score/.test(w.url()) ? "score" : null;
    if (!kind) return;
    workers.set(kind, w);
    void w.evaluate(INSTRUMENT).catch(() => {});
  });
  return workers;
}

const stats = (w: Worker | undefined): Promise<WorkerStats | null> =>
  w ? (w.evaluate("self.__bench ?? null").catch(() => null) as Promise<WorkerStats | null>) : Promise.resolve(null);

type Row = Record<string, string>;

async function dancePage(base: string, size: (typeof PAGES)[number], browserArgs: string[]): Promise<Row> {
  const browser = await launchBrowser(browserArgs);
  try {
    const { page: p, context, problems } = await openPage(browser, size);
    await cameraFollowsTheReference(context, size.camera ? { camera: size.camera } : {});
    const workers = watchWorkers(p);
    await logIn(p, base, USER.email, USER.password);
    await p.goto(`${base}/library`);
    await p.getByRole("article").filter({ hasText: TITLE }).getByRole("button", { name: "Practice" }).click();
    await p.waitForURL(`${base}/compare`);
    await p.getByRole("button", { name: "Record with camera" }).click();
    const dialog = p.getByRole("dialog", { name: "Record your performance" });
    await until(
      "live scoring",
      async () => (await dialog.getByTestId("live-scoring-note").getAttribute("data-status")) === "ready",
    );
    await until(
      "the pose model",
      async () => (await p.getByTestId("live-skeleton").getAttribute("data-status")) === "ready",
    );
    const start = dialog.getByRole("button", { name: "Start Recording" });
    await until("Start Recording", () => start.isEnabled());
    await start.click();
    await dialog.getByRole("timer", { name: "Recording time" }).waitFor({ timeout: 10_000 });
    const poseWorker = await stats(workers.get("pose"));
    const posesBefore = poseWorker?.poses.length ?? 0;
    const recordingFrom = Date.now();

    await p.evaluate(WATCH_VERDICTS);
    await until(
      "the reference's end",
      () =>
        dialog.evaluate((el: unknown) => {
          const root = el as { querySelector(s: string): { ended: boolean } | null };
          return root.querySelector('[data-testid="dance-along-reference"]')?.ended === true;
        }),
      120_000,
    );
    const recordingS = (Date.now() - recordingFrom) / 1000;
    const poseAfter = await stats(workers.get("pose"));
    const scoring = await stats(workers.get("score"));
    const posesPerS = ((poseAfter?.poses.length ?? 0) - posesBefore) / recordingS;
    const shown = (await p.evaluate("window.__shown")) as Shown[];
    // Per verdict: where the reference played when it showed, past the move's end (the camera's own
    // delay included: the dancer is the reference's picture as the camera passed it on); the take
    // time of the pose that told it past the move's end; that pose's arrival at the scorer → on screen.
    const told = scoring?.told ?? [];
    const lateness = shown.map((s) => Math.round((s.refAt - s.end) * 1000));
    const toldAfter = told.map((t) => t.afterEndMs);
    const toScreen = told.flatMap((t) => {
      const s = shown.find((x) => Math.abs(x.end - t.end) < 1e-6);
      return s ? [Math.round(s.at - t.poseIn)] : [];
    });
    const medianMax = (v: number[]) => (v.length ? `${Math.round(quantile(v, 0.5))} / ${Math.max(...v)}` : "–");
    await dialog.getByRole("button", { name: "Stop Recording" }).click();
    const summary = p.getByTestId("live-summary");
    await until("the live summary", () => summary.isVisible());
    const liveVerdicts = ((await summary.getAttribute("data-verdicts")) ?? "").split(" ");
    const liveScore = Number(await summary.getAttribute("data-score"));

    const submit = p.getByRole("button", { name: "Compare Videos" });
    await until("Compare Videos", () => submit.isEnabled());
    await submit.click();
    const submitted = Date.now();
    await until("the processing dialog", () =>
      p.getByRole("dialog", { name: "Video Comparison Processing" }).isVisible(),
    );
    await p.getByRole("button", { name: "Stay Here" }).click();
    await until("the result", () => p.getByTestId("comparison-result").isVisible(), 300_000);
    const resultS = (Date.now() - submitted) / 1000;
    const result = (await p.evaluate(async () => {
      const list = (await (await fetch("/api/comparisons?page=1")).json()) as { comparisons: Array<{ id: number }> };
      const detail = (await (await fetch(`/api/comparisons/${list.comparisons[0]?.id}`)).json()) as {
        comparison: unknown;
      };
      return detail.comparison;
    })) as {
      overall_score: number | null;
      results: { moves: Array<{ verdict: string }>; pose_source?: string } | null;
    };
    const server = result.results?.moves.map((m) => m.verdict) ?? [];
    const same = server.filter((v, i) => liveVerdicts[i] === v).length;
    if (problems.length) console.warn(`${size.name}: ${problems.join("; ")}`);
    const scoreMs = scoring?.scoreMs ?? [];
    return {
      page: `${size.name} ${size.width}×${size.height}`,
      backend: poseAfter?.backend ?? "?",
      "poses/s recording": posesPerS.toFixed(1),
      "scoring ms a pose (mean / p99)": scoreMs.length
        ? `${mean(scoreMs).toFixed(2)} / ${quantile(scoreMs, 0.99).toFixed(1)}`
        : "–",
      "pose model ms a frame": poseAfter?.modelMs.length ? quantile(poseAfter.modelMs, 0.5).toFixed(0) : "–",
      "verdicts shown": `${shown.length}`,
      "shown, reference past move end ms (median / max)": medianMax(lateness),
      "telling pose past move end ms": medianMax(toldAfter),
      "telling pose in → shown ms": medianMax(toScreen),
      "live / server": `${liveScore} / ${result.overall_score ?? "–"}`,
      "verdicts same": `${same}/${server.length}`,
      path: result.results?.pose_source ?? "?",
      "Compare → result s": resultS.toFixed(1),
    };
  } finally {
    await browser.close();
  }
}

const work = await tempDir();
const routine = path.join(work.dir, "routine.mp4");
await ffmpeg(["-i", dance, "-t", "12", ...H264, routine]);
const server = await startServer({
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
const rows: Row[] = [];
try {
  await approvedLibraryReference(server.baseUrl, ADMIN, { file: routine, title: TITLE, category: "hip_hop" });
  await registerConfirmed(server.baseUrl, USER);
  const camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
  for (const size of PAGES) {
    process.stdout.write(`dancing along on the ${size.name} page…\n`);
    rows.push(await dancePage(server.baseUrl, size, camera));
  }
} finally {
  await server.stop();
  await work.cleanup();
}
const head = Object.keys(rows[0] ?? {});
const widths = head.map((h) => Math.max(h.length, ...rows.map((r) => (r[h] ?? "").length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
console.log(
  `\nLive scoring in Chromium — ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(line(head));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const r of rows) console.log(line(head.map((h) => r[h] ?? "")));
