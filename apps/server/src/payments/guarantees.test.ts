import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../test/app.ts";
import { startFakeRazorpay, type FakeRazorpay } from "../test/fake-razorpay.ts";
import { creditBundles, creditTransactions, paymentEvents, purchases, users } from "../db/schema.ts";
import { changeCredits } from "../modules/credits/service.ts";

/**
 * What a payment guarantees, each on its own: forged signatures grant nothing; callback
 * and webhook in either order and repeated grant once; concurrent spends never overdraw; a failed
 * payment never grants; a bundle's price change does not touch an order already open.
 */

const WEBHOOK = "/api/payments/razorpay/webhook";

let fake: FakeRazorpay;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({
    razorpay: { keyId: fake.keyId, keySecret: fake.keySecret, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Bundle = { id: number; name: string; price: number; credits_amount: number };

async function bundleNamed(name: string): Promise<Bundle> {
  const res = await t.call("GET", "/api/credits/bundles");
  expect(res.statusCode).toBe(200);
  const found = (res.json().bundles as Bundle[]).find((b) => b.name === name);
  if (!found) throw new Error(`no bundle ${name}`);
  return found;
}

async function startPurchase(token: string, bundleId: number) {
  const res = await t.call("POST", "/api/credits/purchase-razorpay", { token, body: { bundle_id: bundleId } });
  expect(res.statusCode).toBe(200);
  return res.json() as { order_id: string; amount: number; purchase_id: number };
}

function verify(token: string, orderId: string, paymentId: string, signature?: string) {
  return t.call("POST", "/api/credits/verify-razorpay", {
    token,
    body: {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature ?? fake.checkoutSignature(orderId, paymentId),
    },
  });
}

function postWebhook(delivery: { body: string; headers: Record<string, string> }) {
  return t.call("POST", WEBHOOK, { body: delivery.body, headers: delivery.headers });
}

async function balance(userId: number) {
  const [u] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return u!.credits;
}

async function ledger(userId: number, type: "purchase" | "usage") {
  return t.ctx.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.transactionType, type)));
}

async function purchaseRow(orderId: string) {
  const [p] = await t.ctx.db.select().from(purchases).where(eq(purchases.providerOrderId, orderId));
  return p!;
}

const flipLast = (hex: string) => hex.slice(0, -1) + (hex.endsWith("0") ? "1" : "0");

describe("forged signatures grant nothing", () => {
  it("refuses a checkout signature forged or made for another order, on the callback and the webhook", async () => {
    const { token, user } = await t.signUp();
    const starter = await bundleNamed("Starter Pack");
    const mine = await startPurchase(token, starter.id);
    const other = await startPurchase(token, starter.id);
    const paymentId = "pay_forged1";
    const forgeries = [
      fake.checkoutSignature(mine.order_id, paymentId, "guessed secret"),
      fake.checkoutSignature(mine.order_id, paymentId, fake.webhookSecret), // the wrong one of our secrets
      fake.checkoutSignature(other.order_id, paymentId), // genuine, but for the other order
      fake.checkoutSignature(`${mine.order_id}|${paymentId}`, ""), // the same bytes plus a separator
      flipLast(fake.checkoutSignature(mine.order_id, paymentId)), // one hex digit off
      fake.checkoutSignature(mine.order_id, paymentId).slice(0, 32), // truncated
      "",
    ];
    for (const signature of forgeries) {
      const res = await verify(token, mine.order_id, paymentId, signature);
      expect(res.statusCode, signature).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, signature).toBeLessThan(500);
    }
    // A signature genuinely made for the other order, presented with the other order's id, is good
    // only for that order: it completes `other`, never `mine`.
    const otherOk = await verify(token, other.order_id, paymentId);
    expect(otherOk.json()).toMatchObject({ success: true, credits_added: 10 });
    expect((await purchaseRow(mine.order_id)).paymentStatus).toBe("pending");

    // Webhooks signed with anything but the webhook secret change nothing.
    for (const secret of [fake.keySecret, "guessed secret"]) {
      const res = await postWebhook(
        fake.webhook("payment.captured", { orderId: mine.order_id, amount: 9_900 }, { secret }),
      );
      expect(res.statusCode).toBe(400);
    }
    const unsigned = fake.webhook("payment.captured", { orderId: mine.order_id, amount: 9_900 });
    const { "x-razorpay-signature": _dropped, ...withoutSignature } = unsigned.headers;
    expect((await postWebhook({ body: unsigned.body, headers: withoutSignature })).statusCode).toBe(400);

    expect((await purchaseRow(mine.order_id)).paymentStatus).toBe("pending");
    expect(await balance(user.id)).toBe(20); // 10 free + the other order's 10
    expect(await ledger(user.id, "purchase")).toHaveLength(1);
  });
});

describe("callback and webhook grant once, in either order and repeated", () => {
  it("callback first, then repeated webhooks and callbacks", async () => {
    const { token, user } = await t.signUp();
    const popular = await bundleNamed("Popular Pack");
    const { order_id } = await startPurchase(token, popular.id);
    const paymentId = "pay_cb_first";

    const first = await verify(token, order_id, paymentId);
    expect(first.json()).toEqual({ success: true, credits_added: 50, amount_paid: 399, credits: 60 });
    const captured = fake.webhook("payment.captured", { orderId: order_id, paymentId, amount: 39_900 });
    expect((await postWebhook(captured)).json()).toEqual({ status: "already_completed" });
    expect((await postWebhook(captured)).json()).toEqual({ status: "duplicate" });
    const paid = fake.webhook("order.paid", { orderId: order_id, paymentId, amount: 39_900 });
    expect((await postWebhook(paid)).json()).toEqual({ status: "already_completed" });
    const again = await verify(token, order_id, paymentId);
    expect(again.json()).toEqual({ success: true, credits_added: 0, amount_paid: 399, credits: 60 });

    expect(await balance(user.id)).toBe(60);
    expect(await ledger(user.id, "purchase")).toHaveLength(1);
    expect((await purchaseRow(order_id)).paymentStatus).toBe("completed");
  });

  it("webhook first, then repeated callbacks and webhooks", async () => {
    const { token, user } = await t.signUp();
    const popular = await bundleNamed("Popular Pack");
    const { order_id } = await startPurchase(token, popular.id);
    const paymentId = "pay_wh_first";

    const captured = fake.webhook("payment.captured", { orderId: order_id, paymentId, amount: 39_900 });
    expect((await postWebhook(captured)).json()).toEqual({ status: "completed" });
    expect(await balance(user.id)).toBe(60);
    for (let i = 0; i < 3; i++) {
      const res = await verify(token, order_id, paymentId);
      expect(res.statusCode).toBe(200);
      // The callback still succeeds for the user (the credits are there), but adds nothing.
      expect(res.json()).toEqual({ success: true, credits_added: 0, amount_paid: 399, credits: 60 });
    }
    expect((await postWebhook(captured)).json()).toEqual({ status: "duplicate" });
    // Razorpay also sends order.paid, and may redeliver an event under a new id.
    expect(
      (await postWebhook(fake.webhook("order.paid", { orderId: order_id, paymentId, amount: 39_900 }))).json(),
    ).toEqual({ status: "already_completed" });
    expect(
      (await postWebhook(fake.webhook("payment.captured", { orderId: order_id, paymentId, amount: 39_900 }))).json(),
    ).toEqual({ status: "already_completed" });

    expect(await balance(user.id)).toBe(60);
    expect(await ledger(user.id, "purchase")).toHaveLength(1);
    expect((await purchaseRow(order_id)).paymentStatus).toBe("completed");
    expect((await purchaseRow(order_id)).providerPaymentId).toBe(paymentId);
  });

  it("everything at once, many times over", async () => {
    const { token, user } = await t.signUp();
    const popular = await bundleNamed("Popular Pack");
    const { order_id } = await startPurchase(token, popular.id);
    const paymentId = "pay_storm";
    const captured = fake.webhook("payment.captured", { orderId: order_id, paymentId, amount: 39_900 });
    const calls = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? verify(token, order_id, paymentId)
        : i % 3 === 1
          ? postWebhook(captured)
          : postWebhook(fake.webhook("order.paid", { orderId: order_id, paymentId, amount: 39_900 })),
    );
    const results = await Promise.all(calls);
    for (const r of results) expect(r.statusCode).toBe(200);
    const grants = results.filter((r) => r.json().credits_added === 50 || r.json().status === "completed");
    expect(grants).toHaveLength(1);
    expect(await balance(user.id)).toBe(60);
    expect(await ledger(user.id, "purchase")).toHaveLength(1);
  });
});

describe("concurrent spends", () => {
  it("100 concurrent spends on a balance of 10: exactly 10 succeed", async () => {
    const { user } = await t.signUp();
    expect(await balance(user.id)).toBe(10);
    const db = t.ctx.db;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        db.transaction((tx) => changeCredits(tx, user.id, -1, "usage", `spend ${i}`)),
      ),
    );
    expect(results.filter((ok) => ok)).toHaveLength(10);
    expect(results.filter((ok) => !ok)).toHaveLength(90);
    expect(await balance(user.id)).toBe(0);
    expect(await ledger(user.id, "usage")).toHaveLength(10);
    // The ledger still adds up to the balance: 10 initial − 10 spent.
    const all = await db.select().from(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect(all.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
  });
});

describe("a failed payment never grants", () => {
  it("payment.failed, repeated and redelivered, leaves the balance alone and the purchase failed", async () => {
    const { token, user } = await t.signUp();
    const popular = await bundleNamed("Popular Pack");
    const { order_id } = await startPurchase(token, popular.id);
    const failed = fake.webhook("payment.failed", { orderId: order_id, paymentId: "pay_declined", amount: 39_900 });
    expect((await postWebhook(failed)).json()).toEqual({ status: "failed" });
    expect((await postWebhook(failed)).json()).toEqual({ status: "duplicate" });
    const redelivered = fake.webhook("payment.failed", {
      orderId: order_id,
      paymentId: "pay_declined",
      amount: 39_900,
    });
    expect((await postWebhook(redelivered)).json()).toEqual({ status: "unchanged" });

    // No checkout success signature exists for a failed payment; a guessed one is refused.
    const guessed = await verify(token, order_id, "pay_declined", "0".repeat(64));
    expect(guessed.statusCode).toBe(400);

    expect(await balance(user.id)).toBe(10);
    expect(await ledger(user.id, "purchase")).toHaveLength(0);
    const row = await purchaseRow(order_id);
    expect(row.paymentStatus).toBe("failed");
    const list = await t.call("GET", "/api/credits/purchases", { token });
    expect(list.json().purchases).toEqual([expect.objectContaining({ payment_status: "failed" })]);
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order_id));
    expect(events).toHaveLength(2);
  });
});

describe("bundle price changes do not affect open orders", () => {
  it("an order keeps the amount it was opened with through the callback", async () => {
    const { token, user } = await t.signUp();
    const pro = await bundleNamed("Pro Pack");
    const { order_id, amount } = await startPurchase(token, pro.id);
    expect(amount).toBe(79_900);
    try {
      await t.ctx.db
        .update(creditBundles)
        .set({ pricePaise: 149_900, creditsAmount: 500 })
        .where(eq(creditBundles.id, pro.id));
      expect((await bundleNamed("Pro Pack")).price).toBe(1499);

      const res = await verify(token, order_id, "pay_price1");
      expect(res.json()).toEqual({ success: true, credits_added: 120, amount_paid: 799, credits: 130 });
      const row = await purchaseRow(order_id);
      expect(row).toMatchObject({ paymentStatus: "completed", amountPaise: 79_900, creditsAmount: 120 });
      const [tx] = await ledger(user.id, "purchase");
      expect(tx).toMatchObject({ amount: 120, description: "Purchased 120 credits (₹799)" });
      const list = await t.call("GET", "/api/credits/purchases", { token });
      expect(list.json().purchases[0]).toMatchObject({ amount_paid: 799, credits_amount: 120 });

      // A new order after the change is at the new price.
      const next = await startPurchase(token, pro.id);
      expect(next.amount).toBe(149_900);
      expect(fake.orders.get(next.order_id)!.amount).toBe(149_900);
    } finally {
      await t.ctx.db
        .update(creditBundles)
        .set({ pricePaise: 79_900, creditsAmount: 120 })
        .where(eq(creditBundles.id, pro.id));
    }
  });

  it("the webhook checks the payment against the order's amount, not the bundle's new price", async () => {
    const { token, user } = await t.signUp();
    const master = await bundleNamed("Master Pack");
    const { order_id } = await startPurchase(token, master.id);
    try {
      await t.ctx.db.update(creditBundles).set({ pricePaise: 99_900 }).where(eq(creditBundles.id, master.id));
      // A payment of the new price is not this order's payment.
      const wrong = await postWebhook(fake.webhook("payment.captured", { orderId: order_id, amount: 99_900 }));
      expect(wrong.json()).toEqual({ status: "amount_mismatch" });
      expect(await balance(user.id)).toBe(10);
      expect((await purchaseRow(order_id)).paymentStatus).toBe("pending");
      // The order's own amount completes it, with the bundle's credits as they were.
      const right = await postWebhook(fake.webhook("order.paid", { orderId: order_id, amount: 169_900 }));
      expect(right.json()).toEqual({ status: "completed" });
      expect(await balance(user.id)).toBe(310);
      expect(await purchaseRow(order_id)).toMatchObject({ amountPaise: 169_900, creditsAmount: 300 });
    } finally {
      await t.ctx.db.update(creditBundles).set({ pricePaise: 169_900 }).where(eq(creditBundles.id, master.id));
    }
  });

  it("a bundle deactivated after the order was opened still completes that order", async () => {
    const { token, user } = await t.signUp();
    const starter = await bundleNamed("Starter Pack");
    const { order_id } = await startPurchase(token, starter.id);
    try {
      await t.ctx.db.update(creditBundles).set({ isActive: false }).where(eq(creditBundles.id, starter.id));
      const res = await verify(token, order_id, "pay_retired");
      expect(res.json()).toMatchObject({ success: true, credits_added: 10, amount_paid: 99 });
      expect(await balance(user.id)).toBe(20);
    } finally {
      await t.ctx.db.update(creditBundles).set({ isActive: true }).where(eq(creditBundles.id, starter.id));
    }
  });
});
