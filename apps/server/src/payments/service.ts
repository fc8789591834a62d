import { formatRupees, PAYMENT_MESSAGES } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { changeCredits, currentBalance } from "../modules/credits/service.ts";
import type { PaymentProvider, RazorpayOrder } from "./razorpay.ts";
import {
  type BundleRow,
  failPendingBefore,
  findActiveBundle,
  findPurchase,
  findPurchaseByOrder,
  findUserPurchaseByOrder,
  insertPurchase,
  markCompleted,
  markFailed,
  type PurchaseRow,
  purchasesOf,
  recordPaymentEvent,
} from "./repository.ts";

export type { PurchaseRow } from "./repository.ts";

/** How many purchases the history shows. */
const HISTORY_ROWS = 200;

export type Completion = {
  /** True only for the one caller whose update moved the purchase to completed and granted credits. */
  granted: boolean;
  purchase: PurchaseRow | undefined;
  /** The user's balance after this call. */
  credits: number | undefined;
};

/**
 * Marks a paid order completed and grants its credits — exactly once, however many callers
 * (checkout callback, webhook, repeats) race. The move is a conditional UPDATE on
 * status in (pending, failed): under concurrency exactly one transaction changes the row (the others
 * wait on its row lock, then see 'completed' and change nothing), and only that one writes the
 * ledger row, in the same transaction. A failed purchase may still complete: Razorpay lets the
 * customer retry on the same order after a failed attempt, and a captured payment must give its
 * credits. Completed is final.
 */
export async function completePurchase(tx: Queryable, orderId: string, paymentId: string): Promise<Completion> {
  const row = await markCompleted(tx, orderId, paymentId);
  // A payment for a deleted account (user_id null) is recorded as completed but credits no one.
  if (row?.userId != null) {
    await changeCredits(
      tx,
      row.userId,
      row.creditsAmount,
      "purchase",
      `Purchased ${row.creditsAmount} credits (${formatRupees(row.amountPaise)})`,
    );
    return { granted: true, purchase: row, credits: await currentBalance(tx, row.userId) };
  }
  if (row) return { granted: false, purchase: row, credits: undefined };
  const existing = await findPurchaseByOrder(tx, orderId);
  return {
    granted: false,
    purchase: existing,
    credits: existing?.userId != null ? await currentBalance(tx, existing.userId) : undefined,
  };
}

/** pending → failed; a completed purchase is never touched. */
export function failPurchase(tx: Queryable, orderId: string, paymentId: string | undefined): Promise<boolean> {
  return markFailed(tx, orderId, paymentId);
}

/**
 * A checkout left pending this long was abandoned (closed without a word to us, the tab gone):
 * it becomes failed, so the history does not show its price as owing. Money captured later still
 * completes it (completePurchase accepts failed).
 */
export const PENDING_EXPIRES_MS = 60 * 60 * 1000;

/** pending → failed for checkouts older than PENDING_EXPIRES_MS; answers how many. */
export function expireStalePurchases(db: Queryable, now = Date.now()): Promise<number> {
  return failPendingBefore(db, new Date(now - PENDING_EXPIRES_MS), new Date(now));
}

export function purchaseHistory(db: Queryable, userId: number): Promise<PurchaseRow[]> {
  return purchasesOf(db, userId, HISTORY_ROWS);
}

// Checkout ----------------------------------------------------------------------------------------

/** What the order carries back to us in Razorpay's notes. */
export type CheckoutNotes = { bundle_id: string; user_id: string };

export type Checkout =
  | { redirect: string }
  | { keyId: string; bundle: BundleRow; order: RazorpayOrder; purchaseId: number; notes: CheckoutNotes };

/**
 * Creates a provider order for an active bundle (amount from the database, never from the client)
 * and a pending purchase for it. Without a provider the answer is the "coming soon" redirect.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider | undefined,
  log: FastifyBaseLogger,
  userId: number,
  bundleId: number,
): Promise<Checkout> {
  const bundle = await findActiveBundle(db, bundleId);
  if (!bundle) throw new HttpError(404, PAYMENT_MESSAGES.bundleNotFound);
  if (!provider) return { redirect: PAYMENT_MESSAGES.paymentsNotConfiguredRedirect };

  const notes: CheckoutNotes = { bundle_id: String(bundle.id), user_id: String(userId) };
  let order: RazorpayOrder;
  try {
    order = await provider.createOrder({
      amountPaise: bundle.pricePaise,
      receipt: `u${userId}-b${bundle.id}-${Date.now()}`.slice(0, 40),
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
  const purchase = await insertPurchase(db, {
    userId,
    bundleId: bundle.id,
    creditsAmount: bundle.creditsAmount,
    amountPaise: bundle.pricePaise,
    currency: "INR",
    paymentMethod: "razorpay",
    paymentStatus: "pending",
    providerOrderId: order.id,
  });
  return { keyId: provider.keyId, bundle, order, purchaseId: purchase.id, notes };
}

/**
 * The checkout closed without success (dismissed, or the provider refused the payment): this
 * user's pending purchase becomes failed at once. A payment captured later still completes it.
 * Answers the purchase as it is now.
 */
export async function closeCheckout(
  db: Db,
  userId: number,
  orderId: string,
  paymentId: string | undefined,
): Promise<PurchaseRow> {
  const purchase = await findUserPurchaseByOrder(db, userId, orderId);
  if (!purchase?.providerOrderId) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
  await failPurchase(db, purchase.providerOrderId, paymentId);
  return (await findPurchase(db, purchase.id)) ?? purchase;
}

/**
 * Checkout success: the signature is checked against the order id we stored for this user's
 * purchase, then the purchase completes (credits granted once; none when the webhook was first).
 */
export async function verifyCheckout(
  db: Db,
  provider: PaymentProvider | undefined,
  userId: number,
  input: { orderId: string; paymentId: string; signature: string },
): Promise<{ purchase: PurchaseRow; done: Completion }> {
  if (!provider) throw new HttpError(400, PAYMENT_MESSAGES.verificationFailed);
  const purchase = await findUserPurchaseByOrder(db, userId, input.orderId);
  const orderId = purchase?.providerOrderId;
  if (!purchase || !orderId) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
  if (!provider.checkoutSignatureValid(orderId, input.paymentId, input.signature)) {
    throw new HttpError(400, PAYMENT_MESSAGES.verificationFailed);
  }
  const done = await db.transaction((tx) => completePurchase(tx, orderId, input.paymentId));
  return { purchase, done };
}

/** The SDK rejects with { statusCode, error: { code, description } }; keep that, not the request config. */
function describeProviderError(err: unknown): unknown {
  if (err && typeof err === "object" && "statusCode" in err) {
    const e = err as { statusCode?: number; error?: unknown };
    return { statusCode: e.statusCode, error: e.error };
  }
  return err;
}

// Webhook -----------------------------------------------------------------------------------------

export type WebhookOutcome =
  | "duplicate"
  | "ignored"
  | "unknown_order"
  | "amount_mismatch"
  | "completed"
  | "already_completed"
  | "failed"
  | "unchanged";

/**
 * The effect of a (signature-checked) webhook event. Its id is recorded in the same transaction as
 * its effect, so a repeated delivery changes nothing, and an effect that fails is not recorded
 * (Razorpay retries it).
 */
export async function applyWebhookEvent(
  db: Db,
  input: {
    eventId: string | undefined;
    event: string;
    orderId: string | undefined;
    payment: { id?: string; amount?: number; currency?: string } | undefined;
  },
): Promise<WebhookOutcome> {
  const { eventId, event, orderId, payment } = input;
  return db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (eventId) {
      const fresh = await recordPaymentEvent(tx, { eventId, eventType: event.slice(0, 100), orderId: orderId ?? null });
      if (!fresh) return "duplicate";
    }
    if (!orderId) return "ignored";
    const purchase = await findPurchaseByOrder(tx, orderId);
    if (!purchase) return "unknown_order";
    if (event === "payment.captured" || event === "order.paid") {
      if (!payment?.id) return "ignored";
      // Razorpay holds an order to its amount; a payment for another amount or currency is not this purchase.
      if (
        (payment.amount !== undefined && payment.amount !== purchase.amountPaise) ||
        (payment.currency !== undefined && payment.currency !== purchase.currency)
      ) {
        return "amount_mismatch";
      }
      const done = await completePurchase(tx, orderId, payment.id);
      return done.granted ? "completed" : "already_completed";
    }
    if (event === "payment.failed") return (await failPurchase(tx, orderId, payment?.id)) ? "failed" : "unchanged";
    return "ignored";
  });
}
