import { z } from "zod";
import { CREDIT_TRANSACTION_TYPES } from "./constants.ts";

export const balanceResponse = z.object({ credits: z.number().int() });

export const creditTransaction = z.object({
  id: z.number().int(),
  transaction_type: z.enum(CREDIT_TRANSACTION_TYPES),
  amount: z.number().int(),
  description: z.string(),
  created_at: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransaction>;
export const transactionsResponse = z.object({ transactions: z.array(creditTransaction) });

export const PAYMENT_STATUSES = ["pending", "completed", "failed"] as const;
export const purchase = z.object({
  id: z.number().int(),
  credits_amount: z.number().int(),
  /** Rupees. */
  amount_paid: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  /**
   * Why a failed purchase ended: "cancelled" when no payment was attempted (checkout closed, or
   * left open until it expired), "failed" when the provider refused a payment; null otherwise.
   * Nothing was charged either way.
   */
  ended: z.enum(["cancelled", "failed"]).nullable(),
  created_at: z.string(),
});
export type Purchase = z.infer<typeof purchase>;
/** POST /api/credits/checkout-closed: where the purchase now stands. */
export const checkoutClosedResponse = purchase.pick({ payment_status: true, ended: true });
export type CheckoutClosedResponse = z.infer<typeof checkoutClosedResponse>;
export const purchasesResponse = z.object({ purchases: z.array(purchase) });
