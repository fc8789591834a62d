import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser.ts";
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
      const { page: p, problems } = await suite.page();
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
      // A move is a button too, reachable from the keyboard: it replays up to the move and pauses there.
      const lastMove = moves.last();
      const [, min, sec] = /from (\d+):(\d{2})/.exec((await lastMove.getAttribute("aria-label")) ?? "") ?? [];
      const moveStart = Number(min) * 60 + Number(sec);
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
          { timeout: 10_000 },
        )
        .toSatisfy((t: number) => t >= 0 && Math.abs(t - moveStart) <= 0.6);
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

  it.skipIf(!haveFixtures)("shows the server's file-type error and keeps what was picked", async () => {
    const { page: p } = await suite.page();
    await signUp(p, suite.server.baseUrl, { name: "Tariq Noor", email: "tariq@example.com" });
    const dir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-txt-"));
    const text = path.join(dir, "notes.mp4.txt");
    await writeFile(text, "this is not a video\n".repeat(50));
    await p.goto(`${suite.server.baseUrl}/compare`);
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
