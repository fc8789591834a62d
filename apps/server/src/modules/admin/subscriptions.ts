import type { FastifyInstance } from "fastify";
import {
  ADMIN_MESSAGES,
  type EmailStats,
  type EmailSubscription,
  adminSubscriptionsQuery,
  emailStatsResponse,
  emailSubscriptionsResponse,
  unsubscribedResponse,
} from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { pagination } from "../../http/paging.ts";
import {
  listSubscriptions,
  type SubscriptionRow,
  subscriptionCounts,
  unsubscribeById,
} from "../notifications/service.ts";
import { idParam } from "./params.ts";
import { adminAnswers } from "./route-options.ts";

const toSubscription = (r: SubscriptionRow): EmailSubscription => ({
  id: r.id,
  email: r.email,
  feature_name: r.featureName,
  source_page: r.sourcePage,
  subscription_status: r.subscriptionStatus,
  created_at: r.createdAt.toISOString(),
});

export function adminSubscriptionRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get("/api/admin/email-subscriptions", adminAnswers(emailSubscriptionsResponse), async (request) => {
    const q = parse(adminSubscriptionsQuery, request.query);
    const { rows, total } = await listSubscriptions(db, q.feature_name, { page: q.page, limit: q.limit });
    return { subscriptions: rows.map(toSubscription), pagination: pagination(q.page, q.limit, total) };
  });

  /**
   * total and active over all rows; feature_subscriptions counts active ones per feature.
   * total_sent: feature announcements mailed to subscribers — none are sent yet, so 0.
   */
  app.get("/api/admin/email-stats", adminAnswers(emailStatsResponse), async (): Promise<EmailStats> => {
    const counts = await subscriptionCounts(db);
    return {
      total: counts.total,
      active: counts.active,
      feature_subscriptions: Object.fromEntries(counts.byFeature.map((f) => [f.feature, f.count])),
      notification_stats: { total_sent: 0 },
    };
  });

  /** The admin's Unsubscribe button: deactivates the row (and retires its link token). */
  app.put("/api/admin/email-subscriptions/:id/unsubscribe", adminAnswers(unsubscribedResponse), async (request) => {
    const { id } = parse(idParam, request.params);
    const row = await unsubscribeById(db, id);
    if (!row) throw new HttpError(404, ADMIN_MESSAGES.subscriptionNotFound);
    return { message: ADMIN_MESSAGES.unsubscribed, subscription: toSubscription(row) };
  });
}
