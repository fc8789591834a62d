import type { UserRow } from "../auth/service.ts";

/**
 * A new e-mail address needs the current password, when the account has one: a borrowed session
 * must not be able to take the account. (A Google-only account has no password to ask for.)
 */
export function emailChangeNeedsPassword(user: Pick<UserRow, "passwordHash">): boolean {
  return user.passwordHash !== null;
}
