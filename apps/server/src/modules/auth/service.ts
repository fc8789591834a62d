import { LIMITS, MESSAGES, type AuthResponse } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { addToWindow, MAX_WINDOW_MS } from "../../db/window-counter.ts";
import { HttpError } from "../../http/errors.ts";
import { sendMail } from "../../mail/send.ts";
import { changeCredits } from "../credits/service.ts";
import type { GoogleIdentity } from "./google.ts";
import { mailConfirmation, pendingEmailOf } from "./email-confirmation.ts";
import { checkLoginHold, loginFailed, loginSucceeded } from "./login-throttle.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { hasUnprovenPassword } from "./policy.ts";
import * as repo from "./repository.ts";
import type { UserRow } from "./repository.ts";
import { toPublicUser } from "./serialize.ts";
import { createSession, endUserSessions } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

export type { UserRow } from "./repository.ts";
export { findUserByEmail, findUserById, findUsersByIds } from "./repository.ts";

type SessionMeta = { userAgent?: string; ip?: string };

// Accounts ----------------------------------------------------------------------------------------

export async function isUsernameTaken(db: Queryable, username: string, exceptUserId?: number): Promise<boolean> {
  return (await repo.usernameOwners(db, username)).some((id) => id !== exceptUserId);
}

/**
 * Sign-up takes the username from the Full Name field, and many people share a name: rather than
 * refuse "Priya Sharma" because another Priya Sharma exists, the second one becomes "Priya Sharma 2".
 */
export async function availableUsername(db: Queryable, wanted: string): Promise<string> {
  const base = wanted.trim().replace(/\s+/g, " ").slice(0, 72) || "dancer";
  if (!(await isUsernameTaken(db, base))) return base;
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${base} ${n}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  throw new Error("no username available");
}

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
  if (await repo.findUserByEmail(db, input.email)) throw new HttpError(409, MESSAGES.emailTaken);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const username = await availableUsername(db, input.username);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        username,
        email: input.email,
        fullName: input.username.trim(),
        passwordHash,
        googleSub: input.googleSub,
        profileImage: input.profileImage,
        role: input.role ?? "user",
        emailVerifiedAt: input.emailVerified ? new Date() : null,
      });
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

/** Notes mailed to one address about sign-ups with it, at most, within MAX_WINDOW_MS (a day). */
export const SIGN_UP_NOTES_PER_DAY = 3;

/**
 * Sign-up with e-mail and password, answered the same whether the address is free or not (the route
 * says "check your e-mail"): nobody learns from it which addresses have accounts. A free address gets
 * the account and its welcome link; a taken one's owner gets a note instead (at most
 * SIGN_UP_NOTES_PER_DAY a day, so sign-ups are no way to flood an inbox). Both hash the password, so
 * both answers take as long.
 */
export async function signUpWithPassword(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  input: { username: string; email: string; password: string },
): Promise<void> {
  const owner = await repo.findUserByEmail(ctx.db, input.email);
  if (!owner) {
    const user = await createAccount(ctx.db, input).catch((error: unknown) => {
      // Another sign-up took the address a moment ago: answered alike, its owner is not mailed twice.
      if (error instanceof HttpError && error.status === 409) return undefined;
      throw error;
    });
    if (user) await mailConfirmation(ctx, log, user, user.email, { signUp: true });
    return;
  }
  await hashPassword(input.password);
  if ((await addToWindow(ctx.db, `sign-up-note:${owner.email}`, MAX_WINDOW_MS)) > SIGN_UP_NOTES_PER_DAY) return;
  await sendMail(
    ctx,
    log,
    { to: owner.email, ...signUpNoteMail(ctx.config.publicUrl, owner.username) },
    "sign-up note",
  );
}

function signUpNoteMail(publicUrl: string, username: string) {
  return {
    subject: "Someone tried to sign up for StepSync with your e-mail address",
    text: [
      `Hi ${username},`,
      "",
      "Someone tried to create a StepSync account with this e-mail address. You already have one, so nothing changed.",
      `If that was you, log in instead: ${publicUrl}/login`,
      `Forgot your password? Choose a new one: ${publicUrl}/forgot-password`,
      "If it was not you, you need not do anything.",
      "",
      "— StepSync",
    ].join("\n"),
  };
}

/** Changes what the owner (or an admin) may change on an account; undefined when it is gone. */
export function updateAccount(
  db: Queryable,
  userId: number,
  changes: Partial<
    Pick<UserRow, "username" | "fullName" | "bio" | "profileImage" | "role" | "verified" | "socialLinks">
  >,
): Promise<UserRow | undefined> {
  return repo.updateUser(db, userId, changes);
}

/** Makes an existing account an admin with this password (the create-admin command). */
export async function promoteToAdmin(db: Queryable, userId: number, password: string): Promise<void> {
  await repo.updateUser(db, userId, { role: "admin", passwordHash: await hashPassword(password) });
}

// Signing in --------------------------------------------------------------------------------------

/** Opens a session and shapes the answer of register, login and the Google calls. */
export async function signIn(
  db: Queryable,
  user: UserRow,
  sessionMs: number,
  meta: SessionMeta,
): Promise<AuthResponse> {
  const { token, expiresAt } = await createSession(db, user.id, sessionMs, meta);
  // The user as GET /api/auth/session shows it (with the address awaiting confirmation), so the
  // client needs no second trip to learn it.
  const shown = toPublicUser(user, await pendingEmailOf(db, user));
  return { token, session_id: token, user: shown, session: { expires_at: expiresAt.toISOString() } };
}

/**
 * The account of an e-mail and password; "unknown address" and "wrong password" look alike. A wrong
 * one counts toward the address's hold (login-throttle.ts), which refuses even the right one (429).
 */
export async function checkPassword(db: Queryable, email: string, password: string): Promise<UserRow> {
  await checkLoginHold(db, email);
  const user = await repo.findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await loginFailed(db, email);
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  await loginSucceeded(db, email);
  return user;
}

/** Whether `password` is the signed-in account's own, counted like a sign-in's (429 while held). */
export async function isOwnPassword(db: Queryable, user: UserRow, password: string): Promise<boolean> {
  await checkLoginHold(db, user.email);
  const ok = await verifyPassword(user.passwordHash, password);
  await (ok ? loginSucceeded(db, user.email) : loginFailed(db, user.email));
  return ok;
}

/**
 * The account a Google identity signs in to: the linked one, or (linked now) the one of its
 * address. Google has proven that address: an account whose password nobody proved (policy.ts)
 * may have been set up by someone else, so it loses the password, its links, every session and
 * the profile they wrote (it becomes the Google identity's, as a Google sign-up would make it);
 * `passwordRemoved` then says so.
 */
export async function googleAccount(
  db: Db,
  identity: GoogleIdentity,
): Promise<{ user: UserRow; passwordRemoved: boolean }> {
  const linked = await repo.findUserByGoogleSub(db, identity.sub);
  if (linked) return { user: linked, passwordRemoved: false };
  const user = await repo.findUserByEmail(db, identity.email);
  if (!user) throw new HttpError(404, MESSAGES.googleNoAccount);
  if (!hasUnprovenPassword(user)) {
    await repo.linkGoogle(db, user.id, identity.sub);
    return { user, passwordRemoved: false };
  }
  const name = googleName(identity);
  const username = await availableUsername(db, name);
  await db.transaction(async (tx) => {
    await repo.replacePasswordWithGoogle(tx, user.id, identity.sub, {
      username,
      fullName: name.trim(),
      profileImage: identity.picture ?? null,
    });
    await repo.voidResetTokensOf(tx, user.id);
    await repo.voidConfirmationsOf(tx, user.id);
    await endUserSessions(tx, user.id);
  });
  const now = await repo.findUserById(db, user.id);
  if (!now) throw new HttpError(404, MESSAGES.googleNoAccount);
  return { user: now, passwordRemoved: true };
}

/** The name an account made for a Google identity is given. */
const googleName = (identity: GoogleIdentity) => identity.name ?? identity.email.split("@")[0] ?? "dancer";

/** A new account for a Google identity nobody uses yet (its address counts as proven). */
export async function createGoogleAccount(db: Db, identity: GoogleIdentity): Promise<UserRow> {
  if (await repo.googleOrEmailExists(db, identity.sub, identity.email)) {
    throw new HttpError(409, MESSAGES.googleAccountExists);
  }
  return createAccount(db, {
    username: googleName(identity),
    email: identity.email,
    googleSub: identity.sub,
    profileImage: identity.picture,
    emailVerified: true,
  });
}

// Password reset ----------------------------------------------------------------------------------

/** A single-use reset link token, valid for an hour; only its hash is stored. */
export async function createResetToken(db: Queryable, userId: number): Promise<string> {
  const token = newToken();
  await repo.insertResetToken(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + LIMITS.resetTokenMs),
  });
  return token;
}

/**
 * Mails a reset link when the address has an account. The mail goes out after the answer, so the
 * answer takes the same time whether or not the account exists.
 */
export async function requestPasswordReset(
  ctx: Pick<AppContext, "db" | "queue" | "config">,
  log: FastifyBaseLogger,
  email: string,
): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = await createResetToken(ctx.db, user.id);
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(ctx, log, { to: user.email, ...resetMail(link, user.username) }, "reset mail");
}

/** The account of a live reset link, or undefined. */
export async function findValidResetToken(db: Queryable, token: string) {
  return repo.findLiveResetToken(db, hashToken(token));
}

/**
 * Uses the token (once), sets the password, ends every session of the user and voids their other
 * links. The link went to the account's address, so opening it also proves that address.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await repo.useResetToken(tx, hashToken(token));
    if (userId === undefined) throw new HttpError(400, MESSAGES.invalidResetLink);
    await repo.setPasswordAndProveEmail(tx, userId, passwordHash);
    await repo.voidResetTokensOf(tx, userId);
    await endUserSessions(tx, userId);
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
