import type { User } from "@stepsync/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash or Google subject. */
export function toPublicUser(row: UserRow, pendingEmail: string | null = null): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.fullName,
    bio: row.bio,
    profile_image: row.profileImage,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    email_verified: row.emailVerifiedAt !== null,
    pending_email: pendingEmail,
    has_password: row.passwordHash !== null,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return rows.some((r) => r.id !== exceptUserId);
}

/**
 * Sign-up takes the username from the Full Name field, and many people share a name: rather than
 * refuse "Priya Sharma" because another Priya Sharma exists, the second one becomes "Priya Sharma 2".
 */
export async function availableUsername(db: Db, wanted: string): Promise<string> {
  const base = wanted.trim().replace(/\s+/g, " ").slice(0, 72) || "dancer";
  if (!(await isUsernameTaken(db, base))) return base;
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${base} ${n}`;
    if (!(await isUsernameTaken(db, candidate))) return candidate;
  }
  throw new Error("no username available");
}
