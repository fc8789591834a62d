import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import type { Config } from "../config.ts";

export type RazorpayOrder = {
  id: string;
  entity: "order";
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
};

export type PaymentProvider = {
  keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  /** Checkout success signature: HMAC-SHA256 hex of `${orderId}|${paymentId}` with the key secret. */
  checkoutSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
};

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/**
 * Constant-time comparison of a hex signature. (The SDK's validateWebhookSignature and
 * validatePaymentVerification compute the same HMAC but compare with ===, so we do it here.)
 */
export function signatureMatches(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(given.toLowerCase(), "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Webhook signature: HMAC-SHA256 hex of the raw request body with the webhook secret. */
export function webhookSignatureValid(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  return signatureMatches(hmacHex(secret, rawBody), signature);
}

/**
 * The Razorpay client, or undefined when payments are not configured (no key id or secret).
 *
 * Orders go through the official SDK. The SDK hard-codes https://api.razorpay.com as the base URL
 * of its axios instance and has no option for it, so we set that instance's baseURL to
 * RAZORPAY_API_URL (the default is the same address; tests use a local fake on loopback).
 */
export function createPaymentProvider(config: Config["razorpay"]): PaymentProvider | undefined {
  const { keyId, keySecret, apiUrl } = config;
  if (!keyId || !keySecret) return undefined;
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const http = (sdk.api as unknown as { rq?: { defaults: { baseURL?: string; timeout?: number } } }).rq;
  if (!http) throw new Error("razorpay SDK layout changed: cannot set its API base URL");
  http.defaults.baseURL = apiUrl;
  http.defaults.timeout = 15_000;
  return {
    keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await sdk.orders.create({ amount: amountPaise, currency: "INR", receipt, notes });
      return order as unknown as RazorpayOrder;
    },
    checkoutSignatureValid(orderId, paymentId, signature) {
      return signatureMatches(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
    },
  };
}
