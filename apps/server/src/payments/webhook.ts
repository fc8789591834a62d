import type { FastifyInstance } from "fastify";
import { PAYMENT_MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../http/errors.ts";
import type { AppContext } from "../context.ts";
import { webhookSignatureValid } from "./razorpay.ts";
import { applyWebhookEvent } from "./service.ts";

export const WEBHOOK_PATH = "/api/payments/razorpay/webhook";

type PaymentEntity = { id?: string; order_id?: string; amount?: number; currency?: string; status?: string };
type WebhookBody = {
  event?: string;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: { id?: string; amount_paid?: number } } };
};

/**
 * Razorpay webhook: the signature is checked over the raw bytes (so this route, and only this one,
 * gets a buffer body via its own content-type parser in an encapsulated scope); the event's effect,
 * once per event id, is applyWebhookEvent's.
 */
export function paymentWebhookRoutes(app: FastifyInstance, { db, config, log }: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const secret = config.razorpay.webhookSecret;
      if (!secret) throw new HttpError(503, PAYMENT_MESSAGES.webhookNotConfigured);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["x-razorpay-signature"];
      if (!webhookSignatureValid(raw, typeof signature === "string" ? signature : undefined, secret)) {
        throw new HttpError(400, PAYMENT_MESSAGES.webhookSignatureInvalid);
      }
      let body: WebhookBody;
      try {
        body = JSON.parse(raw.toString("utf8")) as WebhookBody;
      } catch {
        throw new HttpError(400, "Invalid webhook body");
      }
      const event = String(body.event ?? "");
      const payment = body.payload?.payment?.entity;
      const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
      const header = request.headers["x-razorpay-event-id"];
      const eventId = typeof header === "string" && header.trim() ? header.trim().slice(0, 200) : undefined;

      const outcome = await applyWebhookEvent(db, { eventId, event, orderId, payment });
      if (outcome === "amount_mismatch")
        log.warn({ orderId, event }, "razorpay webhook amount does not match purchase");
      return reply.send({ status: outcome });
    });
  });
}
