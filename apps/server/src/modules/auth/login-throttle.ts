import { MESSAGES } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { addToWindow, clearWindow, countInWindow } from "../../db/window-counter.ts";
import { HttpError } from "../../http/errors.ts";

/**
 * Wrong passwords per account, on top of the per-client limit on the route: guessing one
 * account's password from many addresses (or through the profile's current-password check) stops
 * after FAILURES wrong tries within WINDOW_MS. Only failures count, and only password checks are
 * held: the owner can still sign in with Google or reset the password. Counted in the database,
 * so every web process holds the account alike.
 */
export const LOGIN_THROTTLE = { FAILURES: 10, WINDOW_MS: 15 * 60 * 1000 };

const keyOf = (email: string) => `login:${email.toLowerCase()}`;

/** Refuses (429) while the account has had too many wrong passwords lately. */
export async function checkLoginHold(db: Queryable, email: string): Promise<void> {
  if ((await countInWindow(db, keyOf(email), LOGIN_THROTTLE.WINDOW_MS)) >= LOGIN_THROTTLE.FAILURES)
    throw new HttpError(429, MESSAGES.tooManyLoginFailures);
}

export async function loginFailed(db: Queryable, email: string): Promise<void> {
  await addToWindow(db, keyOf(email), LOGIN_THROTTLE.WINDOW_MS);
}

/** A right password clears the account's count. */
export async function loginSucceeded(db: Queryable, email: string): Promise<void> {
  await clearWindow(db, keyOf(email));
}
