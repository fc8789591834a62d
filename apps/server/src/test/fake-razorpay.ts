import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Razorpay's REST API on loopback, answering POST /v1/orders the way the real
 * API does (basic auth key_id:key_secret; the order entity; error bodies { error: { code,
 * description, ... } }), plus helpers that sign like Razorpay: the checkout success signature and
 * webhook bodies with their X-Razorpay-Signature.
 */
export type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};

export type FakeRazorpay = {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  /** Answer the next order request with this HTTP status (and Razorpay's error body). */
  failNext(status: number): void;
  /** razorpay_signature the checkout hands the page on success. */
  checkoutSignature(orderId: string, paymentId: string, secret?: string): string;
  /** A webhook delivery as Razorpay sends it: raw body, signature and event-id headers. */
  webhook(
    event: "payment.captured" | "order.paid" | "payment.failed",
    payment: { orderId: string; paymentId?: string; amount: number; currency?: string },
    options?: { eventId?: string; secret?: string },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x").slice(0, 14)}`;
const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

function errorBody(code: string, description: string) {
  return {
    error: {
      code,
      description,
      source: "business",
      step: "payment_initiation",
      reason: "input_validation_failed",
      metadata: {},
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeRazorpay(
  keys = { keyId: "rzp_test_fake123", keySecret: "fake_key_secret", webhookSecret: "fake_webhook_secret" },
): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  let failStatus: number | undefined;
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) {
      return send(401, {
        error: {
          code: "BAD_REQUEST_ERROR",
          description: "Authentication failed",
          source: "NA",
          step: "NA",
          reason: "NA",
          metadata: {},
        },
      });
    }
    if (req.method === "POST" && req.url === "/v1/orders") {
      if (failStatus) {
        const status = failStatus;
        failStatus = undefined;
        return send(
          status,
          errorBody("SERVER_ERROR", "We are facing some trouble completing your request at the moment."),
        );
      }
      let input: { amount?: unknown; currency?: unknown; receipt?: unknown; notes?: Record<string, string> };
      try {
        input = JSON.parse(await readBody(req));
      } catch {
        return send(400, errorBody("BAD_REQUEST_ERROR", "The request body is not valid JSON"));
      }
      if (typeof input.amount !== "number" || !Number.isInteger(input.amount) || input.amount < 100) {
        return send(400, errorBody("BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00"));
      }
      if (typeof input.receipt === "string" && input.receipt.length > 40) {
        return send(400, errorBody("BAD_REQUEST_ERROR", "receipt: the length must be no more than 40."));
      }
      const order: FakeOrder = {
        id: id("order"),
        entity: "order",
        amount: input.amount,
        amount_paid: 0,
        amount_due: input.amount,
        currency: typeof input.currency === "string" ? input.currency : "INR",
        receipt: typeof input.receipt === "string" ? input.receipt : null,
        offer_id: null,
        status: "created",
        attempts: 0,
        notes: input.notes ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(200, order);
    }
    const match = req.method === "GET" && req.url?.match(/^\/v1\/orders\/([^/?]+)$/);
    if (match) {
      const order = orders.get(match[1]!);
      return order ? send(200, order) : send(400, errorBody("BAD_REQUEST_ERROR", "The id provided does not exist"));
    }
    return send(404, errorBody("BAD_REQUEST_ERROR", "The requested URL was not found on the server."));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...keys,
    orders,
    failNext(status) {
      failStatus = status;
    },
    checkoutSignature(orderId, paymentId, secret = keys.keySecret) {
      return hmac(secret, `${orderId}|${paymentId}`);
    },
    webhook(event, p, options = {}) {
      const paymentId = p.paymentId ?? id("pay");
      const status = event === "payment.failed" ? "failed" : "captured";
      const paymentEntity = {
        id: paymentId,
        entity: "payment",
        amount: p.amount,
        currency: p.currency ?? "INR",
        status,
        order_id: p.orderId,
        method: "card",
        captured: status === "captured",
        error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
        error_description: status === "failed" ? "Payment processing failed because of incorrect OTP" : null,
        created_at: Math.floor(Date.now() / 1000),
      };
      const payload: Record<string, unknown> = { payment: { entity: paymentEntity } };
      if (event === "order.paid") {
        payload.order = {
          entity: {
            id: p.orderId,
            entity: "order",
            amount: p.amount,
            amount_paid: p.amount,
            amount_due: 0,
            currency: "INR",
            status: "paid",
          },
        };
      }
      const body = JSON.stringify({
        entity: "event",
        account_id: "acc_fake",
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": hmac(options.secret ?? keys.webhookSecret, body),
          "x-razorpay-event-id": options.eventId ?? id("evt"),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
