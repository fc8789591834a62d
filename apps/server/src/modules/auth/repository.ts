import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { emailConfirmations, passwordResetTokens, sessions, users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

// Users -------------------------------------------------------------------------------------------

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsersByIds(db: Queryable, ids: number[]): Promise<UserRow[]> {
  return ids.length ? db.select().from(users).where(inArray(users.id, ids)) : [];
}

/** E-mail addresses compare case-insensitively. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserByGoogleSub(db: Queryable, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

/** Whether an account has this Google subject or (exactly) this address. */
export async function googleOrEmailExists(db: Queryable, sub: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.googleSub, sub), eq(users.email, email)));
  return rows.length > 0;
}

/** Ids of the accounts with this username (case-insensitively). */
export async function usernameOwners(db: Queryable, username: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return rows.map((r) => r.id);
}

export async function insertUser(db: Queryable, row: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(row).returning();
  if (!user) throw new Error("insert returned no row");
  return user;
}

export async function updateUser(
  db: Queryable,
  id: number,
  changes: Partial<Omit<NewUser, "id">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function linkGoogle(db: Queryable, userId: number, sub: string): Promise<void> {
  await db.update(users).set({ googleSub: sub }).where(eq(users.id, userId));
}

/**
 * Google proved the address of an account whose password nobody proved: the password goes, Google
 * links, and the profile becomes the Google identity's (`profile`), as a Google sign-up makes it.
 */
export async function replacePasswordWithGoogle(
  db: Queryable,
  userId: number,
  sub: string,
  profile: Pick<UserRow, "username" | "fullName" | "profileImage">,
): Promise<void> {
  await db
    .update(users)
    .set({
      ...profile,
      bio: null,
      socialLinks: {},
      passwordHash: null,
      googleSub: sub,
      emailVerifiedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** A new password; the address it was mailed to is proven by now (kept when proven earlier). */
export async function setPasswordAndProveEmail(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

// Sessions ----------------------------------------------------------------------------------------

export async function insertSession(db: Queryable, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

const liveSession = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare("live_session"),
);

/** The unexpired session with this token hash, and its user. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await liveSession(db).execute({ tokenHash, now: new Date() });
  return row;
}

export async function updateSession(
  db: Queryable,
  sessionId: number,
  changes: { expiresAt?: Date; lastSeenAt: Date },
): Promise<void> {
  await db.update(sessions).set(changes).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Queryable, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of a user, but `keepSessionId` when given. */
export async function deleteUserSessions(db: Queryable, userId: number, keepSessionId?: number): Promise<void> {
  const others = keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), others));
}

export async function deleteSessionsExpiredBy(db: Queryable, now: Date): Promise<number> {
  const gone = await db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}

// Password reset links ----------------------------------------------------------------------------

const liveReset = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

export async function insertResetToken(
  db: Queryable,
  row: { tokenHash: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** An unused, unexpired reset link and its user. */
export async function findLiveResetToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ reset: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(liveReset(tokenHash));
  return row;
}

/** Marks a live reset link used; answers its user, or undefined when it was not live. */
export async function useResetToken(db: Queryable, tokenHash: string): Promise<number | undefined> {
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(liveReset(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId;
}

export async function voidResetTokensOf(db: Queryable, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

// E-mail confirmation links -----------------------------------------------------------------------

export type EmailConfirmationRow = typeof emailConfirmations.$inferSelect;

export async function voidConfirmationsOf(db: Queryable, userId: number): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ usedAt: new Date() })
    .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt)));
}

export async function insertConfirmation(
  db: Queryable,
  row: { tokenHash: string; userId: number; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmations).values(row);
}

/** Confirmation links made since `since` for this account, and to this address (whichever account asked). */
export async function confirmationsSince(
  db: Queryable,
  since: Date,
  userId: number,
  email: string,
): Promise<{ account: number; address: number }> {
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${emailConfirmations.userId} = ${userId})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${emailConfirmations.email} = ${email})`.mapWith(Number),
    })
    .from(emailConfirmations)
    .where(gt(emailConfirmations.createdAt, since));
  return { account: row?.account ?? 0, address: row?.address ?? 0 };
}

/** The link with this hash while it can still be used (not used, not expired). */
const liveConfirmation = (tokenHash: string) =>
  and(
    eq(emailConfirmations.tokenHash, tokenHash),
    isNull(emailConfirmations.usedAt),
    gt(emailConfirmations.expiresAt, new Date()),
  );

/** A link that can still be used (not used, not expired), without using it. */
export async function openConfirmation(db: Queryable, tokenHash: string): Promise<EmailConfirmationRow | undefined> {
  const [link] = await db.select().from(emailConfirmations).where(liveConfirmation(tokenHash));
  return link;
}

/** Marks a live confirmation link used; answers it, or undefined when it was not live. */
export async function useConfirmation(db: Queryable, tokenHash: string): Promise<EmailConfirmationRow | undefined> {
  const [link] = await db
    .update(emailConfirmations)
    .set({ usedAt: new Date() })
    .where(liveConfirmation(tokenHash))
    .returning();
  return link;
}

/** The newest live link of a user to an address other than `currentEmail`. */
export async function pendingConfirmationEmail(
  db: Queryable,
  userId: number,
  currentEmail: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ email: emailConfirmations.email })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.userId, userId),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, new Date()),
        sql`${emailConfirmations.email} <> lower(${currentEmail})`,
      ),
    )
    .orderBy(desc(emailConfirmations.id))
    .limit(1);
  return row?.email;
}
