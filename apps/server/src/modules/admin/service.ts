import {
  ADMIN_MESSAGES,
  type AdminCreditGrant,
  NOTIFICATION_LINKS,
  type AdminDashboardStats,
  type RealtimeStats,
  type Role,
  type SystemStats,
  type TrafficStats,
  rupeesOf,
} from "@stepsync/contracts";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { activeUsers, databaseSizeMb, rates, round2, systemUsage, type TrafficMetrics } from "../../metrics/traffic.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { findUserById, updateAccount } from "../auth/service.ts";
import {
  deleteLibraryVideosOf,
  likedLibraryVideoIdsOf,
  recountLibraryLikes,
  removeStoredFiles,
} from "../library/service.ts";
import { dancerCallStats } from "../comparisons/service.ts";
import { changeCredits } from "../credits/service.ts";
import { deleteSubscriptionsOf, notify } from "../notifications/service.ts";
import { rehearsalFilesOf } from "../rehearsals/service.ts";
import { assertAdminsRemain, assertNotSelf } from "./policy.ts";
import * as repo from "./repository.ts";
import type { UserRow } from "./repository.ts";

// Figures -----------------------------------------------------------------------------------------

export async function trafficStats(db: Queryable, metrics: TrafficMetrics, dataDir: string): Promise<TrafficStats> {
  const [totals, hourly, active, sizeMb, system] = await Promise.all([
    metrics.totals(),
    metrics.hourly(),
    activeUsers(db),
    databaseSizeMb(db),
    systemUsage(dataDir),
  ]);
  return {
    application_stats: { overview: { ...rates(totals), active_users: active }, hourly_traffic: hourly },
    database_stats: {
      total_users: await repo.countUsers(db),
      total_videos: await repo.countLibraryVideos(db),
      total_comparisons: await repo.countComparisons(db),
      database_size_mb: sizeMb,
    },
    system_stats: system,
  };
}

export async function realtimeStats(db: Queryable, metrics: TrafficMetrics): Promise<RealtimeStats> {
  const t = rates(await metrics.totals());
  return {
    active_users: await activeUsers(db),
    total_requests: t.total_requests,
    avg_response_time_ms: t.avg_response_time_ms,
    error_rate_percent: t.error_rate_percent,
    timestamp: new Date().toISOString(),
  };
}

export async function userStats(db: Queryable, now = new Date()): Promise<AdminDashboardStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return {
    total_users: await repo.countUsers(db),
    new_users_this_month: await repo.countUsers(db, monthStart),
    role_stats: await repo.roleCounts(db),
  };
}

/** Revenue: completed purchases, in rupees (the currency the shop charges in). */
export async function systemStats(db: Queryable): Promise<SystemStats> {
  const since30 = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  const score = await repo.averageScore(db);
  const paid = await repo.revenue(db);
  return {
    total_users: await repo.countUsers(db),
    new_users_30_days: await repo.countUsers(db, since30),
    role_distribution: await repo.roleCounts(db),
    total_videos: await repo.countLibraryVideos(db),
    total_video_views: await repo.libraryViews(db),
    video_categories: await repo.libraryVideosPerCategory(db),
    total_comparisons: await repo.countComparisons(db),
    average_comparison_score: score === undefined ? 0 : round2(score),
    total_comments: await repo.countComments(db),
    total_notifications: await repo.countNotifications(db),
    total_purchases: paid.purchases,
    total_revenue: rupeesOf(paid.paise),
    currency: "INR",
  };
}

/** Results refused as another routine and the dancers' calls on them, overall and per reference. */
export const dancerCalls = dancerCallStats;

// Users -------------------------------------------------------------------------------------------

export function userPage(db: Queryable, filter: { role?: Role; search?: string }, page: number, limit: number) {
  return repo.listUsers(db, filter, { page, limit });
}

export const allUsers = repo.allUsers;

/**
 * Changes a role. Whoever checks "an admin remains" under the admin lock and changes roles in the
 * same transaction cannot interleave with another admin doing the same: the second waits and
 * then sees the first one's change.
 */
export async function changeRole(db: Db, actorId: number, targetId: number, role: Role): Promise<UserRow> {
  assertNotSelf(actorId, targetId, "change role");
  return db.transaction(async (tx) => {
    const admins = await repo.lockAdmins(tx);
    const target = await repo.lockUser(tx, targetId);
    if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    assertAdminsRemain(admins, actorId, role === "admin" ? undefined : target.id);
    const updated = await updateAccount(tx, targetId, { role });
    if (!updated) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    return updated;
  });
}

/**
 * Sets the Verified mark. Any role may carry it (a user may become a contributor later, keeping
 * it); it shows wherever their name does.
 */
export async function setVerified(db: Queryable, targetId: number, verified: boolean): Promise<UserRow> {
  const updated = await updateAccount(db, targetId, { verified });
  if (!updated) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  return updated;
}

/**
 * An admin gives a user credits (or takes some back): while payments are off the only way to more
 * credits, else a correction. One transaction holds the grant's row (the audit: who, whom, how many,
 * why), the change of balance through the credits area's ledger (never below zero: 409 and nothing
 * changed) and the user's notification. Exactly once: the admin's idempotency key is unique per admin
 * and its row is written first, so a retry or a concurrent copy waits for the first to commit, then
 * finds the key taken and changes nothing (the same key for another user, amount or reason: 409).
 * Answers the user as they now are, and whether this request made the change.
 */
export async function grantCredits(
  db: Db,
  adminId: number,
  userId: number,
  grant: AdminCreditGrant,
): Promise<{ user: UserRow; granted: boolean }> {
  return db.transaction(async (tx) => {
    const target = await repo.lockUser(tx, userId);
    if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    const row = await repo.insertCreditGrant(tx, {
      adminId,
      userId,
      amount: grant.amount,
      reason: grant.reason,
      idempotencyKey: grant.idempotency_key,
    });
    if (!row) {
      const earlier = await repo.findCreditGrant(tx, adminId, grant.idempotency_key);
      if (earlier?.userId !== userId || earlier.amount !== grant.amount || earlier.reason !== grant.reason)
        throw new HttpError(409, ADMIN_MESSAGES.grantKeyReused);
      return { user: target, granted: false };
    }
    const line = ADMIN_MESSAGES.grantLedgerLine(grant.amount, grant.reason);
    if (!(await changeCredits(tx, userId, grant.amount, "other", line)))
      throw new HttpError(409, ADMIN_MESSAGES.grantBelowZero(target.username, target.credits));
    await notify(tx, {
      userId,
      actorId: adminId,
      type: "system",
      title: ADMIN_MESSAGES.grantNotificationTitle(grant.amount),
      message: ADMIN_MESSAGES.grantNotification(grant.amount, grant.reason),
      link: NOTIFICATION_LINKS.dashboard,
    });
    return { user: { ...target, credits: target.credits + grant.amount }, granted: true };
  });
}

/**
 * An admin deletes an account (not their own, not the last admin's) and everything that is theirs.
 * Answers the deleted user.
 */
export async function deleteUserAsAdmin(
  deps: { db: Db; storage: BlobStore },
  actorId: number,
  targetId: number,
): Promise<UserRow> {
  assertNotSelf(actorId, targetId, "delete");
  const target = await findUserById(deps.db, targetId);
  if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
  // The admin check reads roles under the lock, not `target.role` read above (it may have changed since).
  await deleteUserAndData(deps, target, async (tx) => assertAdminsRemain(await repo.lockAdmins(tx), actorId, targetId));
  return target;
}

/**
 * Deletes an account and everything that is theirs, then their files:
 * - cascaded by the database: sessions, reset tokens, credit ledger, uploads (videos rows),
 *   comparisons, likes, follows, friend requests, shares, comments, notifications, achievements;
 * - deleted here: their library videos (with the likes, shares and comments on them; other users'
 *   comparisons keep their copied title, the link becomes null) and their email subscriptions;
 * - kept, anonymised (user_id null): purchases, for the accounts; client logs;
 * - likes_count of the videos they liked is recounted; stored files (uploads, library videos,
 *   thumbnails, pose tracks, rehearsal videos) are removed once the rows are gone.
 */
export async function deleteUserAndData(
  deps: { db: Db; storage: BlobStore },
  user: UserRow,
  /** Runs first in the deleting transaction; throwing there deletes nothing. */
  precondition?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    await precondition?.(tx);
    const uploads = await repo.uploadKeysOf(tx, user.id);
    const library = await deleteLibraryVideosOf(tx, user.id);
    const rehearsals = await rehearsalFilesOf(tx, user.id);
    const liked = await likedLibraryVideoIdsOf(tx, user.id);
    await deleteSubscriptionsOf(tx, user);
    await repo.deleteUserRow(tx, user.id);
    await recountLibraryLikes(tx, liked);
    return [...uploads, ...library, ...rehearsals];
  });
  await removeStoredFiles(deps.storage, keys);
}
