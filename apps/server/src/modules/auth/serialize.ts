import type { User } from "@stepsync/contracts";
import type { UserRow } from "./repository.ts";

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
