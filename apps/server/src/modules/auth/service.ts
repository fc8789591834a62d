import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.ts";
import { LIMITS, MESSAGES, type AuthResponse } from "@stepsync/contracts";
import type { Db } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { createSession, deleteUserSessions } from "../../auth/sessions.ts";
import { hashToken, newToken } from "../../auth/tokens.ts";
import { availableUsername, findUserByEmail, toPublicUser, type UserRow } from "../../auth/users.ts";
import { changeCredits } from "../credits/service.ts";

/** Creates an account with its welcome credits (one transaction: the user and its `initial` ledger row). */
export async function createAccount(
  db: Db,
  input: {
    username: string;
    email: string;
    password?: string;
    googleSub?: string;
    profileImage?: string;
    role?: UserRow["role"];
    /** The address is already proven (Google said so). */
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  if (await findUserByEmail(db, input.email)) throw new HttpError(409, MESSAGES.emailTaken);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const username = await availableUsername(db, input.username);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username,
          email: input.email,
          fullName: input.username.trim(),
          passwordHash,
          googleSub: input.googleSub,
          profileImage: input.profileImage,
          role: input.role ?? "user",
          emailVerifiedAt: input.emailVerified ? new Date() : null,
        })
        .returning();
      if (!user) throw new Error("insert returned no row");
      await changeCredits(
        tx,
        user.id,
        LIMITS.initialCredits,
        "initial",
        `Welcome bonus: ${LIMITS.initialCredits} free credits`,
      );
      return { ...user, credits: LIMITS.initialCredits };
    });
  } catch (error) {
    // Two sign-ups racing for the same e-mail: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
    throw error;
  }
}

/** Opens a session and shapes the answer of register, login and the Google calls. */
export async function signIn(
  db: Db,
  user: UserRow,
  sessionMs: number,
  meta: { userAgent?: string; ip?: string },
): Promise<AuthResponse> {
  const { token, expiresAt } = await createSession(db, user.id, sessionMs, meta);
  return { token, session_id: token, user: toPublicUser(user), session: { expires_at: expiresAt.toISOString() } };
}

/** A single-use reset link token, valid for an hour; only its hash is stored. */
export async function createResetToken(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + LIMITS.resetTokenMs),
  });
  return token;
}

export async function findValidResetToken(db: Db, token: string) {
  const [row] = await db
    .select({ reset: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row;
}

/**
 * Uses the token (once), sets the password, ends every session of the user and voids their other
 * links. The link went to the account's address, so opening it also proves that address.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new HttpError(400, MESSAGES.invalidResetLink);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, used.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await deleteUserSessions(tx as unknown as Db, used.userId);
  });
}

export function resetMail(link: string, username: string) {
  return {
    subject: "Reset your StepSync password",
    text: [
      `Hi ${username},`,
      "",
      "Someone asked to reset the password of your StepSync account. To choose a new one, open this link:",
      link,
      "",
      "The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
      "",
      "— StepSync",
    ].join("\n"),
  };
}
