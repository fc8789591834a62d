import { and, eq, gte, sql } from "drizzle-orm";
import type { CreditTransactionType } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { creditTransactions, users } from "../../db/schema.ts";

/** A database handle or an open transaction: ledger writes join the caller's transaction. */
type Tx = Pick<Db, "update" | "insert">;

/**
 * Adds (positive) or spends (negative) credits and writes the ledger row, in the caller's transaction.
 * Spending is a conditional UPDATE, so two concurrent spends can never take the balance below zero:
 * returns false, and changes nothing, when the balance is too low.
 */
export async function changeCredits(
  tx: Tx,
  userId: number,
  amount: number,
  transactionType: CreditTransactionType,
  description: string,
): Promise<boolean> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error("credit change must be a non-zero integer");
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(and(eq(users.id, userId), amount < 0 ? gte(users.credits, -amount) : undefined))
    .returning({ credits: users.credits });
  if (updated.length === 0) return false;
  await tx.insert(creditTransactions).values({ userId, amount, transactionType, description });
  return true;
}
