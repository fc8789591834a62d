import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
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
if (!haveFixtures) console.warn(`admin e2e: ${clip} is missing, skipping the "features a video" test`);

const ADMIN = { email: "admin-panel@example.com", password: "a long admin password 1" };
const MEMBER = { username: "Mira Patel", email: "mira@example.com", password: "secret123" };

let server: E2EServer;
let browser: Browser;
let adminToken: string;
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
  await api("POST", "/api/auth/register", MEMBER);
});
afterEach(async () => {
  for (const p of pages.splice(0)) await p.context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(width?: number) {
  const page = await openPage(browser, { width });
  pages.push(page);
  return page;
}

/** Logs the admin in through the login form and opens the given /admin tab. */
async function adminOn(tab: string): Promise<WatchedPage> {
  const watched = await open();
  const p = watched.page;
  await logIn(p, server.baseUrl, ADMIN.email, ADMIN.password);
  await p.goto(`${server.baseUrl}/admin`);
  await openTab(p, tab);
  return watched;
}

async function tabSelected(p: Page, tab: string): Promise<boolean> {
  return (await p.getByRole("tab", { name: tab, exact: true }).getAttribute("aria-selected")) === "true";
}

async function openTab(p: Page, tab: string) {
  await p.getByRole("tab", { name: tab, exact: true }).click();
  await expect.poll(() => tabSelected(p, tab), { timeout: 10_000 }).toBe(true);
}

const visible = (p: Page, text: string) => p.getByText(text, { exact: true }).first().isVisible();

describe("admin panel in the browser", () => {
  it("changes a user's role with the role dropdown; the new role is shown after a reload", async () => {
    const { page: p, problems } = await adminOn("User Management");
    const role = p.getByLabel(`Role of ${MEMBER.username}`, { exact: true });
    await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe("user");
    await role.selectOption("contributor");
    await expect.poll(() => visible(p, "User role updated successfully"), { timeout: 10_000 }).toBe(true);

    // The tab is in the address, so a reload stays on it.
    expect(new URL(p.url()).pathname).toBe("/admin/users");
    await p.reload();
    await expect.poll(() => tabSelected(p, "User Management"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => role.inputValue(), { timeout: 10_000 }).toBe("contributor");
    // The role shows once, in its drop-down: no badge beside it saying it again.
    const row = p.locator("tr", { hasText: MEMBER.email });
    expect(await row.getByText("contributor", { exact: true }).count()).toBe(0);
    // The admin's own role cannot be changed from here.
    const own = p.locator("tr", { hasText: ADMIN.email }).getByLabel(/^Role of /);
    expect(await own.isDisabled()).toBe(true);
    // The browser's back button returns to the tab before.
    await p.goBack();
    await expect.poll(() => tabSelected(p, "Traffic Metrics"), { timeout: 10_000 }).toBe(true);
    expect(new URL(p.url()).pathname).toBe("/admin");
    expect(problems).toEqual([]);
  });

  it.skipIf(!haveFixtures)(
    "features an approved library video; it stays featured after a reload",
    async () => {
      const title = "Admin feature clip";
      const videoId = await uploadLibraryVideo(server.baseUrl, adminToken, {
        title: title,
        category: "ballet",
        file: clip,
      });
      await expect
        .poll(
          async () => {
            const body = await api<{ videos: Array<{ id: number; pose_status: string }> }>(
              "GET",
              "/api/admin/reference-videos?status=all",
              undefined,
              adminToken,
            );
            return body.videos.find((v) => v.id === videoId)?.pose_status;
          },
          { timeout: 150_000, interval: 1000 },
        )
        .toBe("ready");
      await api("PUT", `/api/admin/reference-videos/${videoId}/review`, { status: "approved" }, adminToken);

      const { page: p, problems } = await adminOn("Video Management");
      const row = p.locator("tr", { hasText: title });
      await expect
        .poll(() => row.getByRole("button", { name: "Feature", exact: true }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await row.getByLabel("Featured", { exact: true }).count()).toBe(0);
      await row.getByRole("button", { name: "Feature", exact: true }).click();
      await expect.poll(() => visible(p, "Video featured successfully"), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => row.getByRole("button", { name: "Unfeature", exact: true }).isVisible()).toBe(true);
      expect(await row.getByLabel("Featured", { exact: true }).isVisible()).toBe(true);

      await p.reload();
      await openTab(p, "Video Management");
      await expect
        .poll(() => row.getByRole("button", { name: "Unfeature", exact: true }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      expect(await row.getByLabel("Featured", { exact: true }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it("deletes a member only after the Confirm Delete dialog; Cancel keeps them", async () => {
    await api("POST", "/api/auth/register", {
      username: "Leaving Soon",
      email: "leaving@example.com",
      password: "secret123",
    });
    const { page: p, problems } = await adminOn("User Management");
    const row = p.locator("tr", { hasText: "leaving@example.com" });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    await row.getByRole("button", { name: "Delete Leaving Soon" }).click();
    const dialog = p.getByRole("dialog", { name: "Confirm Delete" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await row.isVisible()).toBe(true);

    await row.getByRole("button", { name: "Delete Leaving Soon" }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect.poll(() => visible(p, "User Leaving Soon deleted successfully"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => row.count()).toBe(0);
    // Gone for good: the account can no longer log in.
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "leaving@example.com", password: "secret123" }),
    });
    expect(login.status).toBe(401);
    expect(problems).toEqual([]);
  });

  it("edits a credit bundle's name and price", async () => {
    const { page: p, problems } = await adminOn("Credit Bundles");
    await expect
      .poll(() => p.getByRole("button", { name: "Edit Starter Pack", exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await p.getByRole("button", { name: "Edit Starter Pack", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "Edit Credit Bundle" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Starter Pack");
    await dialog.getByLabel("Name", { exact: true }).fill("Starter Pack Plus");
    await dialog.getByLabel("Price (₹)", { exact: true }).fill("149");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => visible(p, "Credit bundle updated successfully"), { timeout: 10_000 }).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
    const row = p.locator("tr", { hasText: "Starter Pack Plus" });
    await expect.poll(() => row.getByText("₹149.00", { exact: true }).isVisible()).toBe(true);

    await p.reload();
    await openTab(p, "Credit Bundles");
    await expect.poll(() => row.getByText("₹149.00", { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await p.getByRole("button", { name: "Edit Starter Pack", exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("exports users as users_export.csv with a header line", async () => {
    const { page: p, problems } = await adminOn("User Management");
    await expect.poll(() => p.getByLabel(`Role of ${MEMBER.username}`).isVisible(), { timeout: 10_000 }).toBe(true);
    const [download] = await Promise.all([
      p.waitForEvent("download"),
      p.getByRole("button", { name: "Export Users", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("users_export.csv");
    const file = await download.path();
    const text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...lines] = text.split(/\r?\n/).filter(Boolean);
    expect(header).toMatch(/^ID,Username,Email,/);
    expect(lines.some((l) => l.includes(MEMBER.email))).toBe(true);
    expect(lines.some((l) => l.includes(ADMIN.email))).toBe(true);
    await expect.poll(() => visible(p, "Users exported successfully")).toBe(true);
    expect(problems).toEqual([]);
  });

  it("a dancer out of credits while payments are off is told how to get more; the admin gives them from User Management", async () => {
    const DANCER = { username: "Noor Empty", email: "noor.empty@example.com", password: "secret123" };
    const { user } = await registerAndLogIn(server.baseUrl, DANCER);
    const grant = (amount: number, reason: string) =>
      api<{ user: { credits: number } }>(
        "POST",
        `/api/admin/users/${user.id}/credits`,
        { amount, reason, idempotency_key: `e2e-${amount}-${Date.now()}` },
        adminToken,
      );
    // The welcome credits spent: a negative grant takes them back.
    expect((await grant(-10, "Spent in the test")).user.credits).toBe(0);

    const dancer = await open(390);
    const d = dancer.page;
    await d.setViewportSize({ width: 390, height: 844 });
    await logIn(d, server.baseUrl, DANCER.email, DANCER.password);
    await d.goto(`${server.baseUrl}/coming-soon`);
    const out = d.getByRole("region", { name: "You have no credits left" });
    await expect.poll(() => out.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await d.getByText(/free credits keep working/).count()).toBe(0);
    expect(await out.getByRole("link", { name: "Ask for credits" }).getAttribute("href")).toMatch(/^mailto:/);
    expect(await noSideScroll(d)).toBe(true);
    await screenshot(d, "coming-soon-no-credits-390x844");

    for (const width of [1440, 390]) {
      const { page: p, problems } = await adminOn("User Management");
      await p.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await p.getByRole("button", { name: `Credits for ${DANCER.username}` }).click();
      const dialog = p.getByRole("dialog", { name: `Credits for ${DANCER.username}` });
      await dialog.getByLabel("Credits", { exact: true }).fill(width === 1440 ? "5" : "2");
      await dialog.getByLabel("Reason", { exact: true }).fill("Payments are not open yet");
      await screenshot(p, `admin-grant-credits-${width}`);
      await dialog.getByRole("button", { name: "Give credits" }).click();
      const total = width === 1440 ? 5 : 7;
      await expect
        .poll(() => visible(p, `Gave ${DANCER.username} ${width === 1440 ? 5 : 2} credits (now ${total})`), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await noSideScroll(p)).toBe(true);
      await screenshot(p, `admin-users-credits-${width}`);
      expect(problems).toEqual([]);
    }

    await d.goto(`${server.baseUrl}/coming-soon`);
    await expect
      .poll(() => d.getByTestId("your-credits").textContent(), { timeout: 10_000 })
      .toBe("You have 7 credits left: each comparison uses 1 credit, and they never expire.");
    await screenshot(d, "coming-soon-credits-390x844");
    expect(dancer.problems).toEqual([]);
  });

  it("a visitor subscribes on /coming-soon and the admin sees it on /email-subscriptions", async () => {
    const visitorEmail = "notify-me@example.com";
    const visitor = await open(390);
    const v = visitor.page;
    await v.goto(`${server.baseUrl}/coming-soon`);
    await v.getByLabel("Email address", { exact: true }).fill(visitorEmail);
    await v.getByRole("button", { name: "Notify Me", exact: true }).click();
    await expect
      .poll(() => visible(v, "Successfully subscribed! We'll notify you when payment processing is ready."), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await v.getByLabel("Email address", { exact: true }).inputValue()).toBe("");
    expect(visitor.problems).toEqual([]);

    const { page: p, problems } = await adminOn("Traffic Metrics");
    await p.goto(`${server.baseUrl}/email-subscriptions`);
    const row = p.locator("tr", { hasText: visitorEmail });
    await expect.poll(() => row.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await row.getByText("payment processing", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText("active", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole("button", { name: "Unsubscribe" }).isVisible()).toBe(true);
    const total = p.getByText("Total subscriptions", { exact: true }).locator("xpath=../..");
    await expect.poll(() => total.textContent(), { timeout: 10_000 }).toMatch(/Total subscriptions\s*1$/i);
    expect(problems).toEqual([]);
  });
});
