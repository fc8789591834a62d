import type { FastifyInstance } from "fastify";
import {
  SUBSCRIBE_MESSAGES,
  successResponse,
  UNSUBSCRIBE_MESSAGES,
  subscribeRequest,
  unsubscribeRequest,
} from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { responds } from "../../http/responds.ts";
import type { AppContext } from "../../context.ts";
import { subscribe, unsubscribeByToken } from "./service.ts";

/**
 * POST /api/notifications/subscribe: "notify me" for an unreleased feature (public; see subscribe).
 * Per IP, AUTH_RATE_LIMIT calls an hour.
 *
 * POST /api/notifications/unsubscribe {token}: deactivates that one subscription; a link works once.
 */
export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } } };
  const hourly = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 hour" } } };

  app.post("/api/notifications/subscribe", { ...hourly, ...responds(successResponse, 201) }, async (request, reply) => {
    const input = parse(subscribeRequest, request.body);
    await subscribe(ctx, request.log, {
      email: input.email,
      featureName: input.feature_name,
      sourcePage: input.source_page || null,
      userId: request.auth?.user.id ?? null,
    });
    return reply.status(201).send({ success: true, message: SUBSCRIBE_MESSAGES.subscribed });
  });

  app.post("/api/notifications/unsubscribe", { ...limited, ...responds(successResponse) }, async (request) => {
    const { token } = parse(unsubscribeRequest, request.body);
    await unsubscribeByToken(db, token);
    return { success: true, message: UNSUBSCRIBE_MESSAGES.done };
  });
}
