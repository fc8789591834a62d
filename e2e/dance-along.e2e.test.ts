import { execFile } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULTS, ffmpegPath, TRACK_CHECK } from "@stepsync/motion";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { registerAndLogIn, signUp } from "./support/accounts.ts";
import { callApi, uploadLibraryVideo } from "./support/api.ts";
import { atRest, noSideScroll, screenshot } from "./support/browser.ts";
import { cameraFollowsTheReference, takeOffsetsSent } from "./support/dancing-camera.ts";
import { stayForResult, submitComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * Dancing along in a real Chromium: the pose model loads only when the recording dialog opens (never
 * on the home page) and draws a live skeleton on the fake camera's picture; a dance-along take
 * starts in step with the reference, goes to the server with where the reference's start played in
 * it, and is judged on that clock: a dancer half a second behind is half a second late.
 */

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.resolve(repoRoot, "..", "shared", "fixtures");
const clip = path.join(fixtures, "video", "pose_1.mp4");
/** A dance long enough (its first 8 s) that a take started early or late cannot pass for a change of tempo. */
const dance = path.join(fixtures, "video", "sample_2.mp4");
const haveFixtures = existsSync(clip) && existsSync(dance);
if (!haveFixtures) console.warn(`dance-along e2e: ${clip} or ${dance} is missing, skipping the fixture-based tests`);

/** What the pose model brings: the worker with TF.js, its WebAssembly and MoveNet's files. */
const POSE_FILES = /pose\.worker|tfjs|movenet|\.wasm(\?|$)/;

let workDir: string | undefined;
let routine = "";

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, (err, _stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

/** Chromium's fake camera loops the fixture (Y4M: raw frames, what the fake device reads). */
async function fakeCameraArgs(): Promise<string[]> {
  const fake = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];
  if (!haveFixtures) return fake;
  workDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-dance-"));
  const y4m = path.join(workDir, "camera.y4m");
  await run(ffmpegPath(), [
    ...["-hide_banner", "-loglevel", "error", "-i", clip],
    ...["-vf", "scale=480:480,fps=15", "-pix_fmt", "yuv420p", "-y", y4m],
  ]);
  routine = path.join(workDir, "routine.mp4");
  await run(ffmpegPath(), [
    ...["-hide_banner", "-loglevel", "error", "-i", dance, "-t", "8"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-an", "-y", routine],
  ]);
  return [...fake, `--use-file-for-fake-video-capture=${y4m}`];
}

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});
const ADMIN = { email: "admin-dance@example.com", password: "a long admin password 1" };
const suite = browserSuite(async () => ({
  browserArgs: await fakeCameraArgs(),
  env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
}));

/** Every URL the page (and its workers) asks for, from now on. */
function requestLog(p: Page): string[] {
  const urls: string[] = [];
  p.on("request", (r) => urls.push(r.url()));
  return urls;
}

type Newest = {
  overall_score?: number | null;
  alignment_info: { offset_s: number; tempo_ratio: number; mirrored: boolean } | null;
  results: {
    moves: Array<{ start_s: number; verdict: string; timing_ms: number | null }> | null;
    pose_source?: "browser" | "server" | null;
  } | null;
  take_track?: "used" | "sparse" | "unused" | null;
};

/** The signed-in user's newest comparison, read through the API with the page's cookie. */
function newestComparison(p: Page): Promise<Newest> {
  return p.evaluate(async () => {
    const list = (await (await fetch("/api/comparisons?page=1")).json()) as { comparisons: Array<{ id: number }> };
    const id = list.comparisons[0]?.id;
    const detail = (await (await fetch(`/api/comparisons/${id}`)).json()) as { comparison: Newest };
    return detail.comparison;
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Pixels the live skeleton canvas has drawn (non-transparent). */
function skeletonPixels(p: Page): Promise<number> {
  type Canvas = {
    width: number;
    height: number;
    getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
  return p.getByTestId("live-skeleton").evaluate((el: unknown) => {
    const canvas = el as Canvas;
    const ctx = canvas.getContext("2d");
    if (!ctx || !canvas.width || !canvas.height) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
}

type Media = { readyState: number; paused: boolean; muted: boolean; ended: boolean };
/** Whether the page draws the element flipped left to right (CSS scale or transform). */
const isFlipped = (el: unknown) => {
  const style = (
    globalThis as unknown as { getComputedStyle(e: unknown): { scale: string; transform: string } }
  ).getComputedStyle(el);
  return /^-1( |$)/.test(style.scale) || /^matrix\(-1,/.test(style.transform);
};

async function openRecordingWithReference(p: Page, file = clip) {
  await p.goto(`${suite.server.baseUrl}/compare`);
  await p.getByLabel("Reference video file").setInputFiles(file);
  await p.getByRole("button", { name: "Record with camera" }).click();
  const dialog = p.getByRole("dialog", { name: "Record your performance" });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/**
 * The routine as a contributor's library video, analysed and approved (through the API: the review
 * UI has its own tests); made once for the tests that need it.
 */
let routineVideo: Promise<number> | undefined;
function analysedRoutine(): Promise<number> {
  routineVideo ??= (async () => {
    const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
      callApi<T>(suite.server.baseUrl, method, url, body, token);
    const { token: adminToken } = await api<{ token: string }>("POST", "/api/auth/login", ADMIN);
    const contributor = await registerAndLogIn(suite.server.baseUrl, {
      username: "Rhea Moves",
      email: "rhea@example.com",
      password: "secret123",
    });
    await api("PUT", `/api/admin/users/${contributor.user.id}/role`, { role: "contributor" }, adminToken);
    const videoId = await uploadLibraryVideo(suite.server.baseUrl, contributor.token, {
      title: "Eight counts of house",
      category: "hip_hop",
      file: routine,
    });
    await expect
      .poll(
        async () =>
          (
            await api<{ videos: Array<{ id: number; pose_status: string }> }>(
              "GET",
              "/api/admin/reference-videos?status=all",
              undefined,
              adminToken,
            )
          ).videos.find((v) => v.id === videoId)?.pose_status,
        { timeout: 150_000, interval: 1000 },
      )
      .toBe("ready");
    await api("PUT", `/api/admin/reference-videos/${videoId}/review`, { status: "approved" }, adminToken);
    return videoId;
  })();
  return routineVideo;
}

describe("dance along", () => {
  it.skipIf(!haveFixtures)(
    "loads the pose model only in the recording dialog, from our own server, and draws the live skeleton",
    async () => {
      const { page: p, problems } = await suite.page({ width: 1440, height: 900 });
      const urls = requestLog(p);
      await p.goto(suite.server.baseUrl);
      await p.waitForLoadState("networkidle");
      expect(urls.filter((u) => POSE_FILES.test(u))).toEqual([]);

      await signUp(p, suite.server.baseUrl, { name: "Lena Park", email: "lena@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByLabel("Reference video file").setInputFiles(clip);
      await p.waitForLoadState("networkidle");
      expect(urls.filter((u) => POSE_FILES.test(u))).toEqual([]);

      const dialog = await openRecordingWithReference(p);
      const skeleton = p.getByTestId("live-skeleton");
      await expect.poll(() => skeleton.getAttribute("data-status"), { timeout: 60_000 }).toBe("ready");
      expect(await dialog.getByTestId("live-pose-note").textContent()).toContain("Body tracking on");
      const poseFiles = urls.filter((u) => POSE_FILES.test(u));
      expect(poseFiles.some((u) => /pose\.worker/.test(u))).toBe(true);
      expect(poseFiles.some((u) => /movenet-lightning.*\.bin/.test(u))).toBe(true);
      expect(poseFiles.some((u) => /\.wasm/.test(u))).toBe(true);
      for (const u of poseFiles) expect(new URL(u).origin).toBe(suite.server.baseUrl);
      // The fake camera shows the fixture's dancer: her skeleton appears on the preview.
      await expect.poll(() => skeletonPixels(p), { timeout: 30_000 }).toBeGreaterThan(200);

      // With a reference chosen, dancing along is on and the reference is mirrored.
      expect(await dialog.getByRole("switch", { name: "Dance along" }).getAttribute("aria-checked")).toBe("true");
      const mirror = dialog.getByRole("button", { name: "Mirror" });
      expect(await mirror.getAttribute("aria-pressed")).toBe("true");
      const reference = dialog.getByTestId("dance-along-reference");
      expect(await reference.getAttribute("data-mirrored")).toBe("true");
      await expect.poll(() => reference.evaluate(isFlipped)).toBe(true);
      await screenshot(dialog, "dance-along-dialog-1440x900");
      await mirror.click();
      expect(await mirror.getAttribute("aria-pressed")).toBe("false");
      expect(await reference.evaluate(isFlipped)).toBe(false);
      await mirror.click();

      // Closing the dialog stops tracking; the next opening loads it again.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(problems).toEqual([]);

      // On a phone: the reference fills the width, the camera is a small picture over it.
      const phone = await suite.page({ width: 390, height: 844 });
      await signUp(phone.page, suite.server.baseUrl, { name: "Lena Phone", email: "lena.phone@example.com" });
      const small = await openRecordingWithReference(phone.page);
      await expect
        .poll(() => small.getByRole("button", { name: "Start Recording" }).isEnabled(), { timeout: 20_000 })
        .toBe(true);
      await expect
        .poll(() => phone.page.getByTestId("live-skeleton").getAttribute("data-status"), { timeout: 60_000 })
        .toBe("ready");
      const box = await small.getByTestId("dance-along-reference").boundingBox();
      const cam = await small.getByLabel("Camera preview").boundingBox();
      expect(box && cam).toBeTruthy();
      if (box && cam) {
        expect(cam.width).toBeLessThan(box.width / 2);
        expect(cam.x).toBeGreaterThan(box.x);
        expect(cam.y + cam.height).toBeLessThanOrEqual(box.y + box.height + 1);
      }
      expect(await noSideScroll(phone.page)).toBe(true);
      await screenshot(small, "dance-along-dialog-390x844");
      expect(phone.problems).toEqual([]);
    },
    240_000,
  );

  it.skipIf(!haveFixtures)(
    "records a dance-along take after a 3-2-1 count-in, in step with the reference, and judges it on the take's clock",
    async () => {
      const { page: p, context, problems } = await suite.page({ width: 1440, height: 900 });
      // A dancer half a second behind the reference throughout: aligned freely, she would be "perfect".
      const LATE_MS = 500;
      await cameraFollowsTheReference(context, { lateByMs: LATE_MS });
      const sentOffsets = await takeOffsetsSent(context);
      await signUp(p, suite.server.baseUrl, { name: "Nia Cole", email: "nia@example.com" });
      const dialog = await openRecordingWithReference(p, routine);
      const start = dialog.getByRole("button", { name: "Start Recording" });
      await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
      const reference = dialog.getByTestId("dance-along-reference");
      await expect
        .poll(() => reference.evaluate((v: unknown) => (v as Media).readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);

      await start.click();
      // The count-in: 3, 2, 1, with the reference still on its first frame and nothing recording yet.
      const countIn = dialog.getByTestId("count-in");
      await expect.poll(() => countIn.textContent()).toContain("3");
      await screenshot(dialog, "dance-along-count-in-1440x900");
      expect(await dialog.getByRole("timer", { name: "Recording time" }).count()).toBe(0);
      expect(await reference.evaluate((v: unknown) => (v as Media).paused)).toBe(true);
      await expect.poll(() => countIn.textContent(), { timeout: 3_000 }).toContain("1");

      // Then recording and the reference start together; the reference plays with its sound.
      const timer = dialog.getByRole("timer", { name: "Recording time" });
      await timer.waitFor({ timeout: 5_000 });
      await expect.poll(() => reference.evaluate((v: unknown) => (v as Media).paused)).toBe(false);
      expect(await reference.evaluate((v: unknown) => (v as Media).muted)).toBe(false);
      expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
      await expect.poll(() => reference.evaluate((v: unknown) => (v as Media).ended), { timeout: 20_000 }).toBe(true);
      await screenshot(dialog, "dance-along-recording-1440x900");
      // The late dancer finishes the routine after the reference does.
      await p.waitForTimeout(LATE_MS + 700);
      await dialog.getByRole("button", { name: "Stop Recording" }).click();
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
      // The take is placed once its last live verdicts are in: a moment after the dialog closes.
      await expect.poll(() => p.getByTestId("picked-file").count()).toBe(2);
      const picked = await p.getByTestId("picked-file").allTextContents();
      expect(picked[1]).toMatch(/^recording-[\dT-]+\.(webm|mp4)$/);

      await submitComparison(p);
      await stayForResult(p);

      // The take went with its clock: the reference began to play within 0.3 s of the recording.
      const offset = Number((await sentOffsets(p)).at(-1));
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThanOrEqual(0.3);
      // Judged on that clock, at the reference's pace, the moves are half a second late or more (the
      // fake camera adds its own lag: a canvas repainted as often as a loaded machine manages), not
      // aligned into "perfect" as they were without it (about 0 ms then).
      const result = await newestComparison(p);
      const moves = result.results?.moves ?? [];
      const late = moves.flatMap((m) => (m.timing_ms === null ? [] : [m.timing_ms]));
      console.info(
        `dance-along take: measured offset ${offset} s, tempo ×${result.alignment_info?.tempo_ratio}, moves ${late.join(", ")} ms`,
      );
      expect(late.length).toBeGreaterThanOrEqual(3);
      expect(median(late)).toBeGreaterThanOrEqual(LATE_MS - 150);
      expect(median(late)).toBeLessThanOrEqual(LATE_MS + 1000);
      expect(moves.filter((m) => m.verdict === "perfect")).toEqual([]);
      expect(Math.abs((result.alignment_info?.tempo_ratio ?? Number.NaN) - 1)).toBeLessThanOrEqual(0.05);
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it.skipIf(!haveFixtures)(
    "against an analysed library video, shows each move's verdict and the running score while dancing, then sends the take's poses",
    async () => {
      await analysedRoutine();
      for (const [width, height, email, camera] of [
        // A laptop's own landscape camera with the dancer a few metres away (60 % of its height: a
        // sixth of its width), and a phone's portrait camera she fills.
        [1280, 800, "ivy@example.com", { width: 1280, height: 720, share: 0.6 }],
        [390, 844, "ivy.phone@example.com", undefined],
      ] as const) {
        const { page: p, context, problems } = await suite.page({ width, height });
        // A dancer in step with the teacher.
        await cameraFollowsTheReference(context, camera ? { camera } : {});
        await context.addInitScript({
          content: `(() => {
            const send = XMLHttpRequest.prototype.send;
            XMLHttpRequest.prototype.send = function (body) {
              if (body instanceof FormData && body.has("user_video")) {
                const track = body.get("pose_track");
                sessionStorage.setItem("e2e:pose-track", track instanceof Blob ? String(track.size) : "none");
                if (track instanceof Blob)
                  void track.text().then((text) => sessionStorage.setItem("e2e:poses-per-second", String(JSON.parse(text).posesPerSecond)));
              }
              return send.call(this, body);
            };
          })();`,
        });
        await signUp(p, suite.server.baseUrl, { name: `Ivy ${width}`, email });
        await p.goto(`${suite.server.baseUrl}/library`);
        const card = p.getByRole("article").filter({ hasText: "Eight counts of house" });
        await card.getByRole("button", { name: "Practice" }).click();
        await p.waitForURL(`${suite.server.baseUrl}/compare`);
        await p.getByRole("button", { name: "Record with camera" }).click();
        const dialog = p.getByRole("dialog", { name: "Record your performance" });
        const note = dialog.getByTestId("live-scoring-note");
        await expect.poll(() => note.getAttribute("data-status"), { timeout: 60_000 }).toBe("ready");
        const start = dialog.getByRole("button", { name: "Start Recording" });
        await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
        await expect
          .poll(() => p.getByTestId("live-skeleton").getAttribute("data-status"), { timeout: 60_000 })
          .toBe("ready");
        await start.click();
        await dialog.getByRole("timer", { name: "Recording time" }).waitFor({ timeout: 10_000 });
        const posesAt = async () => Number((await p.getByTestId("live-skeleton").getAttribute("data-poses")) ?? 0);
        const [poses0, t0] = [await posesAt(), Date.now()];

        // The verdicts come while the reference plays, move by move, with the running score: each
        // noted with where the reference was when it showed (how long after the move's end). Watched
        // for as long as the reference plays, however slowly this machine scores: the dancer's time.
        const verdict = dialog.getByTestId("live-verdict");
        const shown = () =>
          dialog.evaluate((el: unknown) => {
            const root = el as { querySelector(s: string): { getAttribute(a: string): string | null } | null };
            const badge = root.querySelector('[data-testid="live-verdict"]');
            const ref = root.querySelector('[data-testid="dance-along-reference"]') as unknown as {
              currentTime: number;
              ended: boolean;
            } | null;
            return {
              end: badge ? Number(badge.getAttribute("data-end-s")) : null,
              at: ref?.currentTime ?? Number.NaN,
              ended: ref?.ended ?? false,
            };
          });
        const lateness: number[] = [];
        let seenEnd: number | null = null;
        for (let now = await shown(); !now.ended; now = await shown()) {
          if (now.end !== null && now.end !== seenEnd) {
            if (seenEnd !== null) lateness.push(Math.round((now.at - now.end) * 1000));
            seenEnd = now.end;
          }
          await p.waitForTimeout(40);
        }
        // A verdict showed, and another after it, while the reference played.
        expect(lateness.length).toBeGreaterThan(0);
        console.info(`verdicts shown ${lateness.join(", ")} ms (reference time) after their move's end`);
        expect(await verdict.isVisible()).toBe(true);
        expect(Number(await dialog.getByTestId("live-score-value").textContent())).toBeGreaterThan(0);
        expect(await noSideScroll(p)).toBe(true);
        await screenshot(p, `dance-along-live-verdicts-${width}x${height}`);
        const fps = ((await posesAt()) - poses0) / ((Date.now() - t0) / 1000);
        console.info(`live verdicts at ${width}×${height}: ${fps.toFixed(1)} poses/s while recording`);
        // Poses keep coming while recording; how many a second is bench/ work (a busy machine has fewer).
        expect(fps).toBeGreaterThan(0);

        await dialog.getByRole("button", { name: "Stop Recording" }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);

        // After the take, what the dancer saw stays until the server's result: the live score and the verdicts' counts.
        const summary = p.getByTestId("live-summary");
        await expect.poll(() => summary.isVisible()).toBe(true);
        expect(await summary.textContent()).toMatch(/Live score \d+/);
        await screenshot(p, `dance-along-live-summary-${width}x${height}`);
        expect(await noSideScroll(p)).toBe(true);
        const live = {
          verdicts: ((await summary.getAttribute("data-verdicts")) ?? "").split(" "),
          timings: (await summary.getAttribute("data-timings")) ?? "",
          score: Number(await summary.getAttribute("data-score")),
        };
        // The take's weakest moves below Great (three at most) can be drilled from the summary at once.
        const belowGreat = live.verdicts.filter((v) => v !== "perfect" && v !== "great").length;
        const drillNow = summary.getByRole("list", { name: "Moves to drill" }).getByRole("button", { name: /^Drill / });
        await expect.poll(() => drillNow.count()).toBe(Math.min(3, belowGreat));
        await submitComparison(p);
        const submitted = Date.now();
        // While the server analyses the take, the live summary stays on screen.
        await expect.poll(() => summary.first().isVisible(), { timeout: 10_000 }).toBe(true);
        // Poses that check out give a quick result while the server analyses the video itself.
        const quickShown = p
          .getByTestId("quick-result")
          .waitFor({ state: "visible", timeout: 150_000 })
          .then(async () => {
            await screenshot(p, `dance-along-quick-result-${width}x${height}`);
            return noSideScroll(p);
          })
          .catch(() => null);
        await stayForResult(p);
        // Null: the page never showed one (the server's result came first, or the poses did not stand).
        const quick = await Promise.race([quickShown, new Promise<null>((r) => setTimeout(() => r(null), 100))]);
        const waitedS = (Date.now() - submitted) / 1000;
        // The take's poses went with it, as a file part of a few kilobytes.
        const stored = (key: string) =>
          p.evaluate(
            (k) =>
              (
                globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
              ).sessionStorage.getItem(k),
            key,
          );
        expect(Number(await stored("e2e:pose-track"))).toBeGreaterThan(1000);
        // With how often the page estimated a pose over the take.
        const posesPerSecond = Number(await stored("e2e:poses-per-second"));
        expect(posesPerSecond).toBeGreaterThan(0);
        const result = await newestComparison(p);
        const server = (result.results?.moves ?? []).map((m) => m.verdict);
        const serverTimings = (result.results?.moves ?? []).map((m) => m.timing_ms ?? "").join(" ");
        const same = server.filter((v, i) => live.verdicts[i] === v).length;
        console.info(
          `live vs server (${width}), result ${waitedS.toFixed(1)} s after Compare: live ${live.score.toFixed(1)} [${live.verdicts.join(" ")}], server ${result.overall_score} [${server.join(" ")}], ${same}/${server.length} verdicts the same; timing ms live [${live.timings}], server [${serverTimings}]`,
        );
        // The server checked the browser's poses against frames it estimated again and showed their
        // quick result, unless they came too sparse to time the moves by (a slow machine: under half the
        // analysis rate); what is stored is always its own analysis of the video.
        console.info(
          `the take's poses: ${posesPerSecond} a second, track ${result.take_track}, quick result ${quick === null ? "not shown" : "shown"}`,
        );
        const frequent = posesPerSecond >= TRACK_CHECK.minPosesShare * DEFAULTS.fps;
        expect(result.results?.pose_source).toBe("server");
        // Sparse poses are either read as a slow device's ("sparse") or, off the video, not used at all.
        if (frequent) expect(result.take_track).toBe("used");
        else expect(["sparse", "unused"]).toContain(result.take_track);
        if (quick !== null) {
          expect(quick).toBe(true); // no sideways scroll on the quick result
          expect(await p.getByTestId("quick-result-checked").textContent()).toMatch(
            /^Checked by the full analysis of your video: /,
          );
        }
        if (frequent) {
          // What the dancer saw live is what the server finds, within ±8 points.
          expect(Math.abs(live.score - (result.overall_score ?? Number.NaN))).toBeLessThanOrEqual(8);
        } else {
          // Poses that sparse (a slow machine) make the live score only an estimate, read from other
          // frames than the video's analysis: the result says so, and that the two can differ.
          const estimate = (await p.getByTestId("live-estimate").textContent()) ?? "";
          console.info(`the result's note: ${estimate}`);
          expect(estimate).toContain(`live score (${Math.round(live.score)})`);
          expect(estimate).toMatch(/(may|can) differ/);
        }

        expect(problems).toEqual([]);
      }
    },
    400_000,
  );

  it.skipIf(!haveFixtures)(
    "drills a move of a library routine's result: looped at half speed, each pass judged live, the practice kept in the routine's progress",
    async () => {
      await analysedRoutine();
      const { page: p, context, problems } = await suite.page({ width: 1280, height: 800 });
      // A dancer in step with the teacher: here, the teacher looping the move at half speed.
      await cameraFollowsTheReference(context);
      await signUp(p, suite.server.baseUrl, { name: "Dara Loop", email: "dara@example.com" });
      await p.goto(`${suite.server.baseUrl}/library`);
      await p
        .getByRole("article")
        .filter({ hasText: "Eight counts of house" })
        .getByRole("button", { name: "Practice" })
        .click();
      await p.waitForURL(`${suite.server.baseUrl}/compare`);
      await p.getByLabel("Your performance video file").setInputFiles(routine);
      await submitComparison(p);
      await stayForResult(p);

      for (const [width, height] of [
        [1280, 800],
        [390, 844],
      ] as const) {
        await p.setViewportSize({ width, height });
        // Each move's row has room for its Drill button, on a phone too.
        const moveList = p.getByRole("list", { name: /^Moves of / }).first();
        const [listBox, drillBox] = [
          await moveList.boundingBox(),
          await moveList.getByTestId("move-drill").first().boundingBox(),
        ];
        expect(drillBox && listBox && drillBox.x + drillBox.width <= listBox.x + listBox.width + 0.5).toBe(true);
        await screenshot(moveList, `drill-moves-${width}x${height}`);
        // A move with a lead-in before it (the first has none).
        await p
          .getByRole("button", { name: /^Drill / })
          .nth(2)
          .click();
        const drill = p.getByRole("dialog", { name: /^Drill / });
        const startDrill = drill.getByRole("button", { name: /^Start/ });
        await expect.poll(() => startDrill.isEnabled(), { timeout: 60_000 }).toBe(true);
        await expect
          .poll(() => drill.getByTestId("live-skeleton").getAttribute("data-status"), { timeout: 60_000 })
          .toBe("ready");
        await screenshot(drill, `drill-ready-${width}x${height}`);
        if (width === 1280) {
          // Nothing serious for assistive technology in the dialog (at rest: after its fade-in).
          await atRest(p);
          const audit = await new AxeBuilder({ page: p }).include("dialog[open]").analyze();
          const serious = audit.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        }
        await startDrill.click();
        await expect.poll(() => drill.getByTestId("count-in").isVisible(), { timeout: 5_000 }).toBe(true);
        const looped = drill.getByTestId("dance-along-reference");
        await expect
          .poll(() => looped.evaluate((v: unknown) => (v as Media & { playbackRate: number }).playbackRate))
          .toBe(0.5);
        // The first pass's verdict, and the streak it leaves.
        const pass = drill.getByTestId("drill-verdict");
        await expect.poll(() => pass.isVisible(), { timeout: 30_000 }).toBe(true);
        const verdict = await pass.getAttribute("data-verdict");
        const streak = await drill.getByTestId("drill-streak").textContent();
        console.info(`drill at ${width}×${height}: first pass ${verdict}, ${streak}`);
        expect(["perfect", "great", "good", "ok", "miss"]).toContain(verdict);
        expect(streak).toBe(`${verdict === "perfect" || verdict === "great" ? 1 : 0} of 3 Great in a row`);
        expect(await noSideScroll(p)).toBe(true);
        await screenshot(drill, `drill-pass-${width}x${height}`);
        if (width === 1280) {
          // Great three times in a row (the dancer follows the teacher): on at full speed.
          const speed = drill.getByTestId("drill-speed");
          await expect.poll(() => speed.getAttribute("data-speed"), { timeout: 90_000 }).toBe("1");
          expect(await drill.getByTestId("drill-message").textContent()).toBe(
            "3 Great in a row at half speed: now at full speed.",
          );
          await screenshot(drill, `drill-full-speed-${width}x${height}`);
          await expect
            .poll(() => looped.evaluate((v: unknown) => (v as Media & { playbackRate: number }).playbackRate))
            .toBe(1);
        }
        await drill.getByRole("button", { name: "Done" }).click();
        await expect.poll(() => drill.isVisible()).toBe(false);
      }

      // Kept: the routine's progress lists the drilled move.
      await expect
        .poll(() => p.getByTestId("drilled-moves").textContent(), { timeout: 10_000 })
        .toMatch(/^(counts? \S+|move \d+) · (best \d of 3 Great in a row at half speed|up to full speed|mastered)/);
      await screenshot(p.getByTestId("routine-progress"), "drill-kept-390x844");
      expect(problems).toEqual([]);
    },
    300_000,
  );
});
