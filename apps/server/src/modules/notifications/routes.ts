import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  mailSettings,
  mailSettingsUpdate,
  mailUnsubscribeRequest,
  markReadResponse,
  NOTIFICATION_MESSAGES,
  notificationsQuery,
  notificationsResponse,
  rowId,
  SUBSCRIBE_MESSAGES,
  successResponse,
  UNSUBSCRIBE_MESSAGES,
  subscribeRequest,
  unreadCountResponse,
  unsubscribeRequest,
} from "@stepsync/contracts";
import { parse } from "../../http/errors.ts";
import { pagination } from "../../http/paging.ts";
import { responds } from "../../http/responds.ts";
import { currentUser, guard } from "../../http/guard.ts";
import type { AppContext } from "../../context.ts";
import {
  inboxPage,
  mailSettingsOf,
  markAllNotificationsRead,
  markNotificationRead,
  subscribe,
  unreadCount,
  unsubscribeByToken,
  unsubscribeMailKind,
  updateMailSettings,
} from "./service.ts";

const notificationParam = z.object({ id: rowId(NOTIFICATION_MESSAGES.notFound) });

/**
 * The inbox (signed in, each user only their own): GET /api/notifications (paged, newest first, with
 * the unread count), GET /api/notifications/unread-count (the header's bell),
 * POST /api/notifications/{id}/read (someone else's id is "not found"), POST /api/notifications/read-all.
 *
 * Mailed kinds: GET / PUT /api/notifications/mail-settings, and POST /api/notifications/mail-unsubscribe
 * {token, kind}, the link in such a mail (no sign-in needed).
 */
export function inboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const signedIn = { preHandler: guard() };
  const limited = { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: "1 minute" } } };

  app.get("/api/notifications", { ...signedIn, ...responds(notificationsResponse) }, async (request) => {
    const q = parse(notificationsQuery, request.query);
    const { items, total, unread } = await inboxPage(db, currentUser(request).user.id, q);
    return { notifications: items, unread_count: unread, pagination: pagination(q.page, q.limit, total) };
  });

  app.get("/api/notifications/unread-count", { ...signedIn, ...responds(unreadCountResponse) }, async (request) => ({
    unread_count: await unreadCount(db, currentUser(request).user.id),
  }));

  app.post("/api/notifications/:id/read", { ...signedIn, ...responds(markReadResponse) }, async (request) => {
    const { id } = parse(notificationParam, request.params);
    return { unread_count: await markNotificationRead(db, currentUser(request).user.id, id) };
  });

  app.post("/api/notifications/read-all", { ...signedIn, ...responds(markReadResponse) }, async (request) => ({
    unread_count: await markAllNotificationsRead(db, currentUser(request).user.id),
  }));

  app.get("/api/notifications/mail-settings", { ...signedIn, ...responds(mailSettings) }, async (request) =>
    mailSettingsOf(db, currentUser(request).user.id),
  );

  app.put("/api/notifications/mail-settings", { ...signedIn, ...responds(mailSettings) }, async (request) => {
    const settings = parse(mailSettingsUpdate, request.body);
    await updateMailSettings(db, currentUser(request).user.id, settings);
    return mailSettingsOf(db, currentUser(request).user.id);
  });

  app.post("/api/notifications/mail-unsubscribe", { ...limited, ...responds(successResponse) }, async (request) => {
    const { token, kind } = parse(mailUnsubscribeRequest, request.body);
    await unsubscribeMailKind(db, token, kind);
    const message =
      kind === "group_reminder" ? NOTIFICATION_MESSAGES.groupMailsOff : NOTIFICATION_MESSAGES.reviewMailsOff;
    return { success: true, message };
  });
}

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
