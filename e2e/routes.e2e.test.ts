import { existsSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from "vitest";
import { atRest, launchBrowser, noSideScroll, openPage, screenshot, type WatchedPage } from "./support/browser.ts";
import { logIn, registerAndLogIn } from "./support/accounts.ts";
import { ADMIN_ONLY, BROWSABLE, PROTECTED, PUBLIC } from "./support/route-map.ts";
import { startServer, type E2EServer } from "./support/server.ts";

/**
 * Every route of the route map (support/route-map.ts, and an unknown path) as a visitor, a user and an
 * admin: the right page or redirect, an h1, no console errors, no failed requests, and no serious or
 * critical axe-core violations.
 *
 * The marketing and legal screens (OWN) are audited at phone and desktop widths, the others once at
 * desktop width, each under the role it is built for (auditsAs). The admin walks at a laptop's 1024 px.
 * Set E2E_SCREENSHOTS=/some/dir to also save phone (390 px) and desktop screenshots of every route.
 */

const ADMIN = { email: "admin@example.com", password: "admin-secret-123" };
const USER = { name: "Route Walker", email: "walker@example.com", password: "secret123" };
/** A 20-character name without a space: it must wrap, not widen a phone's page. */
const LONG = { name: "Rukminichoreographer", email: "long-name@example.com", password: "secret123" };

const UNKNOWN = "/no-such-page";

/** The marketing, information, legal, plans, tutorial, demo and contributor screens, whose accessibility this test enforces. */
const OWN = new Set([
  "/",
  "/about",
  "/features",
  "/pricing",
  "/subscription",
  "/onboarding",
  "/dance",
  "/demo",
  "/contribute",
  "/contributor",
  "/contact",
  "/terms",
  "/privacy",
  "/cookies",
  "/refund",
  "/shipping",
  UNKNOWN,
]);

type Role = "visitor" | "user" | "admin";

/** Screens that show an admin more than a user (approve, delete, feature): audited as an admin too. */
const ADMIN_VIEWS = new Set(["/library", "/contributor", "/upload-video", "/contribute"]);

/**
 * Whether a role's walk audits a screen it lands on: each screen under the role it is built for (a
 * visitor's screens by the visitor, the signed-in screens by the user, the admin's own and those with
 * admin controls by the admin). Every walk also audits its first landing, for its own header.
 */
function auditsAs(role: Role, screen: string): boolean {
  if (role === "visitor") return true;
  if (role === "user") return PROTECTED.includes(screen);
  return ADMIN_ONLY.includes(screen) || ADMIN_VIEWS.has(screen);
}

/** Where a role ends up when it opens a route. */
function expectedPath(role: Role, route: string): string {
  if (route === "/video-compare") return role === "visitor" ? "/login" : "/compare";
  if (BROWSABLE.includes(route)) return route;
  if (PROTECTED.includes(route)) return role === "visitor" ? "/login" : route;
  if (ADMIN_ONLY.includes(route)) return role === "visitor" ? "/login" : role === "user" ? "/dashboard" : route;
  if (route === "/login" || route === "/signup") return role === "visitor" ? route : "/dashboard";
  return route;
}

let server: E2EServer;
let browser: Browser;
let userId = 0;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  browser = await launchBrowser();
  userId = (await registerAndLogIn(server.baseUrl, { username: USER.name, email: USER.email, password: USER.password }))
    .user.id;
  const long = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: LONG.name, email: LONG.email, password: LONG.password }),
  });
  expect(long.status).toBeLessThan(300);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function seriousViolations(p: Page): Promise<string[]> {
  // Audited at rest: mid fade-in (AuthLayout's animate-fade-up) text has not reached its colour, and
  // axe would call its contrast too low. Walks run side by side, so a page may still be fading in.
  await atRest(p);
  const result = await new AxeBuilder({ page: p }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * `expect` is the test's own: the walks run concurrently, and expect.poll needs to know its test.
 * `audited`: the screens this walk has audited already. A redirect lands on one screen many times (a
 * visitor's protected routes all on /login): each landing is checked, the screen audited once.
 */
async function visit(
  expect: ExpectStatic,
  watched: WatchedPage,
  role: Role,
  route: string,
  width: number,
  audited: Set<string>,
) {
  const { page: p, problems } = watched;
  const url = route.replace(":userId", String(userId));
  problems.length = 0;
  await p.goto(`${server.baseUrl}${url}`);
  const expected = expectedPath(role, route).replace(":userId", String(userId));
  await p.waitForURL((u) => u.pathname === expected, { timeout: 15_000 });
  // The screen has rendered: its heading is visible and nothing is loading any more.
  await expect
    .poll(() => p.locator("main h1").first().isVisible(), { timeout: 15_000, message: `${role} ${url}: h1` })
    .toBe(true);
  await p.waitForLoadState("networkidle", { timeout: 3000 }).catch(() => {});
  await p
    .waitForFunction('document.querySelectorAll(".animate-spin").length === 0', null, { timeout: 3000 })
    .catch(() => {});
  const title = await p.title();
  expect(title, `${role} ${url}: title`).toContain("StepSync");
  const description = await p.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length ?? 0, `${role} ${url}: meta description`).toBeGreaterThan(20);

  const owned = OWN.has(expected);
  const firstLanding = !audited.has(expected);
  const audit = firstLanding && (audited.size === 0 || auditsAs(role, route));
  audited.add(expected);
  // Other screens are audited once, at desktop width; ours at both widths.
  const violations = audit && (owned || width >= 1000) ? await seriousViolations(p) : [];
  expect(violations, `${role} ${url}: axe`).toEqual([]);

  expect(await noSideScroll(p), `${role} ${url}: scrolls sideways at ${width} px`).toBe(true);
  if (firstLanding) await screenshot(p, `${role}${expected.replaceAll("/", "_") || "_home"}-${width}`);
  expect(problems, `${role} ${url}: console errors / failed requests`).toEqual([]);
}

const ALL = [...PUBLIC, ...PROTECTED, ...ADMIN_ONLY, UNKNOWN];

const SIZE = {
  390: { width: 390, height: 844 },
  1024: { width: 1024, height: 768 },
  1280: { width: 1280, height: 800 },
} as const;

async function walk(
  expect: ExpectStatic,
  role: Role,
  routes: ReadonlyArray<string>,
  width: keyof typeof SIZE,
  user = USER,
) {
  const watched = await openPage(browser, SIZE[width]);
  try {
    if (role === "user") await logIn(watched.page, server.baseUrl, user.email, user.password);
    if (role === "admin") await logIn(watched.page, server.baseUrl, ADMIN.email, ADMIN.password);
    const audited = new Set<string>();
    for (const route of routes) await visit(expect, watched, role, route, width, audited);
  } finally {
    await watched.context.close();
  }
}

// The six walks are independent (each its own browser profile) and mostly wait on the page: run
// side by side (at most maxConcurrency at once, e2e/vitest.config.ts), they take half the time.
describe.concurrent("every route of the route map", () => {
  it("as a visitor (desktop)", ({ expect }) => walk(expect, "visitor", ALL, 1280), 400_000);
  it("as a signed-in user (desktop)", ({ expect }) => walk(expect, "user", ALL, 1280), 400_000);
  // A laptop's 1024 px: the admin's header, with the most links, is the most crowded there.
  it("as an admin (laptop)", ({ expect }) => walk(expect, "admin", ALL, 1024), 400_000);
  // The marketing, information and contributor screens at phone width.
  const own = ALL.filter((r) => OWN.has(r));
  // Every screen a visitor opens without being sent to /login (the sign-in screens too: a dancer
  // signs up on the phone).
  it(
    "as a visitor (phone)",
    ({ expect }) =>
      walk(
        expect,
        "visitor",
        ALL.filter((r) => !PROTECTED.includes(r) && !ADMIN_ONLY.includes(r)),
        390,
      ),
    400_000,
  );
  // Signed in, every screen of the app too: a dancer uses them on the phone.
  it(
    "as a signed-in user (phone)",
    ({ expect }) => walk(expect, "user", [...new Set([...own, ...PROTECTED])], 390),
    400_000,
  );
  it(
    "as a user whose name is 20 letters without a space (phone)",
    ({ expect }) => walk(expect, "user", PROTECTED, 390, LONG),
    400_000,
  );
});

describe("marketing, information and contributor screens in use", () => {
  it("onboarding steps through to the dashboard link; demo opens a sample result", async () => {
    const watched = await openPage(browser);
    const { page: p, problems } = watched;
    try {
      await logIn(p, server.baseUrl, USER.email, USER.password);
      await p.goto(`${server.baseUrl}/onboarding`);
      for (const step of ["Upload Your Videos", "Get AI Analysis", "Track Your Progress", "Join the Community"]) {
        await expect.poll(() => p.getByRole("heading", { name: step }).isVisible()).toBe(true);
        if (step !== "Join the Community") await p.getByRole("button", { name: "Next" }).click();
      }
      expect(await p.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");

      await p.goto(`${server.baseUrl}/demo`);
      for (const score of ["85%", "78%", "92%"])
        await expect.poll(() => p.getByText(score, { exact: true }).count()).toBe(1);
      await p.getByRole("button", { name: /Ballet Port de Bras/ }).click();
      await expect.poll(() => p.getByRole("img", { name: /Animated skeletons/ }).isVisible()).toBe(true);
      expect(await p.getByRole("img", { name: "Overall score: 78%" }).count()).toBe(1);

      await p.goto(`${server.baseUrl}/subscription`);
      await expect.poll(() => p.getByRole("button", { name: /^Buy .* for/ }).count()).toBeGreaterThan(0);
      expect(await p.getByText("/ year").count()).toBe(0);
      // Each card says what its Buy button sells: that many credits, once; no billing period.
      const cards = p.getByRole("listitem").filter({ has: p.getByRole("button", { name: /^Buy .* for/ }) });
      expect(await cards.count()).toBeGreaterThan(0);
      for (const card of await cards.all()) {
        const text = (await card.textContent()) ?? "";
        const sold = (await card.getByRole("button").textContent())?.match(/^Buy (\d[\d,]*) credits$/)?.[1];
        expect(sold, text).toBeDefined();
        expect(text).toContain(`${sold} credits · one-time`);
        expect(text).not.toMatch(/year|month/i);
      }
      expect(problems).toEqual([]);
    } finally {
      await watched.context.close();
    }
  }, 400_000);
});

describe("history cards at phone and desktop width", () => {
  it("label a practised part, mark another routine, show a placeholder and the compare screen's progress", async () => {
    const base = {
      activity_type: "hip_hop",
      attempt: 1,
      error: null,
      reference_title: "Hip hop warm-up with a rather long title",
      contributor_name: "Meera",
      thumbnail_path: null,
      reference_video_path: null,
      user_video_path: null,
      user_framing: null,
      reference_video_id: 3,
      created_at: new Date().toISOString(),
      same_routine: true,
      part: null,
    };
    const comparisons = [
      { ...base, id: 41, status: "processing", progress: 1, overall_score: null, counted: null },
      {
        ...base,
        id: 40,
        status: "completed",
        progress: 100,
        overall_score: 64.4,
        counted: "yes",
        part: { start_s: 12, end_s: 20.5, parent_id: 38, label: "counts 5–8" },
      },
      {
        ...base,
        id: 39,
        status: "completed",
        progress: 100,
        overall_score: 12,
        same_routine: false,
        counted: "other_routine",
      },
      { ...base, id: 38, status: "completed", progress: 100, overall_score: 81, reference_title: null, counted: "yes" },
    ];
    for (const width of [390, 1440] as const) {
      const watched = await openPage(browser, { width, height: width === 390 ? 844 : 900 });
      const { page: p } = watched;
      try {
        await logIn(p, server.baseUrl, USER.email, USER.password);
        await p.route("**/api/comparisons?*", (route) =>
          route.fulfill({
            json: { comparisons, pagination: { page: 1, limit: 12, total: 4, pages: 1, has_more: false } },
          }),
        );
        await p.route("**/api/comparisons/processing-status", (route) =>
          route.fulfill({
            json: { processing_comparisons: [{ id: 41, progress: 1, attempt: 1, created_at: base.created_at }] },
          }),
        );
        await p.goto(`${server.baseUrl}/comparison-history`);
        const cards = p.getByTestId("history-card");
        await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(4);
        // 1 % analysed is 31 % of the whole job, as the compare screen's bar says.
        expect(await cards.nth(0).textContent()).toContain("31%");
        expect(await cards.nth(1).getByTestId("history-part").textContent()).toBe("Practised part: counts 5–8");
        expect(await cards.nth(2).getByTestId("history-not-same").isVisible()).toBe(true);
        for (let i = 0; i < 4; i++)
          expect(await cards.nth(i).getByTestId("history-placeholder").isVisible()).toBe(true);
        expect(await noSideScroll(p), `history scrolls sideways at ${width} px`).toBe(true);
        await screenshot(p, `history-cards-${width}`);
      } finally {
        await watched.context.close();
      }
    }
  }, 120_000);
});

describe("the admin's screens at phone and desktop width, as the ADMIN_EMAIL admin", () => {
  it("no banner asks the admin to confirm an address; upload previews, users, notifications fit", async () => {
    const video = path.resolve(import.meta.dirname, "..", "..", "shared", "fixtures", "video", "pose_1.mp4");
    for (const width of [390, 1440] as const) {
      const watched = await openPage(browser, { width, height: width === 390 ? 844 : 900 });
      const { page: p } = watched;
      try {
        await logIn(p, server.baseUrl, ADMIN.email, ADMIN.password);
        for (const route of ["/dashboard", "/profile", "/admin/users", "/notifications", "/upload-video"]) {
          await p.goto(`${server.baseUrl}${route}`);
          await expect.poll(() => p.locator("main h1").first().isVisible(), { timeout: 15_000 }).toBe(true);
          await p.waitForLoadState("networkidle", { timeout: 3000 }).catch(() => {});
          // The operator named this address: no mail was sent, so nothing asks to confirm it.
          expect(await p.getByRole("region", { name: "Confirm your e-mail address" }).count(), route).toBe(0);
          if (route === "/upload-video" && existsSync(video)) {
            await p.getByLabel("Video file").setInputFiles(video);
            await expect.poll(() => p.getByLabel("Your routine preview").isVisible()).toBe(true);
            expect(await p.getByText("pose_1.mp4", { exact: true }).count()).toBe(1);
          }
          // The Verified contributor control is on screen: a table column on a desktop, a switch in each
          // user's card on a phone.
          if (route === "/admin/users")
            await expect
              .poll(() =>
                (width === 390
                  ? p.getByRole("switch", { name: /^Verified contributor:/ }).first()
                  : p.getByRole("columnheader", { name: "Verified contributor" })
                ).isVisible(),
              )
              .toBe(true);
          expect(await noSideScroll(p), `${route} scrolls sideways at ${width} px`).toBe(true);
          await screenshot(p, `admin${route.replaceAll("/", "_")}-${width}`);
        }
      } finally {
        await watched.context.close();
      }
    }
  }, 240_000);
});
