import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { signUp } from "./support/accounts.ts";
import { browserSuite } from "./support/suite.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixtures = path.resolve(repoRoot, "..", "shared", "fixtures");
const clip = path.join(fixtures, "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`compare e2e: ${clip} is missing, skipping the fixture-based tests`);

const suite = browserSuite();

describe("compare in the browser", () => {
  it.skipIf(!haveFixtures)(
    "uploads two videos, shows progress, the synced result, and the comparison in history",
    async () => {
      const { page: p, problems } = await suite.page({ width: 1440, height: 900 });
      await signUp(p, suite.server.baseUrl, { name: "Mira Sen", email: "mira@example.com" });
      await p.goto(`${suite.server.baseUrl}/compare`);
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
      const processing = p.getByRole("dialog", { name: "Video Comparison Processing" });
      await expect.poll(() => processing.isVisible()).toBe(true);
      // The comparison has its address at once, and the wait says how long it will take.
      const id = new URL(p.url()).searchParams.get("id");
      expect(id).toMatch(/^\d+$/);
      await expect.poll(() => processing.getByTestId("time-left").isVisible()).toBe(true);
      await screenshot(p, "compare-processing-1440x900");
      // View Results goes to the result: this address, not History.
      await processing.getByRole("button", { name: "View Results" }).click();
      expect(p.url()).toBe(`${suite.server.baseUrl}/compare?id=${id}`);
      // The wait on a phone: the bar and its estimate, nothing sideways.
      await p.setViewportSize({ width: 390, height: 844 });
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p, "compare-waiting-390x844");
      await p.setViewportSize({ width: 1440, height: 900 });

      // The result shows in place, no dialog over it; a reload shows it again.
      await expect.poll(() => p.getByTestId("comparison-result").isVisible(), { timeout: 90_000 }).toBe(true);
      expect(await p.getByRole("dialog").count()).toBe(0);
      await p.reload();
      await expect.poll(() => p.getByTestId("comparison-result").isVisible(), { timeout: 20_000 }).toBe(true);
      await screenshot(p, "compare-result-1440x900");
      // The result on a phone: nothing sideways (the scores, both players, the sections).
      await p.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => noSideScroll(p)).toBe(true);
      await screenshot(p, "compare-result-390x844");
      await p.setViewportSize({ width: 1440, height: 900 });
      const score = await p.getByTestId("overall-score").textContent();
      expect(score).toMatch(/^\d+%$/);
      await expect.poll(() => p.getByTestId("reference-player").count()).toBe(1);
      await expect.poll(() => p.getByTestId("user-player").count()).toBe(1);
      expect(await p.getByTestId("section-card").count()).toBeGreaterThan(0);
      // The engine's judgments and its moves, each with a verdict chip in words.
      expect(await p.getByTestId("judgment-shape").textContent()).toMatch(/^\d+%$/);
      expect(await p.getByTestId("verdict-summary").textContent()).toMatch(
        /^\d+ moves?: \d+ (Perfect|Great|Good|OK|Miss)/,
      );
      const moves = p.getByTestId("section-card").getByTestId("move-row");
      expect(await moves.count()).toBeGreaterThan(0);
      for (const row of await moves.all()) {
        expect(await row.getAttribute("data-verdict")).toMatch(/^(perfect|great|good|ok|miss)$/);
        expect(await row.getAttribute("aria-label")).toMatch(/^Play .+ from \d+:\d{2}: (Perfect|Great|Good|OK|Miss)/);
      }
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
      // A move is a button too, reachable from the keyboard: it replays the move itself (a short
      // lead-in, then the move) and pauses at its end.
      const lastMove = moves.last();
      const stored = (await (await p.request.get(`${suite.server.baseUrl}/api/comparisons/${id}`)).json()) as {
        comparison?: { results?: { moves?: Array<{ end_s: number }> } };
      };
      const moveEnd = stored.comparison?.results?.moves?.at(-1)?.end_s ?? Number.NaN;
      expect(moveEnd).toBeGreaterThan(0);
      // From the start, so where it stops shows the jump happened.
      await p.getByRole("button", { name: "Restart" }).click();
      await lastMove.focus();
      await p.keyboard.press("Enter");
      await expect.poll(() => p.locator("[data-jumped]").count()).toBe(1);
      await expect
        .poll(
          () =>
            p.getByTestId("reference-player").evaluate((v: unknown) => {
              const video = v as { paused: boolean; currentTime: number };
              return video.paused ? video.currentTime : -1;
            }),
          { timeout: 15_000 },
        )
        .toSatisfy((t: number) => t >= 0 && Math.abs(t - moveEnd) <= 0.6);
      await expect.poll(() => p.getByRole("button", { name: "Play both videos" }).isEnabled()).toBe(true);

      // History lists it with its score; delete it.
      await p.goto(`${suite.server.baseUrl}/comparison-history`);
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

  it.skipIf(!haveFixtures)(
    "a text file renamed .mp4 is no playable video: said at once, Compare stays off, nothing is uploaded",
    async () => {
      for (const [width, height] of [
        [390, 844],
        [1440, 900],
      ] as const) {
        const { page: p, problems } = await suite.page({ width, height });
        await signUp(p, suite.server.baseUrl, { name: "Tariq Noor", email: `tariq-${width}@example.com` });
        const dir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-txt-"));
        const text = path.join(dir, "notes.mp4");
        await writeFile(text, "this is not a video\n".repeat(50));
        await p.goto(`${suite.server.baseUrl}/compare`);
        // The limits are stated before anything is picked.
        await expect.poll(() => p.getByText("up to 500 MB and 10 minutes").count()).toBe(2);
        await p.getByLabel("Reference video file").setInputFiles(clip);
        await p.getByLabel("Your performance video file").setInputFiles(text);
        await expect
          .poll(() => p.getByTestId("picked-file-problem").textContent())
          .toContain("This file isn't a playable video");
        expect(await p.getByTestId("picked-file").allTextContents()).toEqual(["pose_1.mp4", "notes.mp4"]);
        expect(await p.getByRole("button", { name: "Compare Videos" }).isDisabled()).toBe(true);
        const uploads: string[] = [];
        p.on("request", (r) => {
          if (r.url().includes("/api/videos/compare")) uploads.push(r.url());
        });
        await p.getByRole("button", { name: "Compare Videos" }).click({ force: true });
        expect(uploads).toEqual([]);
        expect(await noSideScroll(p)).toBe(true);
        await screenshot(p, `compare-unplayable-${width}x${height}`);
        // The preview's own failure to load the file is the point, not a problem.
        expect(problems.filter((x) => !x.includes("blob:"))).toEqual([]);
      }
    },
    120_000,
  );

  it("shows the empty history and the 404 text for a comparison that is not there", async () => {
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await signUp(p, suite.server.baseUrl, { name: "Lena Park", email: "lena@example.com" });
    await p.goto(`${suite.server.baseUrl}/comparison-history`);
    await expect.poll(() => p.getByText("No comparisons yet").isVisible()).toBe(true);
    await p.getByRole("link", { name: "Start Your First Comparison" }).click();
    await p.waitForURL(`${suite.server.baseUrl}/compare`);
    await p.goto(`${suite.server.baseUrl}/compare?id=9999`);
    await expect.poll(() => p.getByText("Comparison with ID 9999 not found.").isVisible()).toBe(true);
  });
});
