import type { CreditTransactionType } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { addToBalance, balanceOf, type CreditTransactionRow, insertLedgerRow, ledgerOf } from "./repository.ts";

/** How many ledger rows the history shows. */
const HISTORY_ROWS = 200;

/**
 * Adds (positive) or spends (negative) credits and writes the ledger row, in the caller's transaction.
 * Spending never takes the balance below zero, even under concurrent spends: returns false, and
 * changes nothing, when the balance is too low.
 */
export async function changeCredits(
  tx: Queryable,
  userId: number,
  amount: number,
  transactionType: CreditTransactionType,
  description: string,
): Promise<boolean> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error("credit change must be a non-zero integer");
  if (!(await addToBalance(tx, userId, amount))) return false;
  await insertLedgerRow(tx, { userId, amount, transactionType, description });
  return true;
}

/** The credit history of a user, newest first. */
export function creditHistory(db: Queryable, userId: number): Promise<CreditTransactionRow[]> {
  return ledgerOf(db, userId, HISTORY_ROWS);
}

/** The balance as it is now in the database (undefined for a deleted user). */
export function currentBalance(db: Queryable, userId: number): Promise<number | undefined> {
  return balanceOf(db, userId);
}
