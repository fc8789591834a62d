import { z } from "zod";

/** GET /api/config: what the web app needs to know about this deployment. */
export const appConfigResponse = z.object({
  google_client_id: z.string().nullable(),
  support_email: z.string(),
  /** The server's upload limit (MAX_VIDEO_MB), so the upload screens check and state the limit it applies. */
  max_video_bytes: z.number().int(),
  /** Razorpay is configured: packs can be bought, so /coming-soon has nothing to announce. */
  payments_enabled: z.boolean(),
  /** PAYMENTS_RELEASE: when payments are expected ("March 2027"), or null when no date is promised. */
  payments_release: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;

/** GET /api/health when the database answers and its schema is current (503 otherwise, with `error`). */
export const healthResponse = z.object({ status: z.literal("ok"), database: z.string() });

/** The answer of a call that only reports success in words (subscribe, unsubscribe). */
export const successResponse = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponse>;
