import { randomBytes } from "node:crypto";
import {
  type MailedNotificationKind,
  type MailSettings,
  NOTIFICATION_MESSAGES,
  type NotificationItem,
  SUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_MESSAGES,
} from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Queryable } from "../../db/client.ts";
import type { Page } from "../../db/page.ts";
import { HttpError } from "../../http/errors.ts";
import { sendMail } from "../../mail/send.ts";
import { groupReminderMail, reviewOutcomeMail } from "./mails.ts";
import * as repo from "./repository.ts";
import type { NotificationRow, NotificationType, SubscriptionRow } from "./repository.ts";

export type { SubscriptionRow } from "./repository.ts";
export {
  deleteNotification,
  deleteSubscriptionsOf,
  listNotificationsWithUser,
  listSubscriptions,
  subscriptionCounts,
} from "./repository.ts";

// In-app notifications ----------------------------------------------------------------------------

/** What a notification says and, in `link`, the app path of what it is about. */
export type Notice = { title: string; message: string; type: NotificationType; link?: string | null };

/**
 * Adds a notification for a user (never for the one who caused it), in the caller's transaction.
 * Answers whether one was written.
 */
export async function notify(
  db: Queryable,
  input: Notice & { userId: number | null | undefined; actorId?: number },
): Promise<boolean> {
  if (!input.userId || input.userId === input.actorId) return false;
  await repo.insertNotifications(db, [
    { userId: input.userId, type: input.type, title: input.title, message: input.message, link: input.link ?? null },
  ]);
  return true;
}

/** Several notifications for one user at once. */
export function notifyAll(db: Queryable, userId: number, notices: Notice[]): Promise<void> {
  return repo.insertNotifications(
    db,
    notices.map((n) => ({ userId, ...n })),
  );
}

const toItem = (n: NotificationRow): NotificationItem => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  link: n.link,
  is_read: n.isRead,
  created_at: n.createdAt.toISOString(),
});

/** The inbox: a page of the user's own notifications, newest first, with their unread count. */
export async function inboxPage(db: Queryable, userId: number, page: Page) {
  const { rows, total } = await repo.listOwnNotifications(db, userId, page);
  return { items: rows.map(toItem), total, unread: await repo.countUnread(db, userId) };
}

export const unreadCount = repo.countUnread;

/** Marks one of the user's own notifications read (404 for anyone else's) and answers the unread count left. */
export async function markNotificationRead(db: Queryable, userId: number, id: number): Promise<number> {
  if (!(await repo.markRead(db, userId, id))) throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
  return repo.countUnread(db, userId);
}

export async function markAllNotificationsRead(db: Queryable, userId: number): Promise<number> {
  await repo.markAllRead(db, userId);
  return repo.countUnread(db, userId);
}

// Mailed kinds: review outcomes -------------------------------------------------------------------

/**
 * Mails a review outcome (the notice the contributor also got in the app) unless they turned such
 * mails off; the mail carries the link that turns them off. Call after the review is committed.
 */
export async function mailReviewOutcome(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  userId: number,
  notice: Notice,
): Promise<void> {
  const settings = await repo.mailSettingsOf(ctx.db, userId);
  if (!settings?.reviewMails) return;
  await sendMail(
    ctx,
    log,
    { to: settings.email, ...reviewOutcomeMail(ctx.config.publicUrl, notice, settings.mailToken) },
    "review outcome mail",
  );
}

// Mailed kinds: a group organiser's reminders ----------------------------------------------------

/**
 * Mails a group's reminder (the notice the member also got in the app) unless they turned such
 * mails off or their address is not confirmed (nobody is mailed at an address they may not own);
 * the mail carries the link that turns them off. Call after the reminder is committed. Answers
 * whether it was sent.
 */
export async function mailGroupReminder(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  userId: number,
  notice: Notice,
): Promise<boolean> {
  const settings = await repo.mailSettingsOf(ctx.db, userId);
  if (!settings?.groupMails || !settings.emailVerifiedAt) return false;
  await sendMail(
    ctx,
    log,
    { to: settings.email, ...groupReminderMail(ctx.config.publicUrl, notice, settings.mailToken) },
    "group reminder mail",
  );
  return true;
}

export async function mailSettingsOf(db: Queryable, userId: number): Promise<MailSettings> {
  const row = await repo.mailSettingsOf(db, userId);
  return { review_outcome: row?.reviewMails ?? false, group_reminder: row?.groupMails ?? false };
}

/** Changes the kinds named; the others stay. */
export async function updateMailSettings(
  db: Queryable,
  userId: number,
  settings: { review_outcome?: boolean; group_reminder?: boolean },
): Promise<void> {
  await repo.setMailSwitches(db, userId, {
    ...(settings.review_outcome === undefined ? {} : { reviewMails: settings.review_outcome }),
    ...(settings.group_reminder === undefined ? {} : { groupMails: settings.group_reminder }),
  });
}

/** What each mailed kind's unsubscribe link turns off. */
const SWITCH_OFF: Record<MailedNotificationKind, repo.MailSwitches> = {
  review_outcome: { reviewMails: false },
  group_reminder: { groupMails: false },
};

/** A mail's unsubscribe link: turns its kind off for the token's owner (no sign-in needed; using it again is harmless). */
export async function unsubscribeMailKind(db: Queryable, token: string, kind: MailedNotificationKind): Promise<void> {
  if (!(await repo.turnOffMailsByToken(db, token, SWITCH_OFF[kind])))
    throw new HttpError(404, NOTIFICATION_MESSAGES.unsubscribeInvalid);
}

// E-mail subscriptions ("notify me") --------------------------------------------------------------

export const newUnsubscribeToken = () => randomBytes(24).toString("base64url");

/** New subscriptions (each mailed) one address may get in a day: "notify me" must not mail-bomb anyone. */
export const SUBSCRIPTIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * "Notify me" for an unreleased feature: one row per address and feature (a repeat changes
 * nothing; an unsubscribed one is reactivated), each with a random unsubscribe token. A new or
 * reactivated subscription is confirmed by mail with its unsubscribe link (/unsubscribe?token=…).
 * At most SUBSCRIPTIONS_PER_ADDRESS_PER_DAY new ones per address a day (429 after).
 */
export async function subscribe(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  input: { email: string; featureName: string; sourcePage: string | null; userId: number | null },
): Promise<void> {
  const { db } = ctx;
  const email = input.email.toLowerCase();
  if (!(await repo.subscriptionExists(db, email, input.featureName))) {
    const today = await repo.subscriptionsOfAddressSince(db, email, new Date(Date.now() - 24 * 3600_000));
    if (today >= SUBSCRIPTIONS_PER_ADDRESS_PER_DAY) throw new HttpError(429, SUBSCRIBE_MESSAGES.tooMany);
  }
  const row =
    (await repo.insertSubscription(db, {
      email,
      featureName: input.featureName,
      sourcePage: input.sourcePage,
      unsubscribeToken: newUnsubscribeToken(),
      userId: input.userId,
    })) ??
    // Already there: reactivated when it was unsubscribed; an active one stays as it is.
    (await repo.reactivateSubscription(db, email, input.featureName));
  if (row) await sendMail(ctx, log, subscribedMail(ctx.config.publicUrl, row), "subscription confirmation mail");
}

function subscribedMail(publicUrl: string, row: SubscriptionRow) {
  const link = `${publicUrl}/unsubscribe?token=${encodeURIComponent(row.unsubscribeToken)}`;
  const feature = row.featureName.replace(/_/g, " ");
  return {
    to: row.email,
    subject: `You're on the list: ${feature}`,
    text: `Thanks! We'll email you when ${feature} is ready.\n\nTo unsubscribe, open: ${link}\n`,
  };
}

/** The link of a mail: deactivates that one active subscription and retires its token (a link works once). */
export async function unsubscribeByToken(db: Queryable, token: string): Promise<void> {
  const row = await repo.deactivateSubscription(db, { activeToken: token }, newUnsubscribeToken());
  if (!row) throw new HttpError(404, UNSUBSCRIBE_MESSAGES.invalid);
}

/** An admin deactivates a subscription (and retires its link token); undefined when there is none. */
export function unsubscribeById(db: Queryable, id: number): Promise<SubscriptionRow | undefined> {
  return repo.deactivateSubscription(db, { id }, newUnsubscribeToken());
}
