import type { CreditBundle } from "@stepsync/contracts";
import { barHeight } from "@stepsync/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../test/utils";
import { type RazorpayConstructor, type RazorpayOptions, startPurchase } from "./checkout";
import { barColourClass } from "../components/StyleProgressChart";
import { cheapestPrice } from "../pages/dashboard/DashboardPage";
import { isMostPopular } from "../pages/credits/CreditsPage";

const bundle: CreditBundle = {
  id: 2,
  name: "Popular Pack",
  description: "",
  credits_amount: 50,
  price: 399,
  is_active: true,
  is_popular: true,
  features: [],
};

const order = {
  key_id: "rzp_test_x",
  amount: 39_900,
  currency: "INR",
  name: "StepSync",
  description: "Popular Pack: 50 credits",
  image: "/favicon.svg",
  order_id: "order_abc",
  prefill: { name: "Maya", email: "maya@example.com" },
  notes: { bundle_id: "2", user_id: "1" },
  purchase_id: 7,
};

/** A stand-in for checkout.js's window.Razorpay that records its options and lets the test drive it. */
function fakeCheckout() {
  const state: { options?: RazorpayOptions; failed?: (r: unknown) => void; opened: boolean } = { opened: false };
  const Ctor = vi.fn(function (this: unknown, options: RazorpayOptions) {
    state.options = options;
    return {
      open: () => {
        state.opened = true;
      },
      on: (_event: string, cb: (r: unknown) => void) => {
        state.failed = cb;
      },
    };
  }) as unknown as RazorpayConstructor;
  return { Ctor, state };
}

function callbacks(load?: () => Promise<RazorpayConstructor>) {
  return {
    onRedirect: vi.fn(),
    onSuccess: vi.fn(),
    onError: vi.fn(),
    onSettled: vi.fn(),
    load: load ?? (() => Promise.reject(new Error("not used"))),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("purchase flow", () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows the server's redirect when payments are not available", async () => {
    const { calls } = mockFetch({ "POST /api/credits/purchase-razorpay": { body: { redirect: "/coming-soon" } } });
    const cb = callbacks();
    await startPurchase(bundle, cb);
    expect(calls[0]?.body).toEqual({ bundle_id: 2 });
    expect(cb.onRedirect).toHaveBeenCalledWith("/coming-soon");
    expect(cb.onSettled).toHaveBeenCalled();
  });

  it("opens checkout with the server's fields, verifies, and reports the spec's success text", async () => {
    const { calls } = mockFetch({
      "POST /api/credits/purchase-razorpay": { body: order },
      "POST /api/credits/verify-razorpay": {
        body: { success: true, credits_added: 50, amount_paid: 399, credits: 60 },
      },
    });
    const { Ctor, state } = fakeCheckout();
    const cb = callbacks(() => Promise.resolve(Ctor));
    await startPurchase(bundle, cb);
    expect(state.opened).toBe(true);
    expect(state.options).toMatchObject({ key: "rzp_test_x", amount: 39_900, currency: "INR", order_id: "order_abc" });
    state.options!.handler({ razorpay_payment_id: "pay_1", razorpay_order_id: "order_abc", razorpay_signature: "sig" });
    await flush();
    await flush();
    expect(calls[1]?.body).toEqual({
      razorpay_payment_id: "pay_1",
      razorpay_order_id: "order_abc",
      razorpay_signature: "sig",
      bundle_id: 2,
    });
    expect(cb.onSuccess).toHaveBeenCalledWith("Successfully purchased 50 credits for ₹399!");
    expect(cb.onSettled).toHaveBeenCalled();
  });

  it("reports a verification error from the server, or asks to contact support without one", async () => {
    mockFetch({
      "POST /api/credits/purchase-razorpay": { body: order },
      "POST /api/credits/verify-razorpay": { status: 400, body: { error: "Payment verification failed" } },
    });
    const { Ctor, state } = fakeCheckout();
    const cb = callbacks(() => Promise.resolve(Ctor));
    await startPurchase(bundle, cb);
    state.options!.handler({ razorpay_payment_id: "p", razorpay_order_id: "order_abc", razorpay_signature: "bad" });
    await flush();
    await flush();
    // The server's reason already is the spec's words: said once, not "failed: Payment verification failed".
    expect(cb.onError).toHaveBeenCalledWith("Payment verification failed");

    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        String(url).includes("verify")
          ? Promise.reject(new TypeError("offline"))
          : Promise.resolve(new Response(JSON.stringify(order))),
      ),
    );
    const cb2 = callbacks(() => Promise.resolve(Ctor));
    await startPurchase(bundle, cb2);
    state.options!.handler({ razorpay_payment_id: "p", razorpay_order_id: "order_abc", razorpay_signature: "s" });
    await flush();
    await flush();
    expect(cb2.onError).toHaveBeenCalledWith("Payment verification failed. Please contact support.");
  });

  it("resets on dismissal and reports a failed payment's description; tells the server either way", async () => {
    const { calls } = mockFetch({
      "POST /api/credits/purchase-razorpay": { body: order },
      "POST /api/credits/checkout-closed": { body: { payment_status: "failed", ended: "cancelled" } },
    });
    const { Ctor, state } = fakeCheckout();
    const cb = callbacks(() => Promise.resolve(Ctor));
    await startPurchase(bundle, cb);
    state.options!.modal!.ondismiss!();
    expect(cb.onSettled).toHaveBeenCalledTimes(1);
    state.failed!({ error: { description: "Card declined", metadata: { payment_id: "pay_declined1" } } });
    expect(cb.onError).toHaveBeenCalledWith("Payment failed: Card declined");
    await flush();
    expect(calls.filter((c) => c.path === "/api/credits/checkout-closed").map((c) => c.body)).toEqual([
      { razorpay_order_id: "order_abc" },
      { razorpay_order_id: "order_abc", razorpay_payment_id: "pay_declined1" },
    ]);
  });

  it("reports a server error, a network error and a script that will not load", async () => {
    mockFetch({ "POST /api/credits/purchase-razorpay": { status: 404, body: { error: "Credit bundle not found" } } });
    const a = callbacks();
    await startPurchase(bundle, a);
    expect(a.onError).toHaveBeenCalledWith("Purchase failed: Credit bundle not found");

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("offline"))),
    );
    const b = callbacks();
    await startPurchase(bundle, b);
    expect(b.onError).toHaveBeenCalledWith("Failed to purchase credits: Network error. Please try again.");
    vi.unstubAllGlobals();

    mockFetch({ "POST /api/credits/purchase-razorpay": { body: order } });
    const c = callbacks(() => Promise.reject(new Error("blocked")));
    await startPurchase(bundle, c);
    expect(c.onError).toHaveBeenCalledWith("Failed to load Razorpay SDK. Please try again.");
    expect(c.onSettled).toHaveBeenCalled();
  });
});

describe("chart and price rules", () => {
  it("bar height = score × 0.6 px, at least 10 px", () => {
    expect(barHeight(100)).toBe(60);
    expect(barHeight(85)).toBe(51);
    expect(barHeight(10)).toBe(10);
    expect(barHeight(0)).toBe(10);
    expect(barHeight(Number.NaN)).toBe(10);
  });

  it("colours bars by score band", () => {
    expect(barColourClass(80)).toContain("teal");
    expect(barColourClass(79.9)).toContain("yellow");
    expect(barColourClass(60)).toContain("yellow");
    expect(barColourClass(59)).toContain("rose");
  });

  it("finds the cheapest bundle", () => {
    expect(cheapestPrice([{ price: 399 }, { price: 99 }, { price: 1699 }])).toBe(99);
    expect(cheapestPrice([])).toBeNull();
    expect(isMostPopular({ name: "Popular Pack" })).toBe(true);
    expect(isMostPopular({ name: "Pro Pack" })).toBe(false);
  });
});
