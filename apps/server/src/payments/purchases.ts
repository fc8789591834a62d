import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { purchases, users } from "../db/schema.ts";
import { changeCredits } from "../modules/credits/ledger.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type PurchaseRow = typeof purchases.$inferSelect;

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
export async function completePurchase(tx: Tx | Db, orderId: string, paymentId: string): Promise<Completion> {
  const [row] = await tx
    .update(purchases)
    .set({ paymentStatus: "completed", providerPaymentId: paymentId, updatedAt: new Date() })
    .where(and(eq(purchases.providerOrderId, orderId), inArray(purchases.paymentStatus, ["pending", "failed"])))
    .returning();
  // A payment for a deleted account (user_id null) is recorded as completed but credits no one.
  if (row?.userId != null) {
    await changeCredits(
      tx,
      row.userId,
      row.creditsAmount,
      "purchase",
      `Purchased ${row.creditsAmount} credits (₹${formatRupees(row.amountPaise)})`,
    );
    return { granted: true, purchase: row, credits: await balanceOf(tx, row.userId) };
  }
  if (row) return { granted: false, purchase: row, credits: undefined };
  const [existing] = await tx.select().from(purchases).where(eq(purchases.providerOrderId, orderId));
  return {
    granted: false,
    purchase: existing,
    credits: existing?.userId != null ? await balanceOf(tx, existing.userId) : undefined,
  };
}

/** pending → failed; a completed purchase is never touched. */
export async function failPurchase(tx: Tx | Db, orderId: string, paymentId: string | undefined): Promise<boolean> {
  const rows = await tx
    .update(purchases)
    .set({
      paymentStatus: "failed",
      providerPaymentId: paymentId ?? sql`${purchases.providerPaymentId}`,
      updatedAt: new Date(),
    })
    .where(and(eq(purchases.providerOrderId, orderId), eq(purchases.paymentStatus, "pending")))
    .returning({ id: purchases.id });
  return rows.length > 0;
}

/**
 * A checkout left pending this long was abandoned (closed without a word to us, the tab gone):
 * it becomes failed, so the history does not show its price as owing. Money captured later still
 * completes it (completePurchase accepts failed).
 */
export const PENDING_EXPIRES_MS = 60 * 60 * 1000;

/** pending → failed for checkouts older than PENDING_EXPIRES_MS; answers how many. */
export async function expireStalePurchases(db: Db, now = Date.now()): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ paymentStatus: "failed", updatedAt: new Date(now) })
    .where(and(eq(purchases.paymentStatus, "pending"), lt(purchases.createdAt, new Date(now - PENDING_EXPIRES_MS))))
    .returning({ id: purchases.id });
  return rows.length;
}

/** Why a failed purchase ended (see the Purchase contract): a payment refused, or none attempted. */
export function endedOf(row: Pick<PurchaseRow, "paymentStatus" | "providerPaymentId">): "cancelled" | "failed" | null {
  if (row.paymentStatus !== "failed") return null;
  return row.providerPaymentId ? "failed" : "cancelled";
}

async function balanceOf(tx: Tx | Db, userId: number): Promise<number | undefined> {
  const [u] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return u?.credits;
}

/** 39900 → "399", 12345 → "123.45". */
export function formatRupees(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}
