import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { creditBundles, paymentEvents, purchases } from "../db/schema.ts";

export type PurchaseRow = typeof purchases.$inferSelect;
export type BundleRow = typeof creditBundles.$inferSelect;
export type NewBundle = typeof creditBundles.$inferInsert;

// Purchases ---------------------------------------------------------------------------------------

export async function insertPurchase(db: Queryable, row: typeof purchases.$inferInsert): Promise<PurchaseRow> {
  const [inserted] = await db.insert(purchases).values(row).returning();
  if (!inserted) throw new Error("insert returned no row");
  return inserted;
}

export async function findPurchase(db: Queryable, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id));
  return row;
}

export async function findPurchaseByOrder(db: Queryable, orderId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.providerOrderId, orderId));
  return row;
}

/** The user's purchase for a provider order (the first, should a order id repeat). */
export async function findUserPurchaseByOrder(
  db: Queryable,
  userId: number,
  orderId: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.providerOrderId, orderId), eq(purchases.userId, userId)))
    .orderBy(asc(purchases.id));
  return row;
}

export async function purchasesOf(db: Queryable, userId: number, limit: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit);
}

/** pending|failed → completed, as one conditional UPDATE: under concurrency exactly one caller gets the row. */
export async function markCompleted(
  db: Queryable,
  orderId: string,
  paymentId: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ paymentStatus: "completed", providerPaymentId: paymentId, updatedAt: new Date() })
    .where(and(eq(purchases.providerOrderId, orderId), inArray(purchases.paymentStatus, ["pending", "failed"])))
    .returning();
  return row;
}

/** pending → failed (keeping an earlier payment id when none is given); answers whether it changed. */
export async function markFailed(db: Queryable, orderId: string, paymentId: string | undefined): Promise<boolean> {
  const rows = await db
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

/** pending → failed for purchases created before `before`; answers how many. */
export async function failPendingBefore(db: Queryable, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ paymentStatus: "failed", updatedAt: now })
    .where(and(eq(purchases.paymentStatus, "pending"), lt(purchases.createdAt, before)))
    .returning({ id: purchases.id });
  return rows.length;
}

/** Records a webhook event id; false when it was recorded before (a repeated delivery). */
export async function recordPaymentEvent(
  db: Queryable,
  event: { eventId: string; eventType: string; orderId: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

// Bundles -----------------------------------------------------------------------------------------

export async function bundleCount(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(creditBundles);
  return Number(row?.n ?? 0);
}

/** Inserts bundles, skipping any whose slug exists. */
export async function insertBundlesOnce(db: Queryable, rows: NewBundle[]): Promise<void> {
  await db.insert(creditBundles).values(rows).onConflictDoNothing();
}

export async function activeBundles(db: Queryable): Promise<BundleRow[]> {
  return db
    .select()
    .from(creditBundles)
    .where(eq(creditBundles.isActive, true))
    .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.pricePaise), asc(creditBundles.id));
}

export async function allBundles(db: Queryable): Promise<BundleRow[]> {
  return db.select().from(creditBundles).orderBy(asc(creditBundles.sortOrder), asc(creditBundles.id));
}

export async function findBundle(db: Queryable, id: number): Promise<BundleRow | undefined> {
  const [row] = await db.select().from(creditBundles).where(eq(creditBundles.id, id));
  return row;
}

export async function findActiveBundle(db: Queryable, id: number): Promise<BundleRow | undefined> {
  const [row] = await db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.id, id), eq(creditBundles.isActive, true)));
  return row;
}

export async function insertBundle(db: Queryable, row: NewBundle): Promise<BundleRow> {
  const [inserted] = await db.insert(creditBundles).values(row).returning();
  if (!inserted) throw new Error("insert returned no row");
  return inserted;
}

export async function updateBundle(
  db: Queryable,
  id: number,
  changes: Partial<NewBundle>,
): Promise<BundleRow | undefined> {
  const [row] = await db
    .update(creditBundles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(creditBundles.id, id))
    .returning();
  return row;
}

export async function deleteBundle(db: Queryable, id: number): Promise<void> {
  await db.delete(creditBundles).where(eq(creditBundles.id, id));
}

/** Purchases per bundle id (all of them, or those of one bundle). */
export async function purchaseCounts(db: Queryable, bundleId?: number): Promise<Map<number | null, number>> {
  const rows = await db
    .select({ bundleId: purchases.bundleId, n: count() })
    .from(purchases)
    .where(bundleId === undefined ? undefined : eq(purchases.bundleId, bundleId))
    .groupBy(purchases.bundleId);
  return new Map(rows.map((r) => [r.bundleId, Number(r.n)]));
}
