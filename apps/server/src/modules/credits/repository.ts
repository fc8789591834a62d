import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { CreditTransactionType } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { creditTransactions, users } from "../../db/schema.ts";

export type CreditTransactionRow = typeof creditTransactions.$inferSelect;

/**
 * Adds `amount` to the balance; a negative amount only when the balance covers it (a conditional
 * UPDATE, so concurrent spends can never take it below zero). Answers whether the row changed.
 */
export async function addToBalance(db: Queryable, userId: number, amount: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(and(eq(users.id, userId), amount < 0 ? gte(users.credits, -amount) : undefined))
    .returning({ credits: users.credits });
  return updated.length > 0;
}

export async function insertLedgerRow(
  db: Queryable,
  row: { userId: number; amount: number; transactionType: CreditTransactionType; description: string },
): Promise<void> {
  await db.insert(creditTransactions).values(row);
}

/** The latest ledger rows of a user, newest first. */
export async function ledgerOf(db: Queryable, userId: number, limit: number): Promise<CreditTransactionRow[]> {
  return db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit);
}

export async function balanceOf(db: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits;
}
