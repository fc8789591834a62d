import { MESSAGES } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { HttpError } from "../../http/errors.ts";
import { sendMail } from "../../mail/send.ts";
import * as repo from "./repository.ts";
import type { UserRow } from "./repository.ts";
import { endUserSessions } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

/** How long a confirmation link works. */
const CONFIRM_LINK_MS = 48 * 60 * 60 * 1000;

/**
 * A single-use link proving `email` belongs to the user: their own address after sign-up, or the
 * one they want to change to. A newer link voids the user's older ones (only the latest change
 * can happen). Answers the token for the link.
 */
export async function createConfirmation(db: Db, userId: number, email: string): Promise<string> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await repo.voidConfirmationsOf(tx, userId);
    await repo.insertConfirmation(tx, {
      tokenHash: hashToken(token),
      userId,
      email: email.toLowerCase(),
      expiresAt: new Date(Date.now() + CONFIRM_LINK_MS),
    });
  });
  return token;
}

/**
 * Mails a link proving `email` (the account's own, or a new one it wants): the mail goes out
 * after the answer, and a failure is logged, not shown (the banner offers to resend).
 */
export async function mailConfirmation(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  user: UserRow,
  email: string,
): Promise<void> {
  const token = await createConfirmation(ctx.db, user.id, email);
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const newAddress = email.toLowerCase() !== user.email.toLowerCase();
  await sendMail(ctx, log, { to: email, ...confirmationMail(link, user, newAddress) }, "confirmation mail");
}

function confirmationMail(link: string, user: Pick<UserRow, "username">, newAddress: boolean) {
  return {
    subject: newAddress ? "Confirm your new StepSync e-mail address" : "Confirm your StepSync e-mail address",
    text: [
      `Hi ${user.username},`,
      "",
      newAddress
        ? "You asked to change the e-mail address of your StepSync account to this one. It changes when you open this link:"
        : "Welcome to StepSync! Please confirm your e-mail address by opening this link:",
      link,
      "",
      "The link works for 48 hours. If you did not ask for this, ignore this e-mail.",
    ].join("\n"),
  };
}

/**
 * Uses a link (once): its address is now proven. When it is a new address the account's e-mail
 * changes to it, and every session but `keepSessionId` ends (whoever had the account before the
 * change must sign in again). Answers the user and whether the address changed.
 */
export async function confirmEmail(
  db: Db,
  token: string,
  keepSessionId?: number,
): Promise<{ user: UserRow; changed: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const link = await repo.useConfirmation(tx, hashToken(token));
      if (!link) throw new HttpError(400, MESSAGES.invalidConfirmLink);
      const before = await repo.findUserById(tx, link.userId);
      if (!before) throw new HttpError(400, MESSAGES.invalidConfirmLink);
      const changed = before.email.toLowerCase() !== link.email;
      const user = await repo.updateUser(tx, link.userId, { email: link.email, emailVerifiedAt: new Date() });
      if (changed) await endUserSessions(tx, link.userId, keepSessionId);
      return { user: user as UserRow, changed };
    });
  } catch (error) {
    // The new address was taken by another account meanwhile: the unique index says so.
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
    throw error;
  }
}

/** A new address waiting for its link to be opened, if any. */
export async function pendingEmailOf(db: Queryable, user: Pick<UserRow, "id" | "email">): Promise<string | null> {
  return (await repo.pendingConfirmationEmail(db, user.id, user.email)) ?? null;
}
