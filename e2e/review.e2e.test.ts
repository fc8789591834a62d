/// <reference lib="dom" />
// In-page callbacks (evaluate) run in the browser: they are typed with the DOM.
/**
 * The review workflow in Chromium, as an admin and a contributor meet it: the queue shows a thumbnail
 * and plays a preview; rejecting needs a reason, which the contributor reads on their dashboard; a
 * rejected video cannot be featured; an edit of an approved video waits in the queue while the
 * approved title stays live, and approving it puts the new title live. Screenshots (E2E_SCREENSHOTS)
 * of the queue at 1440 and 390 px.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { callApi, uploadLibraryVideo } from "./support/api.ts";
import { launchBrowser, noSideScroll, openPage, screenshot, type WatchedPage } from "./support/browser.ts";
import { logIn, registerAndLogIn } from "./support/accounts.ts";
import { startServer, type E2EServer } from "./support/server.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
const clip = path.resolve(repoRoot, "..", "shared", "fixtures", "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`review e2e: ${clip} is missing, skipping`);

const ADMIN = { email: "review-admin@example.com", password: "a long admin password 1" };
const CONTRIBUTOR = { username: "Clara Dance", email: "clara@example.com", password: "secret123" };

let server: E2EServer;
let browser: Browser;
let adminToken: string;
let contributorToken: string;
const pages: WatchedPage[] = [];

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  callApi<T>(server.baseUrl, method, url, body, token);

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  ({ token: adminToken } = await api<{ token: string }>("POST", "/api/auth/login", {
    email: ADMIN.email,
    password: ADMIN.password,
  }));
  const made = await registerAndLogIn(server.baseUrl, CONTRIBUTOR);
  contributorToken = made.token;
  await api("PUT", `/api/admin/users/${made.user.id}/role`, { role: "contributor" }, adminToken);
});
afterEach(async () => {
  for (const p of pages.splice(0)) await p.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width: number, who: { email: string; password: string }, path: string) {
  const watched = await openPage(browser, { width, height: width > 800 ? 900 : 844 });
  pages.push(watched);
  await logIn(watched.page, server.baseUrl, who.email, who.password);
  await watched.page.goto(`${server.baseUrl}${path}`);
  return watched;
}

const queueItem = (p: Page, title: string) => p.getByRole("listitem", { name: `Review ${title}`, exact: true });
const visible = (p: Page, text: string) => p.getByText(text, { exact: true }).first().isVisible();

type Listed = { videos: Array<{ id: number; title: string; pose_status: string; thumbnail_path: string | null }> };

describe.skipIf(!haveFixtures)("review workflow in the browser", () => {
  it("preview, reject with a reason, no featuring, then an edit of the approved video re-reviewed", async () => {
    const title = "Review clip";
    const id = await uploadLibraryVideo(server.baseUrl, contributorToken, {
      title: title,
      category: "ballet",
      file: clip,
    });
    // The pose job makes the thumbnail; wait for it so the queue shows one.
    await expect
      .poll(
        async () => {
          const body = await api<Listed>("GET", "/api/admin/reference-videos?status=all", undefined, adminToken);
          const v = body.videos.find((x) => x.id === id);
          return v?.pose_status === "ready" && !!v.thumbnail_path;
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(true);

    // The admin at 1440: thumbnail, preview player, a reason required to reject.
    const admin = await open(1440, ADMIN, "/admin/content");
    const p = admin.page;
    const item = queueItem(p, title);
    await expect.poll(() => item.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(() => item.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    await screenshot(p, "review-queue-1440");
    await item.getByRole("button", { name: `Play preview of ${title}`, exact: true }).click();
    const player = item.getByLabel(`Preview of ${title}`, { exact: true });
    await expect
      .poll(() => player.evaluate((v) => (v as HTMLVideoElement).readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(item, "review-queue-player-1440");
    await item.getByRole("button", { name: "Reject", exact: true }).click();
    await item.getByRole("button", { name: "Reject video", exact: true }).click();
    await expect.poll(() => visible(p, "Please give a reason for rejecting this video.")).toBe(true);
    await item.getByLabel("Why is this video rejected?", { exact: true }).fill("The dancer leaves the frame");
    await item.getByRole("button", { name: "Reject video", exact: true }).click();
    await expect.poll(() => visible(p, "Video rejected successfully"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => item.count()).toBe(0);
    // Not approved: Feature is disabled here, and the server refuses it too.
    const row = p.locator("tr", { hasText: title });
    await expect
      .poll(() => row.getByRole("button", { name: "Feature", exact: true }).isDisabled(), { timeout: 10_000 })
      .toBe(true);
    const refused = await fetch(`${server.baseUrl}/api/admin/videos/${id}/feature`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ is_featured: true }),
    });
    expect(refused.status).toBe(400);
    expect(admin.problems).toEqual([]);

    // The contributor reads the reason on their dashboard.
    const contributor = await open(1440, CONTRIBUTOR, "/contributor");
    await expect
      .poll(() => visible(contributor.page, "Reason: The dancer leaves the frame"), { timeout: 10_000 })
      .toBe(true);

    // Approved after all; then the contributor's new title waits while the approved one stays live.
    await api("PUT", `/api/admin/reference-videos/${id}/review`, { status: "approved" }, adminToken);
    await api("PUT", `/api/reference-videos/${id}`, { title: "Review clip, slower" }, contributorToken);
    const live = await api<Listed>("GET", `/api/reference-videos?search=${encodeURIComponent(title)}`);
    expect(live.videos.map((v) => v.title)).toEqual([title]);

    // The admin on a phone: the edit in the queue with what it changes; approving it puts it live.
    const phone = await open(390, ADMIN, "/admin/content");
    const edit = queueItem(phone.page, title);
    await expect.poll(() => edit.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await edit.getByText("Edit of a live video", { exact: true }).isVisible()).toBe(true);
    expect(await noSideScroll(phone.page)).toBe(true);
    await screenshot(phone.page, "review-queue-390");
    await edit.getByRole("button", { name: "Approve changes", exact: true }).click();
    await expect.poll(() => visible(phone.page, "Video approved successfully"), { timeout: 10_000 }).toBe(true);
    const after = await api<Listed>("GET", `/api/reference-videos?search=${encodeURIComponent("slower")}`);
    expect(after.videos.map((v) => v.title)).toEqual(["Review clip, slower"]);
    expect(phone.problems).toEqual([]);
  }, 300_000);
});
