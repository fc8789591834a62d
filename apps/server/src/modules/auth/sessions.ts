import type { Queryable } from "../../db/client.ts";
import type { UserReadCache } from "../../db/user-read-cache.ts";
import * as repo from "./repository.ts";
import type { SessionRow, UserRow } from "./repository.ts";
import { hashToken, newToken } from "./tokens.ts";

export type { SessionRow } from "./repository.ts";
export type Authenticated = { user: UserRow; session: SessionRow; token: string };

/** Opens a session: a random token, stored only as its hash. */
export async function createSession(
  db: Queryable,
  userId: number,
  ttlMs: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await repo.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

/**
 * The live session a token belongs to, with its user; expired or unknown tokens give undefined.
 * Through `cache` (every signed-in request asks), a known session is answered from memory until
 * its user changes; one its own clock says has expired is looked up again (it may have been extended).
 */
export async function findSession(
  db: Queryable,
  token: string,
  cache: UserReadCache,
): Promise<Authenticated | undefined> {
  const load = async () => {
    const row = await repo.findLiveSession(db, hashToken(token));
    return row ? { ...row, token } : undefined;
  };
  // Kept by the token itself (the answer holds it anyway): a hit, nearly every request, hashes nothing.
  const key = `session:${token}`;
  const found = await cache.read(key, load, (auth) => auth?.user.id);
  if (!found || found.session.expiresAt.getTime() > Date.now()) return found;
  cache.forget(key);
  return load();
}

/** Pushes the expiry to a full lifetime from now. */
export async function extendSession(db: Queryable, sessionId: number, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await repo.updateSession(db, sessionId, { expiresAt, lastSeenAt: new Date() });
  return expiresAt;
}

export function touchSession(db: Queryable, sessionId: number): Promise<void> {
  return repo.updateSession(db, sessionId, { lastSeenAt: new Date() });
}

export function endSession(db: Queryable, sessionId: number): Promise<void> {
  return repo.deleteSession(db, sessionId);
}

/** Ends every session of a user (but `keepSessionId`, when given). */
export function endUserSessions(db: Queryable, userId: number, keepSessionId?: number): Promise<void> {
  return repo.deleteUserSessions(db, userId, keepSessionId);
}

/** Deletes sessions past their expiry (findSession ignores them; nothing else would remove them). Answers how many. */
export function purgeExpiredSessions(db: Queryable, now = new Date()): Promise<number> {
  return repo.deleteSessionsExpiredBy(db, now);
}
