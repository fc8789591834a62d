import type { FastifyInstance } from "fastify";
import {
  bundlesResponse,
  checkoutClosedResponse,
  purchaseResponse,
  purchasesResponse,
  verifyRazorpayResponse,
  checkoutClosedRequest,
  purchaseRequest,
  verifyRazorpayRequest,
  type PurchaseResponse,
  type VerifyRazorpayResponse,
  rupeesOf,
} from "@stepsync/contracts";
import type { AppContext } from "../context.ts";
import { parse } from "../http/errors.ts";
import { responds } from "../http/responds.ts";
import { currentUser, guard } from "../http/guard.ts";
import { activeBundles } from "./bundles.ts";
import { createPaymentProvider } from "./razorpay.ts";
import { endedOf, toBundle, toPurchase } from "./serialize.ts";
import { closeCheckout, purchaseHistory, startCheckout, verifyCheckout } from "./service.ts";

/**
 * Buying credits (under /api/credits/ since the first API): the bundles on sale, the user's purchases
 * and the Razorpay checkout. The provider's webhook is webhook.ts.
 */
export function checkoutRoutes(app: FastifyInstance, { db, config, log }: AppContext): void {
  const provider = createPaymentProvider(config.razorpay);

  /** Public: the active bundles, cheapest first within the admins' order. */
  app.get("/api/credits/bundles", responds(bundlesResponse), async () => {
    return { bundles: (await activeBundles(db)).map(toBundle) };
  });

  app.get("/api/credits/purchases", { preHandler: guard(), ...responds(purchasesResponse) }, async (request) => {
    return { purchases: (await purchaseHistory(db, currentUser(request).user.id)).map(toPurchase) };
  });

  /** A Razorpay order for a bundle; without payment keys the answer is 200 { redirect: "/coming-soon" }. */
  app.post(
    "/api/credits/purchase-razorpay",
    { preHandler: guard(), ...responds(purchaseResponse) },
    async (request): Promise<PurchaseResponse> => {
      const { user } = currentUser(request);
      const { bundle_id } = parse(purchaseRequest, request.body);
      const checkout = await startCheckout(db, provider, log, user.id, bundle_id);
      if ("redirect" in checkout) return { redirect: checkout.redirect };
      const { keyId, bundle, order, notes, purchaseId } = checkout;
      return {
        key_id: keyId,
        amount: bundle.pricePaise,
        currency: "INR",
        name: "StepSync",
        description: `${bundle.name}: ${bundle.creditsAmount} credits`,
        image: `${config.publicUrl}/favicon.svg`,
        order_id: order.id,
        prefill: { name: user.fullName || user.username, email: user.email },
        notes,
        purchase_id: purchaseId,
      };
    },
  );

  /** The checkout closed without success: answers the purchase's status (see closeCheckout). */
  app.post(
    "/api/credits/checkout-closed",
    { preHandler: guard(), ...responds(checkoutClosedResponse) },
    async (request) => {
      const { user } = currentUser(request);
      const input = parse(checkoutClosedRequest, request.body);
      const now = await closeCheckout(db, user.id, input.razorpay_order_id, input.razorpay_payment_id);
      return { payment_status: now.paymentStatus, ended: endedOf(now) };
    },
  );

  /** Checkout success: credits granted once (0 when the webhook was first); see verifyCheckout. */
  app.post(
    "/api/credits/verify-razorpay",
    { preHandler: guard(), ...responds(verifyRazorpayResponse) },
    async (request): Promise<VerifyRazorpayResponse> => {
      const { user } = currentUser(request);
      const input = parse(verifyRazorpayRequest, request.body);
      const { purchase, done } = await verifyCheckout(db, provider, user.id, {
        orderId: input.razorpay_order_id,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
      });
      return {
        success: true,
        credits_added: done.granted ? purchase.creditsAmount : 0,
        amount_paid: rupeesOf(purchase.amountPaise),
        credits: done.credits ?? user.credits,
      };
    },
  );
}
