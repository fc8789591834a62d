import type { FastifyInstance } from "fastify";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  checkoutClosedRequest,
  PAYMENT_MESSAGES,
  purchaseRequest,
  verifyRazorpayRequest,
  type CreditTransaction,
  type Purchase,
  type PurchaseResponse,
  type VerifyRazorpayResponse,
} from "@stepsync/contracts";
import { creditBundles, creditTransactions, purchases } from "../../db/schema.ts";
import { currentUser, guard } from "../../auth/request-auth.ts";
import { HttpError, parse } from "../../http/errors.ts";
import type { AppContext } from "../../context.ts";
import { activeBundles, toBundle } from "../../payments/bundles.ts";
import { createPaymentProvider } from "../../payments/razorpay.ts";
import { completePurchase, endedOf, failPurchase } from "../../payments/purchases.ts";

export function creditRoutes(app: FastifyInstance, { db, config, log }: AppContext): void {
  const provider = createPaymentProvider(config.razorpay);

  app.get("/api/credits/balance", { preHandler: guard() }, async (request) => {
    return { credits: currentUser(request).user.credits };
  });

  /** Public: the active bundles, cheapest first within the admins' order. */
  app.get("/api/credits/bundles", async () => {
    return { bundles: (await activeBundles(db)).map(toBundle) };
  });

  app.get("/api/credits/transactions", { preHandler: guard() }, async (request) => {
    const rows = await db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, currentUser(request).user.id))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(200);
    const transactions: CreditTransaction[] = rows.map((r) => ({
      id: r.id,
      transaction_type: r.transactionType,
      amount: r.amount,
      description: r.description,
      created_at: r.createdAt.toISOString(),
    }));
    return { transactions };
  });

  app.get("/api/credits/purchases", { preHandler: guard() }, async (request) => {
    const rows = await db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, currentUser(request).user.id))
      .orderBy(desc(purchases.createdAt), desc(purchases.id))
      .limit(200);
    const list: Purchase[] = rows.map((r) => ({
      id: r.id,
      credits_amount: r.creditsAmount,
      amount_paid: r.amountPaise / 100,
      payment_method: r.paymentMethod,
      payment_status: r.paymentStatus,
      ended: endedOf(r),
      created_at: r.createdAt.toISOString(),
    }));
    return { purchases: list };
  });

  /**
   * Creates a Razorpay order for a bundle (amount from the database, never from the client) and a
   * pending purchase for it. Without payment keys the answer is 200 { redirect: "/coming-soon" }.
   */
  app.post("/api/credits/purchase-razorpay", { preHandler: guard() }, async (request): Promise<PurchaseResponse> => {
    const { user } = currentUser(request);
    const { bundle_id } = parse(purchaseRequest, request.body);
    const [bundle] = await db
      .select()
      .from(creditBundles)
      .where(and(eq(creditBundles.id, bundle_id), eq(creditBundles.isActive, true)));
    if (!bundle) throw new HttpError(404, PAYMENT_MESSAGES.bundleNotFound);
    if (!provider) return { redirect: PAYMENT_MESSAGES.paymentsNotConfiguredRedirect };

    const notes = { bundle_id: String(bundle.id), user_id: String(user.id) };
    let order: Awaited<ReturnType<typeof provider.createOrder>>;
    try {
      order = await provider.createOrder({
        amountPaise: bundle.pricePaise,
        receipt: `u${user.id}-b${bundle.id}-${Date.now()}`.slice(0, 40),
        notes,
      });
    } catch (err) {
      log.error({ err: describeProviderError(err) }, "razorpay order creation failed");
      throw new HttpError(502, PAYMENT_MESSAGES.orderCreateFailed);
    }
    if (!order?.id || order.amount !== bundle.pricePaise) {
      log.error({ order }, "razorpay answered an unexpected order");
      throw new HttpError(502, PAYMENT_MESSAGES.orderCreateFailed);
    }
    const [row] = await db
      .insert(purchases)
      .values({
        userId: user.id,
        bundleId: bundle.id,
        creditsAmount: bundle.creditsAmount,
        amountPaise: bundle.pricePaise,
        currency: "INR",
        paymentMethod: "razorpay",
        paymentStatus: "pending",
        providerOrderId: order.id,
      })
      .returning({ id: purchases.id });
    return {
      key_id: provider.keyId,
      amount: bundle.pricePaise,
      currency: "INR",
      name: "StepSync",
      description: `${bundle.name}: ${bundle.creditsAmount} credits`,
      image: `${config.publicUrl}/favicon.svg`,
      order_id: order.id,
      prefill: { name: user.fullName || user.username, email: user.email },
      notes,
      purchase_id: row!.id,
    };
  });

  /**
   * The checkout closed without success (the user dismissed it, or the provider refused the
   * payment): this user's pending purchase becomes failed at once. A payment captured later still
   * completes it. Answers the purchase's status.
   */
  app.post("/api/credits/checkout-closed", { preHandler: guard() }, async (request) => {
    const { user } = currentUser(request);
    const input = parse(checkoutClosedRequest, request.body);
    const [purchase] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.providerOrderId, input.razorpay_order_id), eq(purchases.userId, user.id)));
    if (!purchase?.providerOrderId) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
    await failPurchase(db, purchase.providerOrderId, input.razorpay_payment_id);
    const [now] = await db.select().from(purchases).where(eq(purchases.id, purchase.id));
    return { payment_status: now!.paymentStatus, ended: endedOf(now!) };
  });

  /**
   * Checkout success: the signature is checked against the order id we stored for this user's
   * purchase, then the purchase completes (credits granted once; 0 when the webhook was first).
   */
  app.post(
    "/api/credits/verify-razorpay",
    { preHandler: guard() },
    async (request): Promise<VerifyRazorpayResponse> => {
      const { user } = currentUser(request);
      const input = parse(verifyRazorpayRequest, request.body);
      if (!provider) throw new HttpError(400, PAYMENT_MESSAGES.verificationFailed);
      const [purchase] = await db
        .select()
        .from(purchases)
        .where(and(eq(purchases.providerOrderId, input.razorpay_order_id), eq(purchases.userId, user.id)))
        .orderBy(asc(purchases.id));
      if (!purchase?.providerOrderId) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
      if (
        !provider.checkoutSignatureValid(purchase.providerOrderId, input.razorpay_payment_id, input.razorpay_signature)
      ) {
        throw new HttpError(400, PAYMENT_MESSAGES.verificationFailed);
      }
      const done = await db.transaction((tx) =>
        completePurchase(tx, purchase.providerOrderId!, input.razorpay_payment_id),
      );
      return {
        success: true,
        credits_added: done.granted ? purchase.creditsAmount : 0,
        amount_paid: purchase.amountPaise / 100,
        credits: done.credits ?? user.credits,
      };
    },
  );
}

/** The SDK rejects with { statusCode, error: { code, description } }; keep that, not the request config. */
function describeProviderError(err: unknown): unknown {
  if (err && typeof err === "object" && "statusCode" in err) {
    const e = err as { statusCode?: number; error?: unknown };
    return { statusCode: e.statusCode, error: e.error };
  }
  return err;
}
