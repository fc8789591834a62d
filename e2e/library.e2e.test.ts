import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { ffmpegPath } from "@stepsync/motion";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openPage, screenshot, type WatchedPage } from "./support/browser.ts";
import { logIn, signUp } from "./support/accounts.ts";
import { runComparison } from "./support/compare.ts";
import { startServer, type E2EServer } from "./support/server.ts";
import { NOT_COUNTED } from "../apps/web/src/constants/result-marks.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const fixture = (name: string) => path.resolve(repoRoot, "..", "shared", "fixtures", "video", name);
const clip = fixture("pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`library e2e: ${clip} is missing, skipping the fixture-based tests`);

const ADMIN = { email: "admin-lib@example.com", password: "a long admin password 1" };

let server: E2EServer;
let browser: Browser;
let workDir: string;
/** The same routine as `clip`, remuxed so its bytes (and so its pose-cache key) differ. */
let freshReference: string;
const pages: WatchedPage[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "stepsync-e2e-lib-"));
  freshReference = path.join(workDir, "fresh-reference.mp4");
  if (haveFixtures) {
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpegPath(),
        [
          "-hide_banner",
          "-loglevel",
          "error",
          "-i",
          clip,
          "-c",
          "copy",
          "-metadata",
          "comment=fresh",
          "-y",
          freshReference,
        ],
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  }
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const p of pages.splice(0)) await p.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(workDir, { recursive: true, force: true });
});

async function openTab(p: Page, tab: string) {
  await p.getByRole("tab", { name: tab, exact: true }).click();
  await expect
    .poll(() => p.getByRole("tab", { name: tab, exact: true }).getAttribute("aria-selected"), { timeout: 10_000 })
    .toBe("true");
}

async function open() {
  const page = await openPage(browser);
  pages.push(page);
  return page;
}

describe("library in the browser", () => {
  it("a plain user on /upload-video is told how to become a contributor; the empty library says so", async () => {
    const { page: p } = await open();
    await signUp(p, server.baseUrl, { name: "Plain User", email: "plain@example.com" });
    await p.goto(`${server.baseUrl}/upload-video`);
    await expect.poll(() => p.getByText("Uploads are for contributors").isVisible()).toBe(true);
    expect(await p.getByRole("link", { name: "Become a contributor" }).getAttribute("href")).toBe("/contribute");
    await p.goto(`${server.baseUrl}/library`);
    await expect.poll(() => p.getByText("No videos found").isVisible()).toBe(true);
  });

  it.skipIf(!haveFixtures)(
    "contributor uploads → admin approves → a user finds, likes, follows, practises (the stored poses are reused); the leaderboard shows them",
    async () => {
      // A member signs up; the admin makes them a contributor with the role dropdown.
      const { page: c } = await open();
      await signUp(c, server.baseUrl, { name: "Clara Contributor", email: "clara@example.com" });
      const { page: a } = await open();
      await logIn(a, server.baseUrl, ADMIN.email, ADMIN.password);
      await a.goto(`${server.baseUrl}/admin`);
      await openTab(a, "User Management");
      const role = a.getByLabel("Role of Clara Contributor", { exact: true });
      await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe("user");
      await role.selectOption("contributor");
      await expect.poll(() => a.getByText("User role updated successfully").first().isVisible()).toBe(true);

      // The contributor uploads (a reload picks up the new role from the server).
      await c.goto(`${server.baseUrl}/upload-video`);
      await c.getByLabel("Video file").setInputFiles(clip);
      await c.getByLabel("Title", { exact: true }).fill("Port de bras basics");
      await c.getByLabel("Tags").fill("arms, posture, warm-up, slow");
      await c.getByText("Ballet", { exact: true }).click();
      await c.getByRole("button", { name: "Upload video" }).click();
      await expect
        .poll(() => c.getByRole("heading", { name: "Thanks — your video is waiting for review" }).isVisible(), {
          timeout: 60_000,
        })
        .toBe(true);
      await c.getByRole("link", { name: "Go to the library" }).click();
      await c.waitForURL(/\/library\?uploaded=\d+/);
      const videoId = Number(new URL(c.url()).searchParams.get("uploaded"));
      await expect
        .poll(() =>
          c
            .getByText(/waiting for review/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      // Pending: nobody else sees it yet.
      const hidden = await a.request.get(`${server.baseUrl}/api/reference-videos?search=port`);
      expect(((await hidden.json()) as { videos: unknown[] }).videos).toEqual([]);

      // Its poses are computed once, in the background; the admin approves it from the review queue.
      await openTab(a, "Video Management");
      const queued = a.locator("li", { hasText: "Port de bras basics" });
      await expect
        .poll(
          async () => {
            await openTab(a, "User Management");
            await openTab(a, "Video Management");
            return (await queued.textContent()) ?? "";
          },
          { timeout: 120_000, interval: 1_000 },
        )
        .toContain("poses: ready");
      await queued.getByRole("button", { name: "Approve" }).click();
      await expect.poll(() => queued.count(), { timeout: 10_000 }).toBe(0);

      // What the library shows of it before anyone practises (the admin's preview may have counted).
      const counts = async () => {
        const res = await fetch(`${server.baseUrl}/api/reference-videos?search=port`);
        const body = (await res.json()) as { videos: Array<{ views: number; usage_count: number }> };
        return body.videos[0] && { views: body.videos[0].views, used: body.videos[0].usage_count };
      };
      const { views: viewsBefore } = (await counts()) ?? { views: Number.NaN };

      // A user finds it, likes it, follows the contributor and practises.
      const { page: p, problems } = await open();
      await signUp(p, server.baseUrl, { name: "Lena Practice", email: "lena@example.com" });
      await p.goto(`${server.baseUrl}/library`);
      await p.getByLabel("Search").fill("port de");
      const card = p.locator("article", { hasText: "Port de bras basics" });
      await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await card.getByText("+1").isVisible()).toBe(true); // 4 tags: 3 shown, +1
      await card.getByRole("button", { name: "Like", exact: true }).click();
      await expect.poll(() => card.getByRole("button", { name: "Unlike" }).isVisible()).toBe(true);
      await card.getByRole("button", { name: "Follow", exact: true }).click();
      await expect.poll(() => card.getByRole("button", { name: "Unfollow" }).isVisible()).toBe(true);
      await expect
        .poll(async () => {
          const res = await p.request.get(`${server.baseUrl}/api/reference-videos?search=port`);
          const body = (await res.json()) as { videos: Array<{ likes_count: number; is_following: boolean }> };
          return body.videos[0] && [body.videos[0].likes_count, body.videos[0].is_following];
        })
        .toEqual([1, true]);

      // Share, then open the shared link: the video stands out above the library.
      await card.getByRole("button", { name: "Share" }).click();
      await expect.poll(() => p.getByText("Video shared successfully!").first().isVisible()).toBe(true);
      await p.goto(`${server.baseUrl}/library?video=${videoId}`);
      const shared = p.getByRole("region", { name: "Shared with you" });
      await expect.poll(() => shared.getByText("Port de bras basics").isVisible(), { timeout: 10_000 }).toBe(true);

      await screenshot(p, "library-shared");
      // A tip in the comments; the admin removes it in Comment Management.
      await shared.getByRole("button", { name: "Comments" }).click();
      const comments = p.getByRole("dialog", { name: "Port de bras basics" });
      await expect
        .poll(() => comments.getByText("No comments yet. Be the first to share a tip.").isVisible())
        .toBe(true);
      await comments.getByLabel("Add a comment").fill("Lovely lines: keep the shoulders down.");
      await comments.getByRole("button", { name: "Post" }).click();
      await expect.poll(() => comments.getByText("Lovely lines: keep the shoulders down.").isVisible()).toBe(true);
      await expect.poll(() => comments.getByLabel("Add a comment").inputValue()).toBe("");
      await screenshot(comments, "library-comments");
      expect(await comments.getByRole("listitem").count()).toBe(1);
      await p.keyboard.press("Escape");
      await openTab(a, "Comment Management");
      const tip = a.locator("tr", { hasText: "Lovely lines" });
      await expect.poll(() => tip.isVisible(), { timeout: 10_000 }).toBe(true);
      await tip.getByRole("button", { name: "Delete comment" }).click();
      await a
        .getByRole("dialog", { name: "Confirm Delete" })
        .getByRole("button", { name: "Delete", exact: true })
        .click();
      await expect.poll(() => a.getByText("Comment deleted successfully").first().isVisible()).toBe(true);
      await p.reload();
      await p.getByRole("region", { name: "Shared with you" }).getByRole("button", { name: "Comments" }).click();
      await expect
        .poll(() => comments.getByText("No comments yet. Be the first to share a tip.").isVisible())
        .toBe(true);
      await p.keyboard.press("Escape");
      await p.goto(`${server.baseUrl}/library`);
      await p.getByLabel("Search").fill("port de");
      await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);

      await card.getByRole("button", { name: "Practice" }).click();
      await p.waitForURL(`${server.baseUrl}/compare`);
      // A reference the engine analyses lands in the server's pose cache; the library video's
      // poses were stored at upload, so practising against it analyses only the dancer.
      const analysedReferences = () => poseCacheEntries(server.dataDir);
      const before = analysedReferences();
      await p.getByLabel("Your performance video file").setInputFiles(clip);
      await runComparison(p);
      expect(analysedReferences()).toBe(before);
      const progress = p.getByTestId("routine-progress");
      await expect.poll(() => progress.textContent(), { timeout: 10_000 }).toContain("First time on this routine");

      // Danced again with the library video's own recording: a copy counts nowhere (statistics,
      // progress, leaderboard), so the result says why and the routine's progress still starts here.
      await p.goto(`${server.baseUrl}/library`);
      await p.getByLabel("Search").fill("port de");
      await card.getByRole("button", { name: "Practice" }).click();
      await p.waitForURL(`${server.baseUrl}/compare`);
      await p.getByLabel("Your performance video file").setInputFiles(clip);
      await runComparison(p);
      await expect.poll(() => p.getByText(NOT_COUNTED.own_recording.note).first().isVisible()).toBe(true);
      await expect.poll(() => progress.textContent(), { timeout: 10_000 }).toContain("First time on this routine");
      await screenshot(progress, "routine-progress");

      // Counts that move: the user opened and played it many times today and practised it twice —
      // one view (per viewer per day) and two uses; the card shows the view.
      expect(await counts()).toEqual({ views: viewsBefore + 1, used: 2 });
      await p.goto(`${server.baseUrl}/library`);
      await p.getByLabel("Search").fill("port de");
      await expect.poll(() => card.locator('[title$=" views"]').getAttribute("title")).toBe(`${viewsBefore + 1} views`);

      // The same practice against a fresh upload of the same routine: its poses are computed now.
      await p.goto(`${server.baseUrl}/compare`);
      await p.getByText("Ballet", { exact: true }).click();
      await p.getByLabel("Reference video file").setInputFiles(freshReference);
      await p.getByLabel("Your performance video file").setInputFiles(clip);
      await runComparison(p);
      expect(analysedReferences()).toBe(before + 1);

      // Every practice so far danced the library video's own recording (the same clip): that earns
      // no place on the leaderboard.
      await p.goto(`${server.baseUrl}/leaderboard`);
      const allTime = p.waitForResponse(
        (r) => r.url().includes("/api/leaderboard") && r.url().includes("timeframe=all"),
      );
      await p.getByRole("button", { name: "All Time" }).click();
      const rows = (await (await allTime).json()) as Array<{ username: string }>;
      expect(rows.map((r) => r.username)).not.toContain("Lena Practice");
      await expect
        .poll(() => p.getByText("No completed comparisons in this period yet.").isVisible(), { timeout: 10_000 })
        .toBe(true);

      // One dance by another body counts: then she is on it.
      await p.goto(`${server.baseUrl}/compare`);
      await p.getByText("Ballet", { exact: true }).click();
      await p.getByLabel("Reference video file").setInputFiles(fixture("sample_fb_0.mp4"));
      await p.getByLabel("Your performance video file").setInputFiles(fixture("sample_fb_1.mp4"));
      await runComparison(p);
      await p.goto(`${server.baseUrl}/leaderboard`);
      await p.getByRole("button", { name: "All Time" }).click();
      const board = p.getByRole("list", { name: "Leaderboard" });
      await expect.poll(() => board.getByText("Lena Practice").isVisible(), { timeout: 10_000 }).toBe(true);
      expect(problems).toEqual([]);
    },
    300_000,
  );
});

/** How many reference pose tracks the server's engine has analysed and cached (pose-cache/ in its storage). */
function poseCacheEntries(dataDir: string): number {
  const dir = path.join(dataDir, "uploads", "pose-cache");
  return existsSync(dir) ? readdirSync(dir).length : 0;
}
