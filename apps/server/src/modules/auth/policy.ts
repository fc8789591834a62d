import type { UserRow } from "./repository.ts";

/**
 * A password nobody has proven belongs with the account's address: set at sign-up and the address
 * never confirmed. A link confirms the address only for the account signed in to it (so only the
 * password's holder confirms), and a reset proves it too. Whoever registered someone else's
 * address would otherwise keep a password to the account that address's owner later signs in to
 * with Google: a verified Google sign-in removes such a password (Firebase's rule).
 */
export function hasUnprovenPassword(user: Pick<UserRow, "passwordHash" | "emailVerifiedAt">): boolean {
  return user.passwordHash !== null && user.emailVerifiedAt === null;
}
