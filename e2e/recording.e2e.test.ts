import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { ffmpegPath } from "@stepsync/motion";
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { logIn, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { type E2EServer, startServer } from "./support/server.ts";
import { stayForResult, submitComparison } from "./support/compare.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * The recording path in a real Chromium: a fake camera fed by a fixture clip (a .y4m made here with
 * ffmpeg), recorded through the dialog, compared against an uploaded fixture, then the result,
 * the section loop, history and delete. And a user without credits at the compare screen.
 */

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.resolve(repoRoot, "..", "shared", "fixtures");
const clip = path.join(fixtures, "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`recording e2e: ${clip} is missing, skipping the fake-camera recording test`);

let workDir: string;

function run(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, (err, _stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} failed: ${stderr || err.message}`)) : resolve(),
    );
  });
}

/** Chromium's fake camera loops a clip of the fixture (Y4M: raw frames, what the fake device reads). */
async function fakeCameraArgs(): Promise<string[]> {
  workDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-rec-"));
  if (!haveFixtures) return [];
  const y4m = path.join(workDir, "camera.y4m");
  await run(ffmpegPath(), [
    ...["-hide_banner", "-loglevel", "error", "-i", clip],
    ...["-vf", "scale=640:360,fps=15", "-pix_fmt", "yuv420p", "-t", "4", "-y", y4m],
  ]);
  return [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${y4m}`,
  ];
}

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});
const suite = browserSuite(async () => ({ browserArgs: await fakeCameraArgs() }));

type Section = { timestamp: number; duration: number };

/** The signed-in user's newest comparison's sections, read through the API with the page's cookie. */
async function newestSections(p: Page): Promise<Section[]> {
  return p.evaluate(async () => {
    const list = (await (await fetch("/api/comparisons?page=1")).json()) as { comparisons: Array<{ id: number }> };
    const id = list.comparisons[0]?.id;
    const detail = (await (await fetch(`/api/comparisons/${id}`)).json()) as {
      comparison: { results: { sections: Array<{ timestamp: number; duration: number }> } };
    };
    return detail.comparison.results.sections;
  });
}

const refTime = (p: Page) =>
  p.getByTestId("reference-player").evaluate((v: unknown) => {
    const video = v as { currentTime: number; paused: boolean };
    return { t: video.currentTime, paused: video.paused };
  });

describe("recording with the camera", () => {
  it.skipIf(!haveFixtures)(
    "records with the fake camera, compares against an upload, loops a section, and lists then deletes it",
    async () => {
      const { page: p, problems } = await suite.page();
      await signUp(p, suite.server.baseUrl, { name: "Rosa Diaz", email: "rosa@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByText("Hip Hop", { exact: true }).click();
      expect(await p.getByRole("radio", { name: "Hip Hop" }).isChecked()).toBe(true);
      await p.getByLabel("Reference video file").setInputFiles(clip);

      // The recording dialog: camera ready, record about 4 s with the mm:ss timer running, stop.
      await p.getByRole("button", { name: "Record with camera" }).click();
      const dialog = p.getByRole("dialog", { name: "Record your performance" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const start = dialog.getByRole("button", { name: "Start Recording" });
      await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
      expect(await dialog.getByRole("alert").count()).toBe(0);
      await start.click();
      const timer = dialog.getByRole("timer", { name: "Recording time" });
      const shown = async () => {
        const text = (await timer.textContent()) ?? "";
        expect(text).toMatch(/^\d\d:\d\d$/);
        const [m, sec] = text.split(":").map(Number) as [number, number];
        return m * 60 + sec;
      };
      expect(await shown()).toBeLessThan(2);
      expect(await dialog.getByRole("button", { name: "Cancel" }).isDisabled()).toBe(true);
      await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      await expect.poll(shown, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      await dialog.getByRole("button", { name: "Stop Recording" }).click();
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => p.getByTestId("picked-file").count()).toBe(2);
      const picked = await p.getByTestId("picked-file").allTextContents();
      expect(picked[0]).toBe("pose_1.mp4");
      expect(picked[1]).toMatch(/^recording-[\dT-]+\.(webm|mp4)$/);

      await submitComparison(p);
      await expect
        .poll(async () => (await p.getByTestId("progress-label").first().textContent()) ?? "", { timeout: 30_000 })
        .toMatch(/(Uploading videos|Analysing)… \d+%/);
      // The result: score, section cards, both players.
      await stayForResult(p);
      const score = await p.getByTestId("overall-score").textContent();
      expect(score).toMatch(/^\d+%$/);
      await expect.poll(() => p.getByTestId("reference-player").count()).toBe(1);
      await expect.poll(() => p.getByTestId("user-player").count()).toBe(1);
      const cards = p.getByTestId("section-card");
      expect(await cards.count()).toBeGreaterThan(0);
      await expect
        .poll(() => p.getByRole("button", { name: "Play both videos" }).isEnabled(), { timeout: 30_000 })
        .toBe(true);

      // Loop the first section: pressed state, both videos play and keep coming back to its start.
      const sections = await newestSections(p);
      const first = sections[0] as Section;
      const loops = p.getByRole("button", { name: /^Loop / });
      const loop = loops.first();
      expect(await loop.getAttribute("aria-pressed")).toBe("false");
      await loop.click();
      expect(await loop.getAttribute("aria-pressed")).toBe("true");
      expect(await cards.first().getAttribute("data-looping")).toBe("true");
      await expect.poll(() => p.getByTestId("loop-indicator").isVisible()).toBe(true);
      await expect.poll(async () => (await refTime(p)).paused, { timeout: 10_000 }).toBe(false);
      const end = Math.max(first.timestamp + first.duration, first.timestamp + 0.5);
      const samples: number[] = [];
      const until = Date.now() + Math.min(8_000, Math.max(3_000, (end - first.timestamp) * 1000 + 2_000));
      while (Date.now() < until) {
        samples.push((await refTime(p)).t);
        await new Promise((r) => setTimeout(r, 150));
      }
      // Never far past the span's end (checks run every 100 ms; a loaded machine lags a little).
      expect(Math.max(...samples)).toBeLessThan(end + 0.6);
      expect(Math.min(...samples)).toBeGreaterThanOrEqual(Math.max(0, first.timestamp - 0.1));
      if (end - first.timestamp < 2.5) {
        // The span is shorter than the sampling: time must have gone back at least once.
        expect(samples.some((t, i) => i > 0 && t < (samples[i - 1] as number) - 0.2)).toBe(true);
      }
      expect(await refTime(p).then((r) => r.paused)).toBe(false);

      // Pressing again from the keyboard turns it off; another section's Loop moves it there.
      await loop.focus();
      await p.keyboard.press("Enter");
      expect(await loop.getAttribute("aria-pressed")).toBe("false");
      await expect.poll(() => p.getByTestId("loop-indicator").count()).toBe(0);
      if ((await loops.count()) > 1) {
        await loop.click();
        await loops.nth(1).click();
        expect(await loop.getAttribute("aria-pressed")).toBe("false");
        expect(await loops.nth(1).getAttribute("aria-pressed")).toBe("true");
      }
      // Choosing a section to jump to ends the loop.
      await loop.click();
      expect(await loop.getAttribute("aria-pressed")).toBe("true");
      await p
        .getByRole("button", { name: /^Jump to / })
        .first()
        .click();
      expect(await loop.getAttribute("aria-pressed")).toBe("false");
      expect(await p.getByRole("button", { name: /^Loop /, pressed: true }).count()).toBe(0);
      await p.getByRole("button", { name: /^(Pause|Play) both videos$/ }).waitFor();

      // History lists it with the same score; delete it.
      await p.goto(`${suite.server.baseUrl}/comparison-history`);
      const card = p.getByTestId("history-card");
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      expect(await card.getByTestId("history-score").textContent()).toBe(score);
      await card.getByRole("button", { name: /^Delete comparison/ }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect.poll(() => p.getByText("No comparisons yet").isVisible(), { timeout: 15_000 }).toBe(true);
      expect(problems).toEqual([]);
    },
    300_000,
  );
});

describe("recording on a phone", () => {
  it.skipIf(!haveFixtures)(
    "after a take the page still fits a 390 px screen: nothing scrolls sideways",
    async () => {
      const { page: p, problems } = await suite.page({ width: 390, height: 844 });
      await signUp(p, suite.server.baseUrl, { name: "Pia Phone", email: "pia@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
      await p.getByLabel("Reference video file").setInputFiles(clip);
      await p.getByRole("button", { name: "Record with camera" }).click();
      const dialog = p.getByRole("dialog", { name: "Record your performance" });
      const start = dialog.getByRole("button", { name: "Start Recording" });
      await expect.poll(() => start.isEnabled(), { timeout: 20_000 }).toBe(true);
      await screenshot(p, "recording-ready-390x844");
      await start.click();
      // Dancing along (the default with a reference): the count-in, then the take.
      const timer = dialog.getByRole("timer", { name: "Recording time" });
      await timer.waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await timer.textContent()) ?? "", { timeout: 15_000 }).toMatch(/^00:0[2-9]$/);
      await screenshot(p, "recording-take-390x844");
      await dialog.getByRole("button", { name: "Stop Recording" }).click();
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(async () => (await p.getByTestId("picked-file").allTextContents())[1]).toMatch(/^recording-/);
      // Let the take's preview load: its size is what pushed the page wider.
      await p.waitForTimeout(1500);
      const width = await p.evaluate(() => document.documentElement.scrollWidth);
      await screenshot(p, "recording-done-390x844");
      expect(width).toBeLessThanOrEqual(390);
      expect(await noSideScroll(p)).toBe(true);
      expect(problems).toEqual([]);
    },
    120_000,
  );
});

describe("without credits", () => {
  /**
   * A user with 0 credits. There is no API that zeroes credits, so the database is changed
   * directly: on PostgreSQL (TEST_DATABASE_URL: a fresh database for this test) while the server
   * runs; on the embedded PGlite (single process) by stopping the server, updating its data
   * folder, and starting it again on the same folder (then signing in again: new port, new origin).
   */
  it("shows 'Insufficient credits' with the purchase link and keeps Compare Videos disabled", async () => {
    const email = "zero@example.com";
    const zero = "update users set credits = 0 where email = $1";
    const pgUrl = process.env.TEST_DATABASE_URL;
    let own: E2EServer | undefined;
    let cleanup = async () => {};
    const { page: p } = await suite.page();
    try {
      if (pgUrl) {
        const name = `stepsync_e2e_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        cleanup = async () => {
          const c = new pg.Client({ connectionString: pgUrl });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        };
        const target = new URL(pgUrl);
        target.pathname = `/${name}`;
        own = await startServer({ DATABASE_URL: target.toString() });
        await signUp(p, own.baseUrl, { name: "Zed Zero", email });
        const db = new pg.Client({ connectionString: target.toString() });
        await db.connect();
        const res = await db.query(zero, [email]);
        await db.end();
        expect(res.rowCount).toBe(1);
      } else {
        const dataDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-zero-"));
        cleanup = () => rm(dataDir, { recursive: true, force: true });
        own = await startServer({ DATA_DIR: dataDir });
        await signUp(p, own.baseUrl, { name: "Zed Zero", email });
        await own.stop();
        own = undefined;
        const db = new PGlite(path.join(dataDir, "db"));
        const res = await db.query(zero, [email]);
        await db.close();
        expect(res.affectedRows).toBe(1);
        own = await startServer({ DATA_DIR: dataDir });
        // The web app keeps its session per origin (the port changed): sign in again.
        await logIn(p, own.baseUrl, email, "secret123");
      }

      await p.goto(`${own.baseUrl}/compare`);
      await expect.poll(() => p.getByText("Insufficient credits").first().isVisible(), { timeout: 15_000 }).toBe(true);
      const link = p.getByRole("link", { name: "Purchase more credits" });
      expect(await link.isVisible()).toBe(true);
      expect(await p.getByTestId("credits-line").textContent()).toContain("0 credits left");
      // Even with both videos picked, the submit button stays disabled.
      const video = { mimeType: "video/mp4", buffer: Buffer.alloc(2048, 1) };
      await p.getByLabel("Reference video file").setInputFiles({ name: "ref.mp4", ...video });
      await p.getByLabel("Your performance video file").setInputFiles({ name: "me.mp4", ...video });
      expect(await p.getByTestId("picked-file").count()).toBe(2);
      expect(await p.getByRole("button", { name: "Compare Videos" }).isDisabled()).toBe(true);
    } finally {
      await p.context().close();
      await own?.stop();
      await cleanup();
    }
  });
});
