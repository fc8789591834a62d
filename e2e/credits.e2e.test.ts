import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startFakeRazorpay, type FakeRazorpay } from "../apps/server/src/test/fake-razorpay.ts";
import { screenshot } from "./support/browser.ts";
import { signUp } from "./support/accounts.ts";
import { startServer } from "./support/server.ts";
import { browserSuite } from "./support/suite.ts";

const uniqueEmail = (name: string) =>
  `${name.toLowerCase().replace(/\W+/g, ".")}.${randomBytes(3).toString("hex")}@example.com`;
const CHECKOUT_JS = "https://checkout.razorpay.com/v1/checkout.js";
const repoRoot = path.resolve(import.meta.dirname, "..");
const clip = path.resolve(repoRoot, "..", "shared", "fixtures", "video", "pose_1.mp4");
const haveFixtures = existsSync(clip);
if (!haveFixtures) console.warn(`credits e2e: ${clip} is missing, skipping the dashboard-with-comparison test`);

/**
 * A stand-in for Razorpay's checkout.js: open() "pays" at once, asking the test side (the fake
 * provider, which holds the key secret) for a payment id and its signature, then calls the page's
 * success handler the way the real checkout does. The secret never reaches the page.
 */
const STAND_IN = `
window.Razorpay = function (options) {
  this.on = function () {};
  this.open = function () {
    window.checkoutOpened(JSON.stringify({ key: options.key, amount: options.amount, currency: options.currency, order_id: options.order_id, prefill: options.prefill }))
      .then(function () { return window.signPayment(options.order_id); })
      .then(function (paid) {
        options.handler({
          razorpay_payment_id: paid.paymentId,
          razorpay_order_id: options.order_id,
          razorpay_signature: paid.signature,
        });
      });
  };
};
`;

let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
});
afterAll(async () => {
  await fake?.close();
});
const suite = browserSuite(() => ({
  env: {
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_URL: fake.url,
  },
}));

const open = () => suite.page();

const visible = (p: Page, text: string) => () => p.getByText(text, { exact: true }).first().isVisible();

describe("credits in the browser", () => {
  it("buys the Starter Pack through the checkout: balance, transactions and payment history update", async () => {
    const { page: p, problems } = await open();
    const opened: { key: string; amount: number; currency: string; order_id: string }[] = [];
    const signed: string[] = [];
    await p.exposeFunction("checkoutOpened", (json: string) => {
      opened.push(JSON.parse(json));
    });
    await p.exposeFunction("signPayment", (orderId: string) => {
      const paymentId = `pay_${randomBytes(7).toString("hex")}`;
      signed.push(orderId);
      return { paymentId, signature: fake.checkoutSignature(orderId, paymentId) };
    });
    let scriptRequests = 0;
    await p.route(CHECKOUT_JS, (route) => {
      scriptRequests += 1;
      return route.fulfill({ contentType: "application/javascript", body: STAND_IN });
    });

    await signUp(p, suite.server.baseUrl, { name: "Kavya Iyer", email: uniqueEmail("Kavya Iyer") });
    await expect.poll(() => p.getByTestId("credit-balance").textContent(), { timeout: 15_000 }).toBe("10");

    await p.goto(`${suite.server.baseUrl}/credits`);
    await expect.poll(() => p.getByTestId("current-credits").textContent(), { timeout: 15_000 }).toBe("10");
    // The checkout script is loaded on demand, not with the page.
    expect(scriptRequests).toBe(0);
    await p.getByRole("button", { name: "Buy Starter Pack for ₹99" }).click();

    await expect.poll(visible(p, "Successfully purchased 10 credits for ₹99!"), { timeout: 20_000 }).toBe(true);
    await p.waitForURL(`${suite.server.baseUrl}/dashboard`);
    await expect.poll(() => p.getByTestId("credit-balance").textContent(), { timeout: 15_000 }).toBe("20");

    // The checkout got the server's order for the bundle's stored price, with the public key only.
    expect(scriptRequests).toBe(1);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ key: fake.keyId, amount: 9_900, currency: "INR" });
    expect(fake.orders.get(opened[0]!.order_id)).toMatchObject({ amount: 9_900, currency: "INR" });
    expect(signed).toEqual([opened[0]!.order_id]);

    // Profile → Transactions: the ledger row and the completed payment.
    await p.goto(`${suite.server.baseUrl}/profile`);
    await p.getByRole("tab", { name: "Transactions" }).click();
    await expect.poll(visible(p, "Purchased 10 credits (₹99)"), { timeout: 15_000 }).toBe(true);
    await expect.poll(visible(p, "Payment history")).toBe(true);
    const payment = p.getByRole("tabpanel").locator("li").filter({ hasText: "10 credits · ₹99" });
    await expect.poll(() => payment.count(), { timeout: 15_000 }).toBe(1);
    expect((await payment.textContent()) ?? "").toContain("Completed");
    expect((await payment.textContent()) ?? "").toContain("razorpay");

    // The server agrees.
    const balance = await p.evaluate(async () => (await fetch("/api/credits/balance")).json());
    expect(balance).toEqual({ credits: 20 });

    expect(problems).toEqual([]);
  });

  it("sends Buy to /coming-soon when payments are not configured", async () => {
    const plain = await startServer({
      RAZORPAY_KEY_ID: "",
      RAZORPAY_KEY_SECRET: "",
      RAZORPAY_WEBHOOK_SECRET: "",
    });
    try {
      const { page: p, problems } = await open();
      let scriptRequests = 0;
      await p.route(CHECKOUT_JS, (route) => {
        scriptRequests += 1;
        return route.abort();
      });
      await signUp(p, plain.baseUrl, { name: "Dev Malhotra", email: uniqueEmail("Dev Malhotra") });
      await p.goto(`${plain.baseUrl}/credits`);
      await p.getByRole("button", { name: "Buy Popular Pack for ₹399" }).click();
      await p.waitForURL(`${plain.baseUrl}/coming-soon`, { timeout: 15_000 });
      await expect
        .poll(() => p.getByRole("heading", { name: "Payment Processing Coming Soon" }).isVisible())
        .toBe(true);
      expect(scriptRequests).toBe(0);
      const balance = await p.evaluate(async () => (await fetch("/api/credits/balance")).json());
      expect(balance).toEqual({ credits: 10 });
      expect(problems).toEqual([]);
    } finally {
      await plain.stop();
    }
  }, 150_000);

  it.skipIf(!haveFixtures)(
    "dashboard tabs show the user's real comparison: recent card, comparisons tab, First Steps",
    async () => {
      const { page: p, problems } = await open();
      const token = await signUp(p, suite.server.baseUrl, { name: "Farah Khan", email: uniqueEmail("Farah Khan") });

      // One real comparison through the API: one dance by two different bodies (a video against
      // itself would earn nothing: it is the reference's own recording).
      const fixture = (name: string) => path.resolve(repoRoot, "..", "shared", "fixtures", "video", name);
      const form = new FormData();
      form.set("activity_type", "ballet");
      form.set(
        "reference_video",
        new Blob([await readFile(fixture("sample_fb_0.mp4"))], { type: "video/mp4" }),
        "sample_fb_0.mp4",
      );
      form.set(
        "user_video",
        new Blob([await readFile(fixture("sample_fb_1.mp4"))], { type: "video/mp4" }),
        "sample_fb_1.mp4",
      );
      const started = await fetch(`${suite.server.baseUrl}/api/videos/compare`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(started.status, await started.clone().text()).toBe(202);
      const { comparison_id: id } = (await started.json()) as { comparison_id: number };

      let comparison: { status: string; overall_score: number | null } | undefined;
      const deadline = Date.now() + 150_000;
      for (;;) {
        const res = await fetch(`${suite.server.baseUrl}/api/comparisons/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).toBe(200);
        comparison = ((await res.json()) as { comparison: typeof comparison }).comparison;
        if (comparison?.status === "completed" || comparison?.status === "failed") break;
        if (Date.now() > deadline) throw new Error(`comparison ${id} still ${comparison?.status} after 150 s`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      expect(comparison?.status).toBe("completed");
      expect(typeof comparison?.overall_score).toBe("number");
      const score = `${Math.round(comparison!.overall_score!)}%`;

      await p.goto(`${suite.server.baseUrl}/dashboard`);
      // Overview: the recent comparison card with its score; one credit spent.
      const card = p.locator(`a[href="/compare?id=${id}"]`);
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      expect(await card.textContent()).toContain(score);
      expect(await card.textContent()).toContain("Ballet");
      expect(await p.getByTestId("credit-balance").textContent()).toBe("9");
      await screenshot(p, "dashboard-overview");

      await p.getByRole("tab", { name: "Comparisons" }).click();
      const row = p.getByRole("tabpanel").locator(`a[href="/compare?id=${id}"]`);
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      expect(await row.textContent()).toContain(score);
      expect(await p.getByText("No comparisons yet", { exact: false }).count()).toBe(0);

      await p.getByRole("tab", { name: "Achievements" }).click();
      await expect
        .poll(() => p.getByRole("tabpanel").getByRole("heading", { name: "First Steps" }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await p.getByText("No Achievements Yet").count()).toBe(0);
      await screenshot(p, "dashboard-achievements");

      expect(problems).toEqual([]);
    },
    240_000,
  );
});
