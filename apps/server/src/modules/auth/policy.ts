import type { UserRow } from "./repository.ts";

/**
 * An account made with e-mail and password is linked to the Google identity of the same address
 * only once its owner has proven the address: otherwise whoever registered someone else's address
 * with a password would get their Google sign-in (and keep the password).
 */
export function mayLinkGoogle(user: Pick<UserRow, "emailVerifiedAt">): boolean {
  return user.emailVerifiedAt !== null;
}
