import { and, count, desc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { offsetOf, type Page } from "../../db/page.ts";
import type { Queryable } from "../../db/client.ts";
import { emailSubscriptions, notifications, users } from "../../db/schema.ts";

export type NotificationType = (typeof notifications.$inferInsert)["type"];
export type SubscriptionRow = typeof emailSubscriptions.$inferSelect;

// In-app notifications ----------------------------------------------------------------------------

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(
  db: Queryable,
  rows: Array<{ userId: number; type: NotificationType; title: string; message: string; link?: string | null }>,
): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

const unreadOf = (userId: number) => and(eq(notifications.userId, userId), eq(notifications.isRead, false));

/** A page of one user's notifications, newest first, and how many they have in all. */
export async function listOwnNotifications(
  db: Queryable,
  userId: number,
  page: Page,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const own = eq(notifications.userId, userId);
  const rows = await db
    .select()
    .from(notifications)
    .where(own)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(notifications).where(own);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function countUnread(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadOf(userId));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read; false when the user has no notification of that id. */
export async function markRead(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, userId: number): Promise<void> {
  await db.update(notifications).set({ isRead: true }).where(unreadOf(userId));
}

// Mail settings (per kind of mailed notification) -------------------------------------------------

export async function mailSettingsOf(db: Queryable, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      reviewMails: users.reviewMails,
      groupMails: users.groupMails,
      mailToken: users.mailToken,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The columns that turn each mailed kind on or off. */
export type MailSwitches = { reviewMails?: boolean; groupMails?: boolean };

export async function setMailSwitches(db: Queryable, userId: number, switches: MailSwitches): Promise<void> {
  if (Object.keys(switches).length === 0) return;
  await db.update(users).set(switches).where(eq(users.id, userId));
}

/** Turns one mailed kind off for the owner of a mail's token; false when no user has that token. */
export async function turnOffMailsByToken(db: Queryable, token: string, switches: MailSwitches): Promise<boolean> {
  const rows = await db.update(users).set(switches).where(eq(users.mailToken, token)).returning({ id: users.id });
  return rows.length > 0;
}

/** The admin panel's list: every user's notifications (optionally of one type / read state), newest first. */
export async function listNotificationsWithUser(
  db: Queryable,
  filter: { type?: NotificationType; is_read?: boolean },
  page: Page,
) {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(notifications.type, filter.type));
  if (filter.is_read !== undefined) conditions.push(eq(notifications.isRead, filter.is_read));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ n: notifications, username: users.username, email: users.email })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Deletes one notification; false when there was none. */
export async function deleteNotification(db: Queryable, id: number): Promise<boolean> {
  const gone = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id });
  return gone.length > 0;
}

// E-mail subscriptions ("notify me") --------------------------------------------------------------

const sameAddress = (email: string) => sql`lower(${emailSubscriptions.email}) = ${email.toLowerCase()}`;

export async function subscriptionExists(db: Queryable, email: string, feature: string): Promise<boolean> {
  const rows = await db
    .select({ id: emailSubscriptions.id })
    .from(emailSubscriptions)
    .where(and(sameAddress(email), eq(emailSubscriptions.featureName, feature)));
  return rows.length > 0;
}

export async function subscriptionsOfAddressSince(db: Queryable, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailSubscriptions)
    .where(and(sameAddress(email), gt(emailSubscriptions.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Inserts a subscription unless the address already has one for the feature (then undefined). */
export async function insertSubscription(
  db: Queryable,
  row: typeof emailSubscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [inserted] = await db.insert(emailSubscriptions).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** An unsubscribed subscription of the address and feature becomes active again; undefined when none was. */
export async function reactivateSubscription(
  db: Queryable,
  email: string,
  feature: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(emailSubscriptions)
    .set({ subscriptionStatus: "active", unsubscribedAt: null })
    .where(
      and(
        sameAddress(email),
        eq(emailSubscriptions.featureName, feature),
        eq(emailSubscriptions.subscriptionStatus, "unsubscribed"),
      ),
    )
    .returning();
  return row;
}

/** Deactivates the subscription `where` picks, giving it `newToken`; undefined when none matched. */
export async function deactivateSubscription(
  db: Queryable,
  where: { id: number } | { activeToken: string },
  newToken: string,
): Promise<SubscriptionRow | undefined> {
  const match =
    "id" in where
      ? eq(emailSubscriptions.id, where.id)
      : and(
          eq(emailSubscriptions.unsubscribeToken, where.activeToken),
          eq(emailSubscriptions.subscriptionStatus, "active"),
        );
  const [row] = await db
    .update(emailSubscriptions)
    .set({ subscriptionStatus: "unsubscribed", unsubscribedAt: new Date(), unsubscribeToken: newToken })
    .where(match)
    .returning();
  return row;
}

/** A page of subscriptions (optionally of one feature), newest first, and how many there are in all. */
export async function listSubscriptions(
  db: Queryable,
  feature: string | undefined,
  page: Page,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  const where = feature ? eq(emailSubscriptions.featureName, feature) : undefined;
  const rows = await db
    .select()
    .from(emailSubscriptions)
    .where(where)
    .orderBy(desc(emailSubscriptions.createdAt), desc(emailSubscriptions.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await db.select({ n: count() }).from(emailSubscriptions).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** All subscriptions, the active ones, and the active ones per feature. */
export async function subscriptionCounts(db: Queryable) {
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
    byFeature: byFeature.map((f) => ({ feature: f.feature, count: Number(f.n) })),
  };
}

/** Every subscription of a user's account or address (their account is being deleted). */
export async function deleteSubscriptionsOf(db: Queryable, user: { id: number; email: string }): Promise<void> {
  const match: SQL | undefined = or(eq(emailSubscriptions.userId, user.id), sameAddress(user.email));
  await db.delete(emailSubscriptions).where(match);
}
