import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { updateUser } from "../modules/auth/repository.ts";
import { createAccount, findUserByEmail, promoteToAdmin } from "../modules/auth/service.ts";

/**
 * Makes sure an admin account with this e-mail exists: promotes an existing account (and sets the
 * password), or creates one. There is no built-in default admin.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; username?: string },
): Promise<"created" | "promoted"> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < 8) throw new Error("The admin password must be at least 8 characters");
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await promoteToAdmin(db, existing.id, input.password);
    await vouchForEmail(db, existing);
    return "promoted";
  }
  // The operator vouches for the address: an admin can use the app at once.
  await createAccount(db, {
    username: input.username ?? "Admin",
    email,
    password: input.password,
    role: "admin",
    emailVerified: true,
  });
  return "created";
}

/** ADMIN_EMAIL / ADMIN_PASSWORD at start: creates the admin once; never resets a password later. */
export async function ensureBootstrapAdmin(db: Db, admin: { email: string; password: string }, log: FastifyBaseLogger) {
  const existing = await findUserByEmail(db, admin.email);
  if (existing?.role === "admin") {
    // An admin made before operators' addresses counted as confirmed: no banner asking to confirm an
    // address no mail was sent to.
    await vouchForEmail(db, existing);
    return;
  }
  const outcome = await ensureAdmin(db, admin);
  log.info({ email: admin.email, outcome }, "admin account from ADMIN_EMAIL");
}

/** The operator named this address in the settings: it counts as confirmed (no link is mailed). */
async function vouchForEmail(db: Db, user: { id: number; emailVerifiedAt: Date | null }): Promise<void> {
  if (user.emailVerifiedAt === null) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
}
