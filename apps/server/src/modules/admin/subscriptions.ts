import type { FastifyInstance } from "fastify";
import { count, desc, eq, sql } from "drizzle-orm";
import { ADMIN_MESSAGES, type EmailStats, type EmailSubscription, adminSubscriptionsQuery } from "@stepsync/contracts";
import { guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import { emailSubscriptions } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { newUnsubscribeToken } from "../notifications/service.ts";
import { pagination } from "../../http/paging.ts";
import { idParam } from "./params.ts";

type Row = typeof emailSubscriptions.$inferSelect;
const toSubscription = (r: Row): EmailSubscription => ({
  id: r.id,
  email: r.email,
  feature_name: r.featureName,
  source_page: r.sourcePage,
  subscription_status: r.subscriptionStatus,
  created_at: r.createdAt.toISOString(),
});

export function adminSubscriptionRoutes(app: FastifyInstance, { db }: AppContext): void {
  const admin = { preHandler: guard("admin") };

  app.get("/api/admin/email-subscriptions", admin, async (request) => {
    const q = parse(adminSubscriptionsQuery, request.query);
    const where = q.feature_name ? eq(emailSubscriptions.featureName, q.feature_name) : undefined;
    const rows = await db
      .select()
      .from(emailSubscriptions)
      .where(where)
      .orderBy(desc(emailSubscriptions.createdAt), desc(emailSubscriptions.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(emailSubscriptions).where(where);
    return { subscriptions: rows.map(toSubscription), pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)) };
  });

  /**
   * total and active over all rows; feature_subscriptions counts active ones per feature.
   * total_sent: feature announcements mailed to subscribers — none are sent yet, so 0.
   */
  app.get("/api/admin/email-stats", admin, async (): Promise<EmailStats> => {
    const [totals] = await db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${emailSubscriptions.subscriptionStatus} = 'active')::int`,
      })
      .from(emailSubscriptions);
    const byFeature = await db
      .select({ feature: emailSubscriptions.featureName, n: count() })
      .from(emailSubscriptions)
      .where(eq(emailSubscriptions.subscriptionStatus, "active"))
      .groupBy(emailSubscriptions.featureName);
    return {
      total: Number(totals?.total ?? 0),
      active: Number(totals?.active ?? 0),
      feature_subscriptions: Object.fromEntries(byFeature.map((f) => [f.feature, Number(f.n)])),
      notification_stats: { total_sent: 0 },
    };
  });

  /** The admin's Unsubscribe button: deactivates the row (and retires its link token). */
  app.put("/api/admin/email-subscriptions/:id/unsubscribe", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const [row] = await db
      .update(emailSubscriptions)
      .set({ subscriptionStatus: "unsubscribed", unsubscribedAt: new Date(), unsubscribeToken: newUnsubscribeToken() })
      .where(eq(emailSubscriptions.id, id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.subscriptionNotFound);
    return { message: ADMIN_MESSAGES.unsubscribed, subscription: toSubscription(row) };
  });
}
