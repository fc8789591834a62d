import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage, screenshot, type WatchedPage } from "./support/browser.ts";
import { signUp } from "./support/accounts.ts";
import { startServer, type E2EServer } from "./support/server.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.resolve(repoRoot, "..", "shared", "fixtures");
const clip = path.join(fixtures, "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`compare e2e: ${clip} is missing, skipping the fixture-based tests`);

let server: E2EServer;
let browser: Browser;
let current: WatchedPage | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await current?.context.close();
  current = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("compare in the browser", () => {
  it.skipIf(!haveFixtures)(
    "uploads two videos, shows progress, the synced result, and the comparison in history",
    async () => {
      current = await openPage(browser);
      const { page: p, problems } = current;
      await signUp(p, server.baseUrl, { name: "Mira Sen", email: "mira@example.com" });
      await p.goto(`${server.baseUrl}/compare`);
      await p.getByText("Ballet", { exact: true }).click();
      expect(await p.getByRole("radio", { name: "Ballet" }).isChecked()).toBe(true);
      const submit = p.getByRole("button", { name: "Compare Videos" });
      expect(await submit.isDisabled()).toBe(true);
      await p.getByLabel("Reference video file").setInputFiles(clip);
      await p.getByLabel("Your performance video file").setInputFiles(clip);
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();

      // Upload then analysis percent, in one bar with a stage label.
      await expect
        .poll(async () => (await p.getByTestId("progress-label").first().textContent()) ?? "", { timeout: 20_000 })
        .toMatch(/(Uploading videos|Analysing)… \d+%/);
      await expect.poll(() => p.getByRole("dialog", { name: "Video Comparison Processing" }).isVisible()).toBe(true);
      await p.getByRole("button", { name: "Stay Here" }).click();

      // The result view with its completion dialog.
      await expect
        .poll(() => p.getByRole("dialog", { name: "Your comparison is ready" }).isVisible(), { timeout: 90_000 })
        .toBe(true);
      await p.getByRole("button", { name: "Keep Viewing" }).click();
      const score = await p.getByTestId("overall-score").textContent();
      expect(score).toMatch(/^\d+%$/);
      await expect.poll(() => p.getByTestId("reference-player").count()).toBe(1);
      await expect.poll(() => p.getByTestId("user-player").count()).toBe(1);
      expect(await p.getByTestId("section-card").count()).toBeGreaterThan(0);
      await screenshot(p, "compare-result");
      // Both videos load (range requests with the session cookie), then the controls come alive.
      await expect
        .poll(() => p.getByRole("button", { name: "Play both videos" }).isEnabled(), { timeout: 20_000 })
        .toBe(true);
      const jumps = p.getByRole("button", { name: /^Jump to / });
      await jumps.last().click();
      await expect.poll(() => p.locator("[data-highlighted]").count()).toBe(1);
      // It plays up to the section's start, then pauses there.
      await expect
        .poll(() => p.getByTestId("reference-player").evaluate((v: unknown) => (v as { paused: boolean }).paused), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect.poll(() => p.getByRole("button", { name: "Play both videos" }).isEnabled()).toBe(true);

      // History lists it with its score; delete it.
      await p.goto(`${server.baseUrl}/comparison-history`);
      const card = p.getByTestId("history-card");
      await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
      expect(await card.getByTestId("history-score").textContent()).toBe(score);
      expect(await p.getByText("Total Comparisons").isVisible()).toBe(true);
      await card.getByRole("button", { name: /^Delete comparison/ }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await expect.poll(() => p.getByText("No comparisons yet").isVisible(), { timeout: 10_000 }).toBe(true);
      expect(problems).toEqual([]);
    },
    150_000,
  );

  it.skipIf(!haveFixtures)("shows the server's file-type error and keeps what was picked", async () => {
    current = await openPage(browser);
    const { page: p } = current;
    await signUp(p, server.baseUrl, { name: "Tariq Noor", email: "tariq@example.com" });
    const dir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-txt-"));
    const text = path.join(dir, "notes.mp4.txt");
    await writeFile(text, "this is not a video\n".repeat(50));
    await p.goto(`${server.baseUrl}/compare`);
    await p.getByLabel("Reference video file").setInputFiles(clip);
    await p.getByLabel("Your performance video file").setInputFiles(text);
    await p.getByRole("button", { name: "Compare Videos" }).click();
    await expect
      .poll(() => p.getByText("Invalid file type. Please upload MP4, WebM, OGG, or MOV files.").isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    const picked = await p.getByTestId("picked-file").allTextContents();
    expect(picked).toEqual(["pose_1.mp4", "notes.mp4.txt"]);
    expect(await p.getByRole("button", { name: "Compare Videos" }).isEnabled()).toBe(true);
  });

  it("shows the empty history and the 404 text for a comparison that is not there", async () => {
    current = await openPage(browser, { width: 390, height: 844 });
    const { page: p } = current;
    await signUp(p, server.baseUrl, { name: "Lena Park", email: "lena@example.com" });
    await p.goto(`${server.baseUrl}/comparison-history`);
    await expect.poll(() => p.getByText("No comparisons yet").isVisible()).toBe(true);
    await p.getByRole("link", { name: "Start Your First Comparison" }).click();
    await p.waitForURL(`${server.baseUrl}/compare`);
    await p.goto(`${server.baseUrl}/compare?id=9999`);
    await expect.poll(() => p.getByText("Comparison with ID 9999 not found.").isVisible()).toBe(true);
  });
});
