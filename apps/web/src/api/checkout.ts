import { type CreditBundle, PAYMENT_MESSAGES, paiseOf, type RazorpayOrderResponse } from "@stepsync/contracts";
import { ApiError } from "./client";
import { purchaseRazorpay, reportCheckoutClosed, verifyRazorpay } from "./credits";

export const RAZORPAY_CHECKOUT_URL = "https://checkout.razorpay.com/v1/checkout.js";

/** The part of Razorpay Checkout (checkout.js) we use. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
export interface RazorpayFailure {
  error?: {
    code?: string;
    description?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}
export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  image?: string;
  order_id: string;
  prefill?: { name?: string; email?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void };
}
export interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", callback: (response: RazorpayFailure) => void): void;
}
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads checkout.js once, on demand; a failed load can be retried. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading) return loading;
  loading = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RAZORPAY_CHECKOUT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Razorpay missing")));
    script.onerror = () => {
      script.remove();
      reject(new Error("Razorpay script failed to load"));
    };
    document.body.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface PurchaseCallbacks {
  /** The server said to go elsewhere (payments not available yet: /coming-soon). */
  onRedirect: (to: string) => void;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  /** The flow is over for now (success, failure or dismissal): reset the processing state. */
  onSettled: () => void;
  load?: () => Promise<RazorpayConstructor>;
}

function serverRedirect(error: unknown): string | null {
  if (error instanceof ApiError && error.data && typeof error.data === "object") {
    const redirect = (error.data as Record<string, unknown>).redirect;
    if (typeof redirect === "string" && redirect.startsWith("/")) return redirect;
  }
  return null;
}

/**
 * The purchase flow: order request → (redirect | checkout) → verify → success text.
 * Every text is PAYMENT_MESSAGES' (@stepsync/contracts).
 */
export async function startPurchase(bundle: CreditBundle, callbacks: PurchaseCallbacks): Promise<void> {
  const { onRedirect, onSuccess, onError, onSettled, load = loadRazorpay } = callbacks;
  let order: RazorpayOrderResponse;
  try {
    const answer = await purchaseRazorpay(bundle.id);
    if ("redirect" in answer && typeof answer.redirect === "string") {
      onSettled();
      onRedirect(answer.redirect);
      return;
    }
    if (!("order_id" in answer) || !answer.order_id) {
      onError(PAYMENT_MESSAGES.purchaseFailedRetry);
      onSettled();
      return;
    }
    order = answer;
  } catch (error) {
    const redirect = serverRedirect(error);
    if (redirect) {
      onSettled();
      onRedirect(redirect);
      return;
    }
    if (error instanceof ApiError && error.status > 0) onError(PAYMENT_MESSAGES.purchaseFailedWith(error.message));
    else onError(PAYMENT_MESSAGES.purchaseCreditsFailed(error instanceof Error ? error.message : String(error)));
    onSettled();
    return;
  }

  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await load();
  } catch {
    onError(PAYMENT_MESSAGES.sdkLoadFailed);
    onSettled();
    return;
  }

  try {
    const checkout = new Razorpay({
      key: order.key_id,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: order.description,
      image: order.image,
      order_id: order.order_id,
      prefill: order.prefill,
      notes: order.notes,
      theme: { color: "#8b5cf6" },
      handler: (response) => {
        void verify(response);
      },
      modal: {
        ondismiss: () => {
          closed(undefined);
          onSettled();
        },
      },
    });
    checkout.on("payment.failed", (response) => {
      closed(response?.error?.metadata?.payment_id);
      onError(PAYMENT_MESSAGES.paymentFailedWith(response?.error?.description ?? "Unknown error"));
      onSettled();
    });
    checkout.open();
  } catch {
    onError(PAYMENT_MESSAGES.purchaseFailedRetry);
    onSettled();
  }

  /**
   * The server marks the purchase Cancelled (no payment id) or Failed; unanswered, it expires the
   * order itself within the hour, so a lost report costs nothing.
   */
  function closed(paymentId: string | undefined) {
    reportCheckoutClosed({ razorpay_order_id: order.order_id, razorpay_payment_id: paymentId }).catch(() => {});
  }

  async function verify(response: RazorpaySuccess) {
    try {
      const result = await verifyRazorpay({
        razorpay_payment_id: response.razorpay_payment_id,
        razorpay_order_id: response.razorpay_order_id,
        razorpay_signature: response.razorpay_signature,
        bundle_id: bundle.id,
      });
      onSuccess(PAYMENT_MESSAGES.purchased(bundle.credits_amount, paiseOf(result.amount_paid)));
    } catch (error) {
      if (error instanceof ApiError && error.status > 0)
        onError(PAYMENT_MESSAGES.verificationFailedWith(error.message));
      else onError(PAYMENT_MESSAGES.verificationContactSupport);
    } finally {
      onSettled();
    }
  }
}
