import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { hashToken, newToken } from "./tokens.ts";
import type { UserRow } from "./users.ts";

export type SessionRow = typeof sessions.$inferSelect;
export type Authenticated = { user: UserRow; session: SessionRow; token: string };

export async function createSession(
  db: Db,
  userId: number,
  ttlMs: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

/** The live session a token belongs to, with its user; expired or unknown tokens give undefined. */
export async function findSession(db: Db, token: string): Promise<Authenticated | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row ? { ...row, token } : undefined;
}

/** Pushes the expiry to a full lifetime from now. */
export async function extendSession(db: Db, sessionId: number, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes sessions past their expiry (findSession ignores them; nothing else would remove them). Answers how many. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
