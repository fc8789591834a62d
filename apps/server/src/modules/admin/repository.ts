import { and, avg, count, desc, eq, gte, ilike, or, type SQL, sql } from "drizzle-orm";
import { offsetOf, type Page } from "../../db/page.ts";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Role } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { containsPattern } from "../../db/like.ts";
import {
  adminCreditGrants,
  comparisons,
  notifications,
  purchases,
  referenceVideos,
  users,
  videoComments,
  videos,
} from "../../db/schema.ts";
import { countedComparison } from "../comparisons/policy.ts";

export type UserRow = typeof users.$inferSelect;

// Figures -----------------------------------------------------------------------------------------

async function countOf(db: Queryable, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

export const countUsers = (db: Queryable, createdSince?: Date) =>
  countOf(db, users, createdSince ? gte(users.createdAt, createdSince) : undefined);
export const countLibraryVideos = (db: Queryable) => countOf(db, referenceVideos);
export const countComparisons = (db: Queryable) => countOf(db, comparisons);
export const countComments = (db: Queryable) => countOf(db, videoComments);
export const countNotifications = (db: Queryable) => countOf(db, notifications);

export async function roleCounts(db: Queryable): Promise<Record<Role, number>> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const out: Record<Role, number> = { user: 0, contributor: 0, admin: 0 };
  for (const r of rows) out[r.role] = Number(r.n);
  return out;
}

export async function libraryViews(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${referenceVideos.views}), 0)::int` })
    .from(referenceVideos);
  return Number(row?.n ?? 0);
}

export async function libraryVideosPerCategory(db: Queryable): Promise<Record<string, number>> {
  const rows = await db
    .select({ category: referenceVideos.category, n: count() })
    .from(referenceVideos)
    .groupBy(referenceVideos.category);
  return Object.fromEntries(rows.map((c) => [c.category, Number(c.n)]));
}

/** The average overall score of comparisons that count (completed, not another routine's); undefined when there are none. */
export async function averageScore(db: Queryable): Promise<number | undefined> {
  const [row] = await db
    .select({ avg: avg(comparisons.overallScore) })
    .from(comparisons)
    .where(countedComparison());
  return row?.avg == null ? undefined : Number(row.avg);
}

/** Completed purchases in rupees (the currency the shop charges in): how many, and the paise paid. */
export async function revenue(db: Queryable): Promise<{ purchases: number; paise: number }> {
  const [row] = await db
    .select({ n: count(), paise: sql<number>`coalesce(sum(${purchases.amountPaise}), 0)::int` })
    .from(purchases)
    .where(and(eq(purchases.paymentStatus, "completed"), eq(purchases.currency, "INR")));
  return { purchases: Number(row?.n ?? 0), paise: Number(row?.paise ?? 0) };
}

// Users -------------------------------------------------------------------------------------------

/** A page of users (of a role, matching a search in username or e-mail), newest first, and the total. */
export async function listUsers(
  db: Queryable,
  filter: { role?: Role; search?: string },
  page: Page,
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const like = containsPattern(filter.search);
    const match = or(ilike(users.username, like), ilike(users.email, like));
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  return { rows, total: await countOf(db, users, where) };
}

export async function allUsers(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).orderBy(users.id);
}

/**
 * Locks every admin row (in id order, so two callers never deadlock) and answers their ids, for the
 * rest of the caller's transaction.
 */
export async function lockAdmins(tx: Queryable): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.id)
    .for("update");
  return rows.map((r) => r.id);
}

export async function lockUser(tx: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

// Credits an admin gives ---------------------------------------------------------------------------

export type CreditGrantRow = typeof adminCreditGrants.$inferSelect;

/**
 * Records a grant; undefined when the admin already made one under this idempotency key (the unique
 * index decides; a concurrent one with the key waits for the first to commit or roll back).
 */
export async function insertCreditGrant(
  q: Queryable,
  values: { adminId: number; userId: number; amount: number; reason: string; idempotencyKey: string },
): Promise<CreditGrantRow | undefined> {
  const [row] = await q.insert(adminCreditGrants).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCreditGrant(
  q: Queryable,
  adminId: number,
  idempotencyKey: string,
): Promise<CreditGrantRow | undefined> {
  const [row] = await q
    .select()
    .from(adminCreditGrants)
    .where(and(eq(adminCreditGrants.adminId, adminId), eq(adminCreditGrants.idempotencyKey, idempotencyKey)));
  return row;
}

// Deleting an account -----------------------------------------------------------------------------

/** The storage keys of a user's uploads (their rows cascade with the user). */
export async function uploadKeysOf(tx: Queryable, userId: number): Promise<string[]> {
  const rows = await tx.select({ key: videos.storageKey }).from(videos).where(eq(videos.ownerId, userId));
  return rows.map((r) => r.key).filter((k): k is string => !!k);
}

export async function deleteUserRow(tx: Queryable, userId: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
