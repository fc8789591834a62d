import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../test/app.ts";
import { startFakeRazorpay, type FakeRazorpay } from "../test/fake-razorpay.ts";
import { creditTransactions, purchases, users } from "../db/schema.ts";
import { changeCredits } from "../modules/credits/service.ts";

const WEBHOOK = "/api/payments/razorpay/webhook";

let fake: FakeRazorpay;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  t = await startTestApp({
    razorpay: { keyId: fake.keyId, keySecret: fake.keySecret, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
  });
  // The same database, payments not configured.
  off = await startTestApp({}, {}, t.database);
});
afterAll(async () => {
  await off?.close();
  await t?.close();
  await fake?.close();
});

async function bundles() {
  const res = await t.call("GET", "/api/credits/bundles");
  expect(res.statusCode).toBe(200);
  return res.json().bundles as {
    id: number;
    name: string;
    price: number;
    credits_amount: number;
    is_popular: boolean;
  }[];
}

async function popular() {
  return (await bundles()).find((b) => b.name === "Popular Pack")!;
}

async function startPurchase(token: string, bundleId?: number) {
  const res = await t.call("POST", "/api/credits/purchase-razorpay", {
    token,
    body: { bundle_id: bundleId ?? (await popular()).id },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { order_id: string; amount: number; key_id: string; purchase_id: number };
}

async function balance(userId: number) {
  const [u] = await t.ctx.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return u!.credits;
}

async function purchaseLedgerRows(userId: number) {
  return t.ctx.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.transactionType, "purchase")));
}

async function purchaseStatus(orderId: string) {
  const [p] = await t.ctx.db.select().from(purchases).where(eq(purchases.providerOrderId, orderId));
  return p?.paymentStatus;
}

function postWebhook(delivery: { body: string; headers: Record<string, string> }) {
  return t.call("POST", WEBHOOK, { body: delivery.body, headers: delivery.headers });
}

describe("bundles and plans", () => {
  it("lists the four seeded bundles publicly, prices in rupees", async () => {
    const list = await bundles();
    expect(list.map((b) => [b.name, b.credits_amount, b.price, b.is_popular])).toEqual([
      ["Starter Pack", 10, 99, false],
      ["Popular Pack", 50, 399, true],
      ["Pro Pack", 120, 799, false],
      ["Master Pack", 300, 1699, false],
    ]);
    expect(list[0]).toMatchObject({ is_active: true, description: expect.any(String), features: expect.any(Array) });
  });

  it("does not seed twice (a second app on the same database)", async () => {
    expect(await bundles()).toHaveLength(4);
  });

  it("derives the plans from the active bundles", async () => {
    const res = await t.call("GET", "/api/plans");
    expect(res.statusCode).toBe(200);
    expect(res.json().plans[1]).toMatchObject({ name: "Popular Pack", price: 399, credits: 50, popular: true });
  });
});

describe("POST /api/credits/purchase-razorpay", () => {
  it("needs a signed-in user", async () => {
    const res = await t.call("POST", "/api/credits/purchase-razorpay", { body: { bundle_id: 1 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required" });
  });

  it("answers 404 for an unknown bundle and 400 without one", async () => {
    const { token } = await t.signUp();
    const res = await t.call("POST", "/api/credits/purchase-razorpay", { token, body: { bundle_id: 9999 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Credit bundle not found" });
    const none = await t.call("POST", "/api/credits/purchase-razorpay", { token, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: "Please choose a credit bundle" });
  });

  it("redirects to /coming-soon when payments are not configured", async () => {
    const { token } = await off.signUp();
    const res = await off.call("POST", "/api/credits/purchase-razorpay", {
      token,
      body: { bundle_id: (await popular()).id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: "/coming-soon" });
  });

  it("creates an order for the bundle's stored price and a pending purchase", async () => {
    const { token, user } = await t.signUp({ username: "Asha Rao" });
    const bundle = await popular();
    const res = await t.call("POST", "/api/credits/purchase-razorpay", {
      token,
      body: { bundle_id: bundle.id, amount: 1 }, // an amount from the client is ignored
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      key_id: fake.keyId,
      amount: 39_900,
      currency: "INR",
      name: "StepSync",
      image: expect.stringContaining("favicon.svg"),
      order_id: expect.stringMatching(/^order_/),
      prefill: { name: "Asha Rao", email: user.email },
      notes: { bundle_id: String(bundle.id), user_id: String(user.id) },
      purchase_id: expect.any(Number),
    });
    const order = fake.orders.get(body.order_id)!;
    expect(order).toMatchObject({ amount: 39_900, currency: "INR", status: "created" });
    expect(await purchaseStatus(body.order_id)).toBe("pending");
    const list = await t.call("GET", "/api/credits/purchases", { token });
    expect(list.json().purchases).toEqual([
      expect.objectContaining({
        credits_amount: 50,
        amount_paid: 399,
        payment_method: "razorpay",
        payment_status: "pending",
      }),
    ]);
  });

  it("answers a readable 502 when the provider fails", async () => {
    const { token } = await t.signUp();
    fake.failNext(500);
    const res = await t.call("POST", "/api/credits/purchase-razorpay", {
      token,
      body: { bundle_id: (await popular()).id },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: "Could not start the payment. Please try again." });
  });
});

describe("POST /api/credits/verify-razorpay", () => {
  it("grants the credits once for a good signature and is idempotent", async () => {
    const { token, user } = await t.signUp();
    const { order_id } = await startPurchase(token);
    const paymentId = "pay_good1";
    const body = {
      razorpay_order_id: order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: fake.checkoutSignature(order_id, paymentId),
      bundle_id: 1,
    };
    const first = await t.call("POST", "/api/credits/verify-razorpay", { token, body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, credits_added: 50, amount_paid: 399, credits: 60 });
    const again = await t.call("POST", "/api/credits/verify-razorpay", { token, body });
    expect(again.json()).toEqual({ success: true, credits_added: 0, amount_paid: 399, credits: 60 });
    expect(await balance(user.id)).toBe(60);
    expect(await purchaseLedgerRows(user.id)).toHaveLength(1);
    expect(await purchaseStatus(order_id)).toBe("completed");
    const tx = await t.call("GET", "/api/credits/transactions", { token });
    expect(tx.json().transactions[0]).toMatchObject({ transaction_type: "purchase", amount: 50 });
  });

  it("refuses a bad, tampered or foreign signature and leaves the purchase pending", async () => {
    const { token, user } = await t.signUp();
    const { order_id } = await startPurchase(token);
    const other = await startPurchase(token);
    const cases = [
      fake.checkoutSignature(order_id, "pay_x", "wrong secret"),
      fake.checkoutSignature(other.order_id, "pay_x"), // signed for another order
      fake.checkoutSignature(order_id, "pay_other"), // signed for another payment
      "not-hex",
    ];
    for (const signature of cases) {
      const res = await t.call("POST", "/api/credits/verify-razorpay", {
        token,
        body: { razorpay_order_id: order_id, razorpay_payment_id: "pay_x", razorpay_signature: signature },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Payment verification failed" });
    }
    expect(await purchaseStatus(order_id)).toBe("pending");
    expect(await balance(user.id)).toBe(10);
  });

  it("does not verify another user's order", async () => {
    const owner = await t.signUp();
    const thief = await t.signUp();
    const { order_id } = await startPurchase(owner.token);
    const res = await t.call("POST", "/api/credits/verify-razorpay", {
      token: thief.token,
      body: {
        razorpay_order_id: order_id,
        razorpay_payment_id: "pay_t",
        razorpay_signature: fake.checkoutSignature(order_id, "pay_t"),
      },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Order not found" });
    expect(await balance(thief.user.id)).toBe(10);
    expect(await purchaseStatus(order_id)).toBe("pending");
  });

  it("validates its fields", async () => {
    const { token } = await t.signUp();
    const res = await t.call("POST", "/api/credits/verify-razorpay", { token, body: { razorpay_order_id: "order_1" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "razorpay_payment_id is required" });
  });
});

describe("webhook", () => {
  it("refuses a bad signature and a tampered body", async () => {
    const { token } = await t.signUp();
    const { order_id } = await startPurchase(token);
    const bad = fake.webhook("payment.captured", { orderId: order_id, amount: 39_900 }, { secret: "nope" });
    expect((await postWebhook(bad)).statusCode).toBe(400);
    const good = fake.webhook("payment.captured", { orderId: order_id, amount: 39_900 });
    const tampered = { ...good, body: good.body.replace("39900", "100") };
    const res = await postWebhook(tampered);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Invalid webhook signature" });
    expect(await purchaseStatus(order_id)).toBe("pending");
  });

  it("grants on payment.captured, ignores a repeated event id", async () => {
    const { token, user } = await t.signUp();
    const { order_id } = await startPurchase(token);
    const delivery = fake.webhook("payment.captured", { orderId: order_id, amount: 39_900 });
    const first = await postWebhook(delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: "completed" });
    expect((await postWebhook(delivery)).json()).toEqual({ status: "duplicate" });
    // order.paid for the same order later: already completed, nothing more.
    expect((await postWebhook(fake.webhook("order.paid", { orderId: order_id, amount: 39_900 }))).json()).toEqual({
      status: "already_completed",
    });
    expect(await balance(user.id)).toBe(60);
    expect(await purchaseLedgerRows(user.id)).toHaveLength(1);
  });

  it("does not grant a signed payment whose amount differs from the purchase", async () => {
    const { token, user } = await t.signUp();
    const { order_id } = await startPurchase(token);
    const res = await postWebhook(fake.webhook("payment.captured", { orderId: order_id, amount: 100 }));
    expect(res.json()).toEqual({ status: "amount_mismatch" });
    expect(await balance(user.id)).toBe(10);
  });

  it("moves only forward: failed never undoes completed; a later capture completes a failed attempt", async () => {
    const { token, user } = await t.signUp();
    const a = await startPurchase(token);
    await postWebhook(fake.webhook("order.paid", { orderId: a.order_id, amount: 39_900 }));
    const failed = await postWebhook(fake.webhook("payment.failed", { orderId: a.order_id, amount: 39_900 }));
    expect(failed.json()).toEqual({ status: "unchanged" });
    expect(await purchaseStatus(a.order_id)).toBe("completed");

    const b = await startPurchase(token);
    expect((await postWebhook(fake.webhook("payment.failed", { orderId: b.order_id, amount: 39_900 }))).json()).toEqual(
      {
        status: "failed",
      },
    );
    expect(await purchaseStatus(b.order_id)).toBe("failed");
    // Razorpay lets the customer retry on the same order; the captured retry gives the credits.
    await postWebhook(fake.webhook("payment.captured", { orderId: b.order_id, amount: 39_900 }));
    expect(await purchaseStatus(b.order_id)).toBe("completed");
    expect(await balance(user.id)).toBe(110);
    expect(await purchaseLedgerRows(user.id)).toHaveLength(2);
  });

  it("answers 200 and ignores an unknown order", async () => {
    const res = await postWebhook(fake.webhook("payment.captured", { orderId: "order_unknown", amount: 39_900 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "unknown_order" });
  });

  it("answers 503 when the webhook secret is not set", async () => {
    const res = await off.call("POST", WEBHOOK, fake.webhook("payment.captured", { orderId: "x", amount: 1 }));
    expect(res.statusCode).toBe(503);
  });

  it("leaves JSON parsing of other routes alone", async () => {
    const res = await t.call("POST", "/api/auth/login", { body: { email: "a@b.c", password: "x" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("exactly once under races", () => {
  it("verify + webhooks (repeated and different events) racing grant the credits once", async () => {
    for (let round = 0; round < 3; round++) {
      const { token, user } = await t.signUp();
      const { order_id } = await startPurchase(token);
      const paymentId = `pay_race${round}`;
      const captured = fake.webhook("payment.captured", { orderId: order_id, paymentId, amount: 39_900 });
      const paid = fake.webhook("order.paid", { orderId: order_id, paymentId, amount: 39_900 });
      const verifyBody = {
        razorpay_order_id: order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: fake.checkoutSignature(order_id, paymentId),
      };
      const results = await Promise.all([
        t.call("POST", "/api/credits/verify-razorpay", { token, body: verifyBody }),
        postWebhook(captured),
        postWebhook(captured),
        postWebhook(paid),
        t.call("POST", "/api/credits/verify-razorpay", { token, body: verifyBody }),
      ]);
      for (const r of results) expect(r.statusCode).toBe(200);
      const added = results.filter((_, i) => i === 0 || i === 4).map((r) => r.json().credits_added);
      const webhookGrants = results.slice(1, 4).filter((r) => r.json().status === "completed").length;
      expect(added.filter((n) => n === 50).length + webhookGrants).toBe(1);
      expect(await balance(user.id)).toBe(60);
      expect(await purchaseLedgerRows(user.id)).toHaveLength(1);
      expect(await purchaseStatus(order_id)).toBe("completed");
    }
  });

  it("parallel spends with a balance of 1: exactly one succeeds", async () => {
    const { user } = await t.signUp();
    const db = t.ctx.db;
    await db.transaction((tx) => changeCredits(tx, user.id, -9, "usage", "spend down"));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction((tx) => changeCredits(tx, user.id, -1, "usage", "race"))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balance(user.id)).toBe(0);
    const rows = await db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.userId, user.id), eq(creditTransactions.description, "race")));
    expect(rows).toHaveLength(1);
  });
});

describe("checkouts that do not succeed", () => {
  async function history(token: string) {
    const res = await t.call("GET", "/api/credits/purchases", { token });
    return res.json().purchases as Array<{ payment_status: string; ended: string | null }>;
  }

  it("a dismissed checkout is cancelled at once, a refused payment failed; money captured later still completes it, once", async () => {
    const { token, user } = await t.signUp();
    const dismissed = await startPurchase(token);
    const closed = await t.call("POST", "/api/credits/checkout-closed", {
      token,
      body: { razorpay_order_id: dismissed.order_id },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ payment_status: "failed", ended: "cancelled" });

    const refused = await startPurchase(token);
    await t.call("POST", "/api/credits/checkout-closed", {
      token,
      body: { razorpay_order_id: refused.order_id, razorpay_payment_id: "pay_refused1" },
    });
    expect((await history(token)).map((p) => [p.payment_status, p.ended])).toEqual([
      ["failed", "failed"],
      ["failed", "cancelled"],
    ]);
    expect(await balance(user.id)).toBe(10);

    // The bank captured the money after all: the purchase completes and credits arrive once.
    const late = fake.webhook("payment.captured", { orderId: dismissed.order_id, amount: 39_900 });
    expect((await postWebhook(late)).json()).toEqual({ status: "completed" });
    expect(await balance(user.id)).toBe(60);
    expect(await purchaseLedgerRows(user.id)).toHaveLength(1);
  });

  it("someone else's order, or an unknown one, is not found (404) and left as it was", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { order_id } = await startPurchase(owner.token);
    for (const body of [{ razorpay_order_id: order_id }, { razorpay_order_id: "order_unknown123" }]) {
      const res = await t.call("POST", "/api/credits/checkout-closed", { token: other.token, body });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty("error");
    }
    expect(await purchaseStatus(order_id)).toBe("pending");
    const missing = await t.call("POST", "/api/credits/checkout-closed", { token: owner.token, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "razorpay_order_id is required" });
  });

  it("a checkout abandoned for an hour expires as cancelled; a fresh one stays pending", async () => {
    const { token } = await t.signUp();
    const old = await startPurchase(token);
    const fresh = await startPurchase(token);
    await t.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(purchases.providerOrderId, old.order_id));
    // The expiry runs at start (and every 10 minutes): another process of the deployment starting.
    const next = await startTestApp({}, {}, t.database);
    await next.close();
    expect(await purchaseStatus(old.order_id)).toBe("failed");
    expect(await purchaseStatus(fresh.order_id)).toBe("pending");
    expect((await history(token)).map((p) => p.ended)).toEqual([null, "cancelled"]);
  });
});
