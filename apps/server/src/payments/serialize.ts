import { type CreditBundle, type Plan, type Purchase, rupeesOf } from "@stepsync/contracts";
import type { BundleRow, PurchaseRow } from "./repository.ts";

export function toBundle(row: BundleRow): CreditBundle {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    credits_amount: row.creditsAmount,
    price: rupeesOf(row.pricePaise),
    is_active: row.isActive,
    is_popular: row.isPopular,
    features: row.features,
  };
}

export function toPlan(row: BundleRow): Plan {
  return {
    id: row.id,
    name: row.name,
    price: rupeesOf(row.pricePaise),
    credits: row.creditsAmount,
    description: row.description,
    features: row.features,
    popular: row.isPopular,
  };
}

/** Why a failed purchase ended (see the Purchase contract): a payment refused, or none attempted. */
export function endedOf(row: Pick<PurchaseRow, "paymentStatus" | "providerPaymentId">): "cancelled" | "failed" | null {
  if (row.paymentStatus !== "failed") return null;
  return row.providerPaymentId ? "failed" : "cancelled";
}

export function toPurchase(r: PurchaseRow): Purchase {
  return {
    id: r.id,
    credits_amount: r.creditsAmount,
    amount_paid: rupeesOf(r.amountPaise),
    payment_method: r.paymentMethod,
    payment_status: r.paymentStatus,
    ended: endedOf(r),
    created_at: r.createdAt.toISOString(),
  };
}
