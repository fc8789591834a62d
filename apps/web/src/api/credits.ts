import type {
  CheckoutClosedRequest,
  CheckoutClosedResponse,
  CreditBundle,
  CreditTransaction,
  Purchase,
  PurchaseResponse,
  VerifyRazorpayRequest,
  VerifyRazorpayResponse,
} from "@stepsync/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";
import { keys } from "./keys";

export function getBalance(signal?: AbortSignal): Promise<{ credits: number }> {
  return apiRequest("/api/credits/balance", { signal, fallback: "Failed to fetch credits balance" });
}

export const balanceQuery = () =>
  queryOptions({ queryKey: keys.credits.balance(), queryFn: ({ signal }) => getBalance(signal) });

/**
 * The user's credit balance, one query for every screen that shows or judges it. `enabled: false`:
 * only what the cache holds, nothing asked; `refetchOnWindowFocus` as the screen needs.
 */
export function useBalance(options: { enabled?: boolean; refetchOnWindowFocus?: boolean | "always" } = {}) {
  return useQuery({ ...balanceQuery(), ...options });
}

/** The balance as the compare screens judge it: known, or not (yet). */
export type CreditsState = { kind: "unknown" } | { kind: "known"; credits: number };

/**
 * The credit balance as the compare screens judge it. Asked again whenever the tab comes back into
 * view: credits bought in another tab (the Buy links open one, so a picked video or a take stays
 * here) count at once. Not `enabled`: only what the cache holds, nothing asked.
 */
export function useCredits({ enabled = true } = {}): CreditsState {
  const balance = useBalance({ enabled, refetchOnWindowFocus: "always" });
  return typeof balance.data?.credits === "number"
    ? { kind: "known", credits: balance.data.credits }
    : { kind: "unknown" };
}

export function getTransactions(signal?: AbortSignal): Promise<{ transactions: CreditTransaction[] }> {
  return apiRequest("/api/credits/transactions", { signal });
}

export function getPurchases(signal?: AbortSignal): Promise<{ purchases: Purchase[] }> {
  return apiRequest("/api/credits/purchases", { signal });
}

export function useTransactions() {
  return useQuery({ queryKey: keys.credits.transactions(), queryFn: ({ signal }) => getTransactions(signal) });
}

export function usePurchases() {
  return useQuery({ queryKey: keys.credits.purchases(), queryFn: ({ signal }) => getPurchases(signal) });
}

export function getBundles(signal?: AbortSignal): Promise<{ bundles: CreditBundle[] }> {
  return apiRequest("/api/credits/bundles", { signal, auth: false, fallback: "Failed to fetch credit bundles" });
}

export const bundlesQuery = () =>
  queryOptions({ queryKey: keys.credits.bundles(), queryFn: ({ signal }) => getBundles(signal) });

/** The credit bundles on sale (public). */
export function useBundles() {
  return useQuery(bundlesQuery());
}

/** Starts a purchase: Razorpay Checkout fields, or `{ redirect }` when payments are not available. */
export function purchaseRazorpay(bundleId: number): Promise<PurchaseResponse> {
  return apiRequest("/api/credits/purchase-razorpay", { method: "POST", body: { bundle_id: bundleId } });
}

/** Tells the server the checkout closed without success, so the purchase shows Cancelled or Failed. */
export function reportCheckoutClosed(body: CheckoutClosedRequest): Promise<CheckoutClosedResponse> {
  return apiRequest("/api/credits/checkout-closed", { method: "POST", body });
}

export function verifyRazorpay(body: VerifyRazorpayRequest): Promise<VerifyRazorpayResponse> {
  return apiRequest("/api/credits/verify-razorpay", { method: "POST", body });
}
