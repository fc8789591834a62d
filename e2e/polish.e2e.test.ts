/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// In-page callbacks (evaluate) run in the browser: they are typed with the DOM.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { ADMIN_ONLY, PROTECTED, PUBLIC, SIGN_IN } from "./support/route-map.ts";
import { browserSuite } from "./support/suite.ts";
import { BAND_TEXT } from "../apps/web/src/lib/score-colours.ts";

/**
 * What must look right on screen, in Chromium: no route scrolls sideways on a phone (390 px) or a small
 * laptop (1024 px), the admin's header keeps Logout on screen, tab strips hide no tab, leaderboard rows
 * keep names and figures readable on a phone, and score tiles show their band's colour.
 *
 * Figures no fresh account has (a leaderboard, high and low scores) are put into the real server's
 * answers at the network boundary (page.route); the screens render them as they would real ones.
 * Set E2E_SCREENSHOTS=/some/dir to also save what the checks looked at.
 */

const ADMIN = { email: "polish-admin@example.com", password: "a long admin password 1" };
const USER = { username: "Meera Nair", email: "meera@example.com", password: "secret123" };

const suite = browserSuite(() => ({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));

/** Every screen of the route map a signed-in admin can open; :userId is the user's own. */
const ROUTES = [
  ...PUBLIC.filter((r) => !SIGN_IN.includes(r)),
  ...PROTECTED.filter((r) => r !== "/video-compare"),
  ...ADMIN_ONLY,
  "/no-such-page",
];

async function signUpUser(): Promise<number> {
  // Sign-up answers alike whether or not the address already had an account (a second run): log in.
  await fetch(`${suite.server.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(USER),
  });
  const login = await fetch(`${suite.server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: USER.email, password: USER.password }),
  });
  return ((await login.json()) as { user: { id: number } }).user.id;
}

/** Opens a route and waits until it has rendered (a visible h1, no spinner). */
async function open(p: Page, route: string): Promise<void> {
  await p.goto(`${suite.server.baseUrl}${route}`);
  await expect.poll(() => p.locator("main h1").first().isVisible(), { message: `${route}: h1` }).toBe(true);
  await p.waitForLoadState("networkidle", { timeout: 3000 }).catch(() => {});
  await p
    .waitForFunction('document.querySelectorAll(".animate-spin").length === 0', null, { timeout: 3000 })
    .catch(() => {});
}

/** How far the page is wider than the window, in px (0: no sideways scrolling). */
const sideScroll = (p: Page) =>
  p.locator("html").evaluate((html: Element) => Math.max(0, html.scrollWidth - html.clientWidth));

describe("no sideways scrolling", () => {
  // At 1024 px routes.e2e walks every route as an admin, and a visitor's screens at 390 px (side
  // scroll is checked on every landing).
  it("on any route at 390 px, signed in as an admin", async () => {
    const userId = await signUpUser();
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await logIn(p, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const wide: string[] = [];
    for (const route of ROUTES) {
      const url = route.replace(":userId", String(userId));
      await open(p, url);
      const extra = await sideScroll(p);
      if (extra > 0) wide.push(`${url} (+${extra} px)`);
      await screenshot(p, `polish-admin${url.replaceAll("/", "_")}-390`);
    }
    expect(wide).toEqual([]);
  }, 400_000);
});

describe("the admin's header between 1024 and 1280 px", () => {
  it("keeps every link and Logout inside the window", async () => {
    const { page: p } = await suite.page({ width: 1024, height: 768 });
    await logIn(p, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    for (const width of [1024, 1060, 1115, 1200]) {
      await p.setViewportSize({ width, height: 768 });
      await open(p, "/admin");
      const logout = p.locator("header").getByRole("button", { name: "Logout" });
      const box = await logout.boundingBox();
      expect(box, `${width} px: Logout shown`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${width} px: Logout inside the window`).toBeLessThanOrEqual(width);
      expect(await noSideScroll(p), `${width} px: no sideways scrolling`).toBe(true);
      await screenshot(p.locator("header"), `polish-admin-header-${width}`);
    }
  }, 120_000);
});

describe("on a phone (390 px)", () => {
  it("tab strips show every tab without scrolling", async () => {
    await signUpUser();
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await logIn(p, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    for (const route of ["/admin", "/profile", "/dashboard"]) {
      await open(p, route);
      const tabs = p.getByRole("tab");
      const count = await tabs.count();
      expect(count, `${route}: tabs`).toBeGreaterThan(1);
      for (let i = 0; i < count; i++) {
        const box = await tabs.nth(i).boundingBox();
        const name = await tabs.nth(i).textContent();
        expect(box, `${route}: ${name}`).not.toBeNull();
        expect(box?.x ?? -1, `${route}: ${name} starts in view`).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0), `${route}: ${name} ends in view`).toBeLessThanOrEqual(390);
      }
      await screenshot(p, `polish-tabs${route.replaceAll("/", "_")}-390`);
    }
  }, 120_000);

  it("leaderboard rows show whole names and whole figures", async () => {
    await signUpUser();
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await logIn(p, suite.server.baseUrl, USER.email, USER.password);
    const rows = [
      {
        user_id: 101,
        username: "Meera Nair",
        profile_image: null,
        average_score: 91,
        best_score: 97,
        comparison_count: 12,
      },
      {
        user_id: 102,
        username: "Arjun Menon",
        profile_image: null,
        average_score: 74,
        best_score: 88,
        comparison_count: 1,
      },
    ];
    await p.route("**/api/leaderboard*", (route) => route.fulfill({ json: rows }));
    await open(p, "/leaderboard");
    const board = p.getByRole("list", { name: "Leaderboard" });
    await expect.poll(() => board.getByRole("listitem").count()).toBe(2);
    for (const row of rows) {
      const item = board.getByRole("listitem").filter({ hasText: row.username });
      const name = item.getByText(row.username, { exact: true });
      // The whole name fits: not cut to "M…".
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${row.username} whole`).toBe(true);
      // Its figures are whole (nothing cut to "…"), on at most two lines (they were on three).
      const figures = item.getByTestId("leaderboard-figures");
      const shape = await figures.evaluate((el) => ({
        cut: el.scrollWidth > el.clientWidth,
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
      }));
      expect(shape.cut, `${row.username}: figures whole`).toBe(false);
      expect(shape.lines, `${row.username}: figures' lines`).toBeLessThanOrEqual(2);
      expect(await figures.textContent()).toMatch(new RegExp(`^Best ${row.best_score}% · ${row.comparison_count} `));
      expect(await item.getByRole("link", { name: `View Profile of ${row.username}` }).isVisible()).toBe(true);
    }
    expect(await noSideScroll(p)).toBe(true);
    await screenshot(board, "polish-leaderboard-390");
  }, 60_000);
});

describe("score colours", () => {
  it("the profile's Best and Avg tiles take their band's colour (≥ 80 green, < 60 red)", async () => {
    await signUpUser();
    const { page: p } = await suite.page({ width: 1440, height: 900 });
    await logIn(p, suite.server.baseUrl, USER.email, USER.password);
    // The real profile, with a best and an average score a new account cannot have yet.
    await p.route("**/api/profile", async (route) => {
      if (route.request().method() !== "GET") return route.fallback();
      const res = await route.fetch();
      const body = (await res.json()) as { profile: { stats: { overall: Record<string, unknown> } } };
      const { stats } = body.profile;
      stats.overall = { ...stats.overall, total_comparisons: 4, best_score: 92, overall_average: 41 };
      return route.fulfill({ response: res, json: body });
    });
    await open(p, "/profile");
    const tileValue = (label: string, value: string) =>
      p
        .getByText(label, { exact: true })
        .first()
        .locator("xpath=ancestor::div[contains(@class, 'glass')][1]")
        .getByText(value, { exact: true });
    await expect.poll(() => tileValue("Best Score", "92%").isVisible()).toBe(true);
    /** The colour a class paints text in this build, read from a probe element. */
    const colourOf = (className: string) =>
      p.evaluate((cls) => {
        const probe = document.createElement("span");
        probe.className = cls;
        document.body.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      }, className);
    const colour = (value: ReturnType<typeof tileValue>) => value.evaluate((el) => getComputedStyle(el).color);
    const [green, red, white] = await Promise.all([
      colourOf(BAND_TEXT.green),
      colourOf(BAND_TEXT.red),
      colourOf("text-white"),
    ]);
    expect(new Set([green, red, white]).size).toBe(3);
    expect(await colour(tileValue("Best Score", "92%"))).toBe(green);
    expect(await colour(tileValue("Avg Score", "41%"))).toBe(red);
    await screenshot(p, "polish-profile-colours-1440");
  }, 60_000);
});

describe("Check Your Email", () => {
  it("breaks a long address only at its @ or dots on a phone, never mid-word", async () => {
    const { page: p } = await suite.page({ width: 390, height: 844 });
    const address = "meera.nair.choreography-studio@example-dance-academy.com";
    await open(p, "/forgot-password");
    await p.getByLabel("Email Address").fill(address);
    await p.getByRole("button", { name: "Send Reset Link" }).click();
    await expect.poll(() => p.getByRole("heading", { name: "Check Your Email" }).isVisible()).toBe(true);
    const shown = p.locator("strong", { hasText: "example-dance-academy" });
    expect(await shown.textContent()).toBe(address);
    // Each piece between break points sits on one line.
    const split = await shown.evaluate((el) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .filter((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return tops.size > 1;
        })
        .map((n) => n.textContent),
    );
    expect(split).toEqual([]);
    expect(await noSideScroll(p)).toBe(true);
    await screenshot(p, "polish-check-email-390");
  }, 60_000);
});

describe("words", () => {
  it("greets a new sign-up with 'Welcome', and prices a credit in full paise", async () => {
    const { page: p } = await suite.page({ width: 1440, height: 900 });
    await signUp(p, suite.server.baseUrl, { name: "Asha Rao", email: "asha@example.com" });
    await expect.poll(() => p.locator("main h1").first().textContent()).toMatch(/^Welcome, /);
    await open(p, "/credits");
    const prices = await p.getByText(/ per credit$/).allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/· ₹[\d,]+\.\d{2} per credit$/);
  }, 60_000);
});

/** The text as painted (CSS text-transform applied): what the reader sees, which textContent is not. */
// biome-ignore lint/performance/useDomNodeTextContent: the painted text is what these checks are about
const painted = (l: Locator) => l.innerText();

describe("the profile's own words, as the browser paints them", () => {
  it("shows a full-name username as a handle without spaces, and the ledger line in sentence case", async () => {
    await signUpUser();
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await logIn(p, suite.server.baseUrl, USER.email, USER.password);
    await open(p, "/profile");
    const header = p.getByRole("region", { name: "Profile" });
    await expect.poll(() => painted(header)).toContain("@meera_nair");
    expect(await painted(header)).not.toContain("@Meera Nair");
    await p.getByRole("tab", { name: "Transactions" }).click();
    const line = p.getByText("Welcome bonus", { exact: false }).first().locator("xpath=following-sibling::p[1]");
    await expect.poll(() => painted(line)).toMatch(/^Welcome · Today at /);
    expect(await painted(line)).not.toMatch(/Today At/);
    expect(await noSideScroll(p)).toBe(true);
    await screenshot(p, "polish-profile-words-390");
  }, 60_000);
});

// A library title as long as a contributor may make it (200 characters), and one long unbroken word.
const LONG_TITLE =
  "Bharatanatyam Alarippu and Jatiswaram: the complete beginner-to-intermediate routine with counts, slow and full tempo, mirrored view and the teacher's notes, part one of three (Kalakshetra style)";
const LONG_WORD = "Kuchipudi_Tarangam_on_the_brass_plate_with_counts_slow_and_full_tempo";
const LONG_NAME = "Meenakshi_Sundareswaran_Venkataraghavan";

/** Comparisons as the server lists them, under long titles (and a long practised part's label). */
function longTitledComparisons() {
  const at = new Date().toISOString();
  const summary = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
    id,
    activity_type: "contemporary",
    status: "completed",
    progress: 100,
    attempt: 1,
    error: null,
    overall_score: 78.4,
    reference_title: title,
    contributor_name: LONG_NAME,
    thumbnail_path: null,
    reference_video_path: null,
    user_video_path: null,
    user_framing: null,
    reference_video_id: 900 + id,
    created_at: at,
    same_routine: true,
    dancer_call: false,
    same_performance: false,
    counted: "yes",
    part: null,
    ...extra,
  });
  return [
    summary(1, LONG_TITLE),
    summary(2, LONG_WORD, { part: { start_s: 4, end_s: 19, parent_id: 1, label: LONG_WORD } }),
    summary(3, `${LONG_WORD} ${LONG_TITLE}`.slice(0, 200), { counted: "own_recording", same_performance: true }),
  ];
}

/** A library video under a long title, from a contributor with a long name. */
function longTitledVideo(id: number, title: string) {
  return {
    id,
    title,
    description: `${LONG_TITLE} ${LONG_WORD}`,
    category: "contemporary",
    difficulty: "beginner",
    tags: [LONG_WORD.slice(0, 40)],
    duration: 95,
    views: 1234,
    likes_count: 56,
    comments_count: 7,
    usage_count: 89,
    is_featured: true,
    created_at: new Date().toISOString(),
    contributor_id: 500,
    contributor_name: LONG_NAME,
    contributor_verified: true,
    contributor_profile_image: null,
    is_liked: false,
    is_following: false,
    file_path: "/api/reference-videos/1/file",
    thumbnail_path: null,
  };
}

describe("long titles on a phone (390 px)", () => {
  it("no main page is wider than the window when lists hold the longest titles", async () => {
    const userId = await signUpUser();
    const { page: p } = await suite.page({ width: 390, height: 844 });
    await logIn(p, suite.server.baseUrl, USER.email, USER.password);
    const comparisons = longTitledComparisons();
    const page = { page: 1, limit: 12, total: comparisons.length, pages: 1, has_more: false };
    await p.route(/\/api\/comparisons(\?.*)?$/, (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ json: { comparisons, pagination: page } })
        : route.fallback(),
    );
    await p.route("**/api/dashboard/recent-comparisons*", (route) => route.fulfill({ json: { comparisons } }));
    const videos = [longTitledVideo(901, LONG_TITLE), longTitledVideo(902, LONG_WORD)];
    await p.route(/\/api\/reference-videos(\?.*)?$/, (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ json: { videos, pagination: { ...page, total: videos.length } } })
        : route.fallback(),
    );
    await p.route("**/api/leaderboard*", (route) =>
      route.fulfill({
        json: [
          {
            user_id: 101,
            username: LONG_NAME,
            profile_image: null,
            average_score: 91,
            best_score: 97,
            comparison_count: 12,
          },
        ],
      }),
    );
    const wide: string[] = [];
    for (const route of [
      "/dashboard",
      "/profile",
      `/profile/${userId}`,
      "/comparison-history",
      "/library",
      "/community",
      "/leaderboard",
    ]) {
      await open(p, route);
      // Each tab of a tabbed page too (the profile's Recent Activity is on its first).
      const tabs = await p.getByRole("tab").count();
      for (let i = 0; i < Math.max(1, tabs); i++) {
        if (tabs) await p.getByRole("tab").nth(i).click();
        await p.waitForLoadState("networkidle", { timeout: 2000 }).catch(() => {});
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        const tab = tabs ? ` [${await p.getByRole("tab").nth(i).textContent()}]` : "";
        if (width > 390) wide.push(`${route}${tab}: ${width} px`);
        if (i === 0) await screenshot(p, `polish-long-titles${route.replaceAll("/", "_")}-390`);
      }
    }
    expect(wide).toEqual([]);
  }, 180_000);
});
