import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { callApi, uploadLibraryVideo } from "./support/api.ts";
import { launchBrowser, noSideScroll, openPage, screenshot, type WatchedPage } from "./support/browser.ts";
import { logIn, registerAndLogIn } from "./support/accounts.ts";
import { startServer, type E2EServer } from "./support/server.ts";

/**
 * Visitors and contributors in Chromium: visitors browse the library and profiles and
 * are sent to /login only to act; a contributor sets social links on their profile; an admin
 * verifies the contributor and the Verified mark shows on cards and the profile.
 */

const repoRoot = path.resolve(import.meta.dirname, "..");
const clip = path.resolve(repoRoot, "..", "shared", "fixtures", "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`visitors e2e: ${clip} is missing, skipping`);

const ADMIN = { email: "admin-visitors@example.com", password: "a long admin password 1" };
const CONTRIBUTOR = { username: "Clara Studio", email: "clara-studio@example.com", password: "secret123" };
const MEMBER = { username: "Vera Visitor", email: "vera@example.com", password: "secret123" };
const TITLE = "Open port de bras";

let server: E2EServer;
let browser: Browser;
let contributorId = 0;
const pages: WatchedPage[] = [];

const api = <T>(method: string, url: string, body?: unknown, token?: string) =>
  callApi<T>(server.baseUrl, method, url, body, token);

/** An approved ballet video of a contributor, made through the API (the review UI has its own tests). */
async function approvedVideoOf(contributorToken: string, adminToken: string): Promise<number> {
  const id = await uploadLibraryVideo(server.baseUrl, contributorToken, {
    title: TITLE,
    category: "ballet",
    file: clip,
  });
  // Its poses are computed in the background; only then can it be approved (polled by hand: beforeAll has no expect.poll).
  const deadline = Date.now() + 150_000;
  for (;;) {
    const body = await api<{ videos: Array<{ id: number; pose_status: string }> }>(
      "GET",
      "/api/admin/reference-videos?status=all",
      undefined,
      adminToken,
    );
    const status = body.videos.find((v) => v.id === id)?.pose_status;
    if (status === "ready") break;
    if (status === "failed" || Date.now() > deadline) throw new Error(`poses of the test video: ${status}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  await api("PUT", `/api/admin/reference-videos/${id}/review`, { status: "approved" }, adminToken);
  return id;
}

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  if (!haveFixtures) return;
  const { token: adminToken } = await api<{ token: string }>("POST", "/api/auth/login", ADMIN);
  const contributor = await registerAndLogIn(server.baseUrl, CONTRIBUTOR);
  contributorId = contributor.user.id;
  await api("PUT", `/api/admin/users/${contributorId}/role`, { role: "contributor" }, adminToken);
  await api("POST", "/api/auth/register", MEMBER);
  await approvedVideoOf(contributor.token, adminToken);
}, 240_000);
afterEach(async () => {
  for (const p of pages.splice(0)) await p.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width = 1440, height = 900) {
  const page = await openPage(browser, { width, height });
  pages.push(page);
  return page;
}

const card = (p: Page) => p.locator("article", { hasText: TITLE });

describe.skipIf(!haveFixtures)("visitors and the library", () => {
  it("a visitor follows the home page's style link into the library and opens a profile; Like and Follow go to /login and back", async () => {
    const { page: p, problems } = await open();
    await p.goto(`${server.baseUrl}/`);
    await p.locator('main a[href="/library?category=ballet"]').click();
    await p.waitForURL(`${server.baseUrl}/library?category=ballet`);
    await expect.poll(() => card(p).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await p.getByRole("heading", { name: "Reference Library", level: 1 }).isVisible()).toBe(true);
    // Not verified yet: no mark, and the Verified filter lists nothing.
    expect(await card(p).getByText("Verified", { exact: true }).count()).toBe(0);
    await p.getByLabel("Contributors", { exact: true }).selectOption("verified");
    await expect.poll(() => p.getByText("No videos found").isVisible(), { timeout: 10_000 }).toBe(true);
    await p.getByLabel("Contributors", { exact: true }).selectOption("");
    await expect.poll(() => card(p).isVisible(), { timeout: 10_000 }).toBe(true);

    // The contributor's profile is open to visitors too.
    await card(p).getByRole("link", { name: CONTRIBUTOR.username }).click();
    await p.waitForURL(`${server.baseUrl}/profile/${contributorId}`);
    await expect
      .poll(() => p.getByRole("heading", { name: CONTRIBUTOR.username, level: 1 }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => card(p).isVisible(), { timeout: 10_000 }).toBe(true);
    // The header's Follow (the video cards below have their own).
    await p.getByRole("button", { name: "Follow", exact: true }).first().click();
    await p.waitForURL(`${server.baseUrl}/login`);

    // Like from the library: to /login, and after signing in back to the library, where Like acts.
    await p.goto(`${server.baseUrl}/library`);
    await expect.poll(() => card(p).isVisible(), { timeout: 15_000 }).toBe(true);
    await card(p).getByRole("button", { name: "Like", exact: true }).click();
    await p.waitForURL(`${server.baseUrl}/login`);
    await p.getByLabel("Email", { exact: true }).fill(MEMBER.email);
    await p.getByLabel("Password", { exact: true }).fill(MEMBER.password);
    await p.locator("main form button[type=submit]").click();
    await p.waitForURL(`${server.baseUrl}/library`);
    await expect.poll(() => card(p).isVisible(), { timeout: 15_000 }).toBe(true);
    await card(p).getByRole("button", { name: "Like", exact: true }).click();
    await expect.poll(() => card(p).getByRole("button", { name: "Unlike" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  }, 120_000);

  it("on a phone the videos come first: the filters fold behind one button, the card's actions say their names", async () => {
    const { page: p, problems } = await open(390, 844);
    await logIn(p, server.baseUrl, MEMBER.email, MEMBER.password);
    await p.goto(`${server.baseUrl}/library`);
    await expect.poll(() => card(p).isVisible(), { timeout: 15_000 }).toBe(true);
    // The four selects are folded away; the first video starts on the first screen.
    expect(await p.getByLabel("Difficulty", { exact: true }).isVisible()).toBe(false);
    const top = (await card(p).boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top).toBeLessThan(844);
    // Each action's word is on screen (Like or Unlike: the member liked it in an earlier test).
    const words = (await card(p).getByTestId("card-actions").getByRole("button").allInnerTexts()).map((w) => w.trim());
    expect(words).toHaveLength(5);
    for (const word of words) expect(word).toMatch(/^(Like|Unlike|Comments|Share|Follow|Unfollow|Add friend)$/);
    // Whole words on screen: none cut off ("Add fri…") in the phone's narrow columns.
    const cut = await card(p)
      .getByTestId("card-actions")
      .locator("button > span")
      .evaluateAll((spans) =>
        spans
          .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
          .map((el) => el.textContent),
      );
    expect(cut).toEqual([]);
    expect(await noSideScroll(p)).toBe(true);
    await screenshot(p, "library-phone-folded");
    const toggle = p.getByRole("button", { name: /^Filters/ });
    await toggle.click();
    await expect.poll(() => p.getByLabel("Difficulty", { exact: true }).isVisible()).toBe(true);
    await p.getByLabel("Difficulty", { exact: true }).selectOption("advanced");
    await expect.poll(() => p.getByText("No videos found").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await toggle.textContent()).toContain("1");
    await screenshot(p, "library-phone-open");

    // A wide window shows the selects at once, with no Filters button.
    const { page: wide } = await open(1440, 900);
    await logIn(wide, server.baseUrl, MEMBER.email, MEMBER.password);
    await wide.goto(`${server.baseUrl}/library`);
    await expect.poll(() => card(wide).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await wide.getByLabel("Difficulty", { exact: true }).isVisible()).toBe(true);
    expect(await wide.getByRole("button", { name: /^Filters/ }).isVisible()).toBe(false);
    await screenshot(wide, "library-desktop");
    expect(problems).toEqual([]);
  }, 120_000);

  it("a visitor's Practice leads through /login to Compare with the chosen video", async () => {
    const { page: p, problems } = await open();
    await p.goto(`${server.baseUrl}/library`);
    await expect.poll(() => card(p).isVisible(), { timeout: 15_000 }).toBe(true);
    await card(p).getByRole("button", { name: "Practice" }).click();
    await p.waitForURL(`${server.baseUrl}/login`);
    await p.getByLabel("Email", { exact: true }).fill(MEMBER.email);
    await p.getByLabel("Password", { exact: true }).fill(MEMBER.password);
    await p.locator("main form button[type=submit]").click();
    await p.waitForURL(`${server.baseUrl}/compare`);
    await expect.poll(() => p.getByTestId("library-reference").textContent(), { timeout: 15_000 }).toContain(TITLE);
    expect(problems).toEqual([]);
  }, 120_000);

  it("the contributor adds social links (a wrong one explained first); the admin verifies them; visitors see both", async () => {
    // The contributor edits their profile.
    const { page: c, problems: contributorProblems } = await open();
    await logIn(c, server.baseUrl, CONTRIBUTOR.email, CONTRIBUTOR.password);
    await c.goto(`${server.baseUrl}/profile`);
    await c.getByRole("button", { name: "Edit Profile" }).click();
    await c.getByLabel("Website", { exact: true }).fill("http://clara.example");
    await c.getByLabel("YouTube", { exact: true }).fill("https://vimeo.com/clara");
    await c.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => c.getByText("Website link must be a full address starting with https://").isVisible())
      .toBe(true);
    expect(await c.getByText("YouTube link must be on youtube.com or youtu.be").isVisible()).toBe(true);
    await c.getByLabel("Website", { exact: true }).fill("https://clara.example");
    await c.getByLabel("YouTube", { exact: true }).fill("https://www.youtube.com/@clara");
    await c.getByLabel("Instagram", { exact: true }).fill("https://instagram.com/clara.studio");
    await c.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => c.getByText("Profile updated successfully!").isVisible(), { timeout: 10_000 }).toBe(true);
    const ownLinks = c.getByRole("list", { name: "Social links" }).getByRole("link");
    expect((await ownLinks.allTextContents()).map((t) => t.trim())).toEqual(["Instagram", "YouTube", "Website"]);
    expect(contributorProblems).toEqual([]);

    // The admin verifies them in User Management.
    const { page: a, problems: adminProblems } = await open();
    await logIn(a, server.baseUrl, ADMIN.email, ADMIN.password);
    await a.goto(`${server.baseUrl}/admin/users`);
    const toggle = a.getByRole("switch", { name: `Verified contributor: ${CONTRIBUTOR.username}` });
    await expect.poll(() => toggle.getAttribute("aria-checked"), { timeout: 10_000 }).toBe("false");
    await toggle.click();
    await expect
      .poll(() => a.getByText(`${CONTRIBUTOR.username} is now verified`).first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await screenshot(a, "visitors-admin-verified-1440");
    expect(adminProblems).toEqual([]);

    // A visitor: the mark on the card, the Verified filter lists the video, the profile shows mark and links.
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      const { page: v, problems } = await open(width, height);
      await v.goto(`${server.baseUrl}/library`);
      await expect.poll(() => card(v).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await card(v).getByText("Verified", { exact: true }).isVisible()).toBe(true);
      const filtered = v.waitForResponse((r) => r.url().includes("contributor_type=verified") && r.ok());
      // On a phone the selects are folded behind the Filters button.
      if (width < 640) await v.getByRole("button", { name: /^Filters/ }).click();
      await v.getByLabel("Contributors", { exact: true }).selectOption("verified");
      await filtered;
      await expect.poll(() => card(v).count(), { timeout: 10_000 }).toBe(1);
      expect(await noSideScroll(v), `library scrolls sideways at ${width} px`).toBe(true);
      await screenshot(v, `visitors-library-${width}`);

      await v.goto(`${server.baseUrl}/profile/${contributorId}`);
      const heading = v.getByRole("heading", { name: CONTRIBUTOR.username, level: 1 });
      await expect.poll(() => heading.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await heading.getByText("Verified", { exact: true }).isVisible()).toBe(true);
      // The name once, then the handle (no spaces), as on the own profile.
      const about = heading.locator("xpath=..");
      expect(await about.getByText("@clara_studio", { exact: true }).isVisible()).toBe(true);
      expect(await about.getByText(CONTRIBUTOR.username, { exact: true }).count()).toBe(1);
      const links = v.getByRole("list", { name: "Social links" }).getByRole("link");
      expect(await links.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        expect(await links.nth(i).getAttribute("target")).toBe("_blank");
        expect(await links.nth(i).getAttribute("rel")).toBe("noopener noreferrer");
      }
      expect(await links.first().getAttribute("href")).toBe("https://instagram.com/clara.studio");
      expect(await noSideScroll(v), `profile scrolls sideways at ${width} px`).toBe(true);
      await screenshot(v, `visitors-profile-${width}`);
      expect(problems).toEqual([]);
    }
  }, 180_000);
});
