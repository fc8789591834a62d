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
 * Confirmation mails go to addresses nobody has proven yet, so they are capped: per account (one
 * account asking for link after link) and per address (many accounts mailing one inbox), within
 * CONFIRM_MAIL_WINDOW_MS. Sign-up's first link counts too.
 */
export const CONFIRM_MAILS = { PER_ACCOUNT: 5, PER_ADDRESS: 3 };
const CONFIRM_MAIL_WINDOW_MS = 60 * 60 * 1000;

/**
 * A single-use link proving `email` belongs to the user: their own address after sign-up, or the
 * one they want to change to. A newer link voids the user's older ones (only the latest change
 * can happen). Answers the token for the link; 429 past the caps (nothing is made or mailed).
 */
export async function createConfirmation(db: Db, userId: number, email: string, capped = true): Promise<string> {
  const token = newToken();
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    const sent = await repo.confirmationsSince(tx, new Date(Date.now() - CONFIRM_MAIL_WINDOW_MS), userId, address);
    if (capped && (sent.account >= CONFIRM_MAILS.PER_ACCOUNT || sent.address >= CONFIRM_MAILS.PER_ADDRESS))
      throw new HttpError(429, MESSAGES.confirmMailsLimit);
    await repo.voidConfirmationsOf(tx, userId);
    await repo.insertConfirmation(tx, {
      tokenHash: hashToken(token),
      userId,
      email: address,
      expiresAt: new Date(Date.now() + CONFIRM_LINK_MS),
    });
  });
  return token;
}

/**
 * Mails a link proving `email` (the account's own, or a new one it wants): the mail goes out
 * after the answer, and a failure is logged, not shown (the banner offers to resend). When the new
 * address already belongs to another account, the asker is answered exactly as for a free one (the
 * same pending change, the same caps: the call tells no one which addresses are registered), and
 * the address's `owner` gets a notice instead of a link.
 */
export async function mailConfirmation(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  user: UserRow,
  email: string,
  { owner, signUp = false }: { owner?: Pick<UserRow, "username">; signUp?: boolean } = {},
): Promise<void> {
  // Sign-up's link is never refused (an address signs up once); it counts toward the caps.
  const token = await createConfirmation(ctx.db, user.id, email, !signUp);
  if (owner) {
    await sendMail(ctx, log, { to: email, ...addressInUseMail(ctx.config.publicUrl, owner) }, "address-in-use notice");
    return;
  }
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const newAddress = email.toLowerCase() !== user.email.toLowerCase();
  await sendMail(ctx, log, { to: email, ...confirmationMail(link, user, newAddress) }, "confirmation mail");
}

function addressInUseMail(publicUrl: string, owner: Pick<UserRow, "username">) {
  return {
    subject: "Someone tried to use your e-mail address on StepSync",
    text: [
      `Hi ${owner.username},`,
      "",
      "Another StepSync account asked to change its e-mail address to this one. It is already yours, so nothing changed.",
      `If that was you, sign in with this address instead: ${publicUrl}/login`,
      "If it was not, you need not do anything.",
    ].join("\n"),
  };
}

function confirmationMail(link: string, user: Pick<UserRow, "username">, newAddress: boolean) {
  return {
    subject: newAddress ? "Confirm your new StepSync e-mail address" : "Confirm your StepSync e-mail address",
    text: [
      `Hi ${user.username},`,
      "",
      newAddress
        ? "You asked to change the e-mail address of your StepSync account to this one. It changes when you open this link:"
        : "Welcome to StepSync! Please confirm your e-mail address: open this link, log in with the password you chose and press Confirm.",
      link,
      "",
      "The link works for 48 hours. If you did not ask for this, ignore this e-mail.",
    ].join("\n"),
  };
}

/**
 * Uses a link (once): its address is now proven. When it is a new address the account's e-mail
 * changes to it, and every session but the one that opened it ends (whoever had the account before
 * the change must sign in again). A link works only for a request signed in to its account, so the
 * one who proves the address is the one who holds the password: otherwise anyone could register
 * (or type into their account) your address, and the link you open would hand them your proven
 * address — and with it your Google sign-in. Such a request gets 401 (signed out) or 403 (another
 * account), and the link keeps working. Answers the user, whether the address changed and the
 * address it had before.
 */
export async function confirmEmail(
  db: Db,
  token: string,
  opener?: { userId: number; sessionId: number },
): Promise<{ user: UserRow; changed: boolean; previous: string }> {
  try {
    return await db.transaction(async (tx) => {
      const open = await repo.openConfirmation(tx, hashToken(token));
      const before = open && (await repo.findUserById(tx, open.userId));
      if (!open || !before) throw new HttpError(400, MESSAGES.invalidConfirmLink);
      const changed = before.email.toLowerCase() !== open.email;
      if (opener?.userId !== open.userId)
        throw new HttpError(
          opener ? 403 : 401,
          changed ? MESSAGES.confirmChangeNeedsSignIn : MESSAGES.confirmNeedsSignIn,
        );
      // Used by this one update: of two requests opening it at once, one gets it.
      if (!(await repo.useConfirmation(tx, open.tokenHash))) throw new HttpError(400, MESSAGES.invalidConfirmLink);
      const user = await repo.updateUser(tx, open.userId, { email: open.email, emailVerifiedAt: new Date() });
      if (changed) await endUserSessions(tx, open.userId, opener?.sessionId);
      return { user: user as UserRow, changed, previous: before.email };
    });
  } catch (error) {
    // The new address was taken by another account meanwhile: the unique index says so.
    if (isUniqueViolation(error)) throw new HttpError(409, MESSAGES.emailTaken);
    throw error;
  }
}

/** Tells the address an account had that it changed (whoever changed it, the old owner hears of it). */
export async function mailAddressChanged(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  user: Pick<UserRow, "username" | "email">,
  previous: string,
): Promise<void> {
  const text = [
    `Hi ${user.username},`,
    "",
    `The e-mail address of your StepSync account was changed from this one to ${user.email}.`,
    "",
    `If you did not make this change, reset your password at ${ctx.config.publicUrl}/forgot-password and write to ${ctx.config.supportEmail}.`,
  ].join("\n");
  await sendMail(
    ctx,
    log,
    { to: previous, subject: "Your StepSync e-mail address was changed", text },
    "address-changed notice",
  );
}

/** A new address waiting for its link to be opened, if any. */
export async function pendingEmailOf(db: Queryable, user: Pick<UserRow, "id" | "email">): Promise<string | null> {
  return (await repo.pendingConfirmationEmail(db, user.id, user.email)) ?? null;
}
