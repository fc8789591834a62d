import { z } from "zod";
import { rowId } from "./ids.ts";
import { formatRupees } from "./money.ts";

/** A credit bundle as the API shows it; price in rupees. */
export const creditBundle = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  credits_amount: z.number().int(),
  /** Rupees (stored as integer paise). */
  price: z.number(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  features: z.array(z.string()),
});
export type CreditBundle = z.infer<typeof creditBundle>;
export const bundlesResponse = z.object({ bundles: z.array(creditBundle) });

export const purchaseRequest = z.object({
  bundle_id: rowId("Please choose a credit bundle"),
});

/** What Razorpay Checkout needs; `redirect` instead when payments are not configured. */
export const razorpayOrderResponse = z.object({
  key_id: z.string(),
  /** Paise, as Razorpay Checkout expects. */
  amount: z.number().int(),
  currency: z.literal("INR"),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  order_id: z.string(),
  prefill: z.object({ name: z.string(), email: z.string() }),
  notes: z.object({ bundle_id: z.string(), user_id: z.string() }),
  callback_url: z.string().optional(),
  purchase_id: z.number().int(),
});
export type RazorpayOrderResponse = z.infer<typeof razorpayOrderResponse>;
export const purchaseRedirectResponse = z.object({ redirect: z.string() });
/** The order first: a redirect answer lacks its fields, so the union never strips an order to a redirect. */
export const purchaseResponse = z.union([razorpayOrderResponse, purchaseRedirectResponse]);
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);
export const verifyRazorpayRequest = z.object({
  razorpay_payment_id: requiredText("razorpay_payment_id is required"),
  razorpay_order_id: requiredText("razorpay_order_id is required"),
  razorpay_signature: requiredText("razorpay_signature is required"),
  bundle_id: rowId("Please choose a credit bundle").optional(),
});
export type VerifyRazorpayRequest = z.infer<typeof verifyRazorpayRequest>;
/** The checkout closed without success: dismissed (no payment id) or a payment refused (its id). */
export const checkoutClosedRequest = z.object({
  razorpay_order_id: requiredText("razorpay_order_id is required"),
  razorpay_payment_id: z.string().trim().min(1).max(200).optional(),
});
export type CheckoutClosedRequest = z.infer<typeof checkoutClosedRequest>;
export const verifyRazorpayResponse = z.object({
  success: z.literal(true),
  /** 0 when these credits were already granted (by the webhook or an earlier call). */
  credits_added: z.number().int(),
  /** Rupees. */
  amount_paid: z.number(),
  /** Balance after the grant. */
  credits: z.number().int(),
});
export type VerifyRazorpayResponse = z.infer<typeof verifyRazorpayResponse>;

/** A plan of the pricing page, derived from the active bundles. */
export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Rupees, one-time. */
  price: z.number(),
  credits: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
});
export type Plan = z.infer<typeof plan>;
export const plansResponse = z.object({ plans: z.array(plan) });

/** Payment texts. Templates take the parts that vary (bundle, amount, reason) as arguments. */
export const PAYMENT_MESSAGES = {
  bundlesNotLoaded: "Credit bundles not loaded. Please try again.",
  purchaseCreditsFailed: (message: string) => `Failed to purchase credits: ${message}`,
  purchaseFailedWith: (error: string) => `Purchase failed: ${error}`,
  sdkLoadFailed: "Failed to load Razorpay SDK. Please try again.",
  /** The server's reason after the spec's prefix, unless the reason already says it (no "failed: failed"). */
  verificationFailedWith: (error: string) =>
    error.startsWith("Payment verification failed") ? error : `Payment verification failed: ${error}`,
  verificationContactSupport: "Payment verification failed. Please contact support.",
  purchaseFailedRetry: "Purchase failed. Please try again.",
  paymentFailedWith: (description: string) => `Payment failed: ${description}`,
  purchased: (credits: number, paise: number) =>
    `Successfully purchased ${credits} credits for ${formatRupees(paise)}!`,
  // server texts
  bundleNotFound: "Credit bundle not found",
  orderNotFound: "Order not found",
  verificationFailed: "Payment verification failed",
  orderCreateFailed: "Could not start the payment. Please try again.",
  webhookSignatureInvalid: "Invalid webhook signature",
  webhookNotConfigured: "Payment webhooks are not configured",
  paymentsNotConfiguredRedirect: "/coming-soon",
} as const;

/** The payment coming-soon page. */
export const PAYMENT_COMING_SOON = {
  progressPercent: 75,
  featureName: "payment_processing",
  sourcePage: "coming_soon",
} as const;

export const subscribeRequest = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Please enter a valid email address"),
  feature_name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_]+$/, "Unknown feature")
    .default("payment_processing"),
  source_page: z.string().trim().max(64).optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const SUBSCRIBE_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  subscribed: "Successfully subscribed! We'll notify you when payment processing is ready.",
  failed: "Failed to subscribe. Please try again.",
  subscribing: "Subscribing...",
  tooMany: "This address has had enough sign-up emails for today. Please try again tomorrow.",
} as const;
