import { describe, expect, it } from "vitest";
import { logIn, signUp } from "./support/accounts.ts";
import { noSideScroll, screenshot } from "./support/browser.ts";
import { browserSuite } from "./support/suite.ts";

/**
 * The inbox end to end: user B follows A; A sees the bell's count and the
 * notification, opens it (B's profile) and the count goes back to 0. Screenshots (E2E_SCREENSHOTS) of
 * the inbox at 1440 and 390 px.
 */
const ADMIN = { email: "admin@example.com", password: "admin-secret-123" };
const suite = browserSuite(() => ({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }));

async function userId(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { user: { id: number } }).user.id;
}

describe("notifications inbox", () => {
  it("B follows A: A's bell counts 1, the inbox shows it, opening it goes to B and the count goes to 0", async () => {
    const base = suite.server.baseUrl;
    const a = await suite.page({ width: 1440, height: 900 });
    const tokenA = await signUp(a.page, base, { name: "Asha Notified", email: "asha.inbox@example.com" });
    const idA = await userId(base, tokenA);
    const bellA = a.page.getByTestId("notification-bell");
    await expect.poll(() => bellA.getAttribute("aria-label")).toBe("Notifications");
    expect(await a.page.getByTestId("notification-count").count()).toBe(0);

    const b = await suite.page({ width: 1440, height: 900 });
    const tokenB = await signUp(b.page, base, { name: "Bela Follows", email: "bela.inbox@example.com" });
    const idB = await userId(base, tokenB);
    await b.page.goto(`${base}/profile/${idA}`);
    await b.page.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(() => b.page.getByRole("button", { name: "Following" }).isVisible()).toBe(true);

    // A comes back to the tab (a reload stands in for the bell's poll / focus refetch).
    await a.page.reload();
    await expect.poll(() => a.page.getByTestId("notification-count").textContent()).toBe("1");
    expect(await bellA.getAttribute("aria-label")).toBe("Notifications, 1 unread");

    await bellA.click();
    await a.page.waitForURL(`${base}/notifications`);
    const item = a.page.locator("main li button", { hasText: "New follower" });
    await expect.poll(() => item.getAttribute("data-read")).toBe("false");
    expect(await item.textContent()).toContain("Bela Follows started following you.");
    await screenshot(a.page, "notifications-1440x900");

    await item.click();
    await a.page.waitForURL(`${base}/profile/${idB}`);
    await expect.poll(() => a.page.getByRole("heading", { level: 1 }).textContent()).toContain("Bela Follows");
    await expect.poll(() => bellA.getAttribute("aria-label")).toBe("Notifications");
    expect(await a.page.getByTestId("notification-count").count()).toBe(0);

    // Back in the inbox it reads as read; the server agrees.
    await a.page.goto(`${base}/notifications`);
    await expect.poll(() => item.getAttribute("data-read")).toBe("true");
    const res = await fetch(`${base}/api/notifications`, { headers: { authorization: `Bearer ${tokenA}` } });
    expect(((await res.json()) as { unread_count: number }).unread_count).toBe(0);

    // On a phone: B's friend request is the one unread; Mark all read clears it.
    await b.page.goto(`${base}/profile/${idA}`);
    await b.page.getByRole("button", { name: "Add friend" }).click();
    await expect.poll(() => b.page.getByRole("button", { name: "Add friend" }).count()).toBe(0);
    const phone = await suite.page({ width: 390, height: 844 });
    await logIn(phone.page, base, "asha.inbox@example.com", "secret123");
    await expect.poll(() => phone.page.getByTestId("notification-count").textContent()).toBe("1");
    await phone.page.getByTestId("notification-bell").click();
    await phone.page.waitForURL(`${base}/notifications`);
    const request = phone.page.locator("main li button", { hasText: "New friend request" });
    await expect.poll(() => request.getAttribute("data-read")).toBe("false");
    expect(await noSideScroll(phone.page)).toBe(true);
    await screenshot(phone.page, "notifications-390x844");
    await phone.page.getByRole("button", { name: "Mark all read" }).click();
    await expect.poll(() => request.getAttribute("data-read")).toBe("true");
    expect(await phone.page.getByTestId("notification-count").count()).toBe(0);

    for (const p of [a, b, phone]) expect(p.problems).toEqual([]);
  }, 120_000);

  it("the bell fits the admin's header at 1024 px: bell and Logout on screen, no sideways scroll", async () => {
    const base = suite.server.baseUrl;
    const admin = await suite.page({ width: 1024, height: 768 });
    await logIn(admin.page, base, ADMIN.email, ADMIN.password);
    const bell = admin.page.getByTestId("notification-bell");
    await expect.poll(() => bell.isVisible()).toBe(true);
    for (const target of [bell, admin.page.getByRole("button", { name: "Logout" })]) {
      const box = await target.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
    }
    expect(await noSideScroll(admin.page)).toBe(true);
    await screenshot(admin.page.locator("header"), "notifications-admin-header-1024");
    expect(admin.problems).toEqual([]);
  }, 60_000);
});
