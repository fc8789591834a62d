import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { SUBSCRIBE_MESSAGES, UNSUBSCRIBE_MESSAGES, subscribeRequest, unsubscribeRequest } from "@stepsync/contracts";
import { emailSubscriptions } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import type { AppContext } from "../../context.ts";

export const newUnsubscribeToken = () => randomBytes(24).toString("base64url");

/** New subscriptions (each mailed) one address may get in a day: "notify me" must not mail-bomb anyone. */
export const SUBSCRIPTIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * POST /api/notifications/subscribe: "notify me" for an unreleased feature. Public; one row per
 * address and feature (a repeat answers the same success; an unsubscribed one is reactivated), each
 * with a random unsubscribe token. A new or reactivated subscription is confirmed by mail with its
 * unsubscribe link (/unsubscribe?token=…).
 *
 * Limits: per address, SUBSCRIPTIONS_PER_ADDRESS_PER_DAY new subscriptions a day (429 after); per
 * IP, AUTH_RATE_LIMIT calls an hour.
 *
 * POST /api/notifications/unsubscribe {token}: deactivates that one subscription. The token is
 * replaced at the same time, so a link works once.
 */
export function subscriptionRoutes(app: FastifyInstance, { db, config, mailer, log }: AppContext): void {
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } } };
  const hourly = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 hour" } } };

  app.post("/api/notifications/subscribe", hourly, async (request, reply) => {
    const input = parse(subscribeRequest, request.body);
    const email = input.email.toLowerCase();
    const sameAddress = sql`lower(${emailSubscriptions.email}) = ${email}`;
    const [existing] = await db
      .select({ id: emailSubscriptions.id })
      .from(emailSubscriptions)
      .where(and(sameAddress, eq(emailSubscriptions.featureName, input.feature_name)));
    if (!existing) {
      const [today] = await db
        .select({ n: count() })
        .from(emailSubscriptions)
        .where(and(sameAddress, gt(emailSubscriptions.createdAt, new Date(Date.now() - 24 * 3600_000))));
      if ((today?.n ?? 0) >= SUBSCRIPTIONS_PER_ADDRESS_PER_DAY) throw new HttpError(429, SUBSCRIBE_MESSAGES.tooMany);
    }
    let [row] = await db
      .insert(emailSubscriptions)
      .values({
        email,
        featureName: input.feature_name,
        sourcePage: input.source_page || null,
        unsubscribeToken: newUnsubscribeToken(),
        userId: request.auth?.user.id ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // Already there: reactivate it when it was unsubscribed; an active one stays as it is.
      [row] = await db
        .update(emailSubscriptions)
        .set({ subscriptionStatus: "active", unsubscribedAt: null })
        .where(
          and(
            sameAddress,
            eq(emailSubscriptions.featureName, input.feature_name),
            eq(emailSubscriptions.subscriptionStatus, "unsubscribed"),
          ),
        )
        .returning();
    }
    if (row) {
      const link = `${config.publicUrl}/unsubscribe?token=${encodeURIComponent(row.unsubscribeToken)}`;
      const feature = row.featureName.replace(/_/g, " ");
      mailer
        .send({
          to: row.email,
          subject: `You're on the list: ${feature}`,
          text: `Thanks! We'll email you when ${feature} is ready.\n\nTo unsubscribe, open: ${link}\n`,
        })
        .catch((err: unknown) => log.warn({ err }, "subscription confirmation mail failed"));
    }
    return reply.status(201).send({ success: true, message: SUBSCRIBE_MESSAGES.subscribed });
  });

  app.post("/api/notifications/unsubscribe", limited, async (request) => {
    const { token } = parse(unsubscribeRequest, request.body);
    const [row] = await db
      .update(emailSubscriptions)
      .set({ subscriptionStatus: "unsubscribed", unsubscribedAt: new Date(), unsubscribeToken: newUnsubscribeToken() })
      .where(and(eq(emailSubscriptions.unsubscribeToken, token), eq(emailSubscriptions.subscriptionStatus, "active")))
      .returning({ id: emailSubscriptions.id });
    if (!row) throw new HttpError(404, UNSUBSCRIBE_MESSAGES.invalid);
    return { success: true, message: UNSUBSCRIBE_MESSAGES.done };
  });
}
