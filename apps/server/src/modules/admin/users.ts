import type { FastifyInstance } from "fastify";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_MESSAGES, type AdminUser, adminRoleBody, adminUsersQuery, MESSAGES } from "@stepsync/contracts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { emailSubscriptions, referenceVideos, users, videoLikes, videos } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { toCsv } from "./csv.ts";
import { pagination } from "../../http/paging.ts";
import { containsPattern } from "../../db/like.ts";

import { idParam } from "./params.ts";

export { idParam };

type UserRow = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Locks every admin row (in id order, so two callers never deadlock) and answers their ids. Whoever
 * checks "an admin remains" under this lock and changes roles in the same transaction cannot interleave
 * with another admin doing the same: the second waits and then sees the first one's change.
 */
async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.id)
    .for("update");
  return rows.map((r) => r.id);
}

/** Under the admin lock: refuses to take away the last admin, then refuses an actor no longer admin. */
function checkAdminsRemain(admins: number[], actorId: number, losingAdmin: number | undefined): void {
  if (losingAdmin !== undefined && admins.includes(losingAdmin) && admins.length <= 1) {
    throw new HttpError(409, ADMIN_MESSAGES.lastAdmin);
  }
  if (!admins.includes(actorId)) throw new HttpError(403, MESSAGES.adminRequired);
}
const toAdminUser = (u: Pick<UserRow, "id" | "username" | "email" | "role" | "createdAt">): AdminUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  role: u.role,
  created_at: u.createdAt.toISOString(),
});

/**
 * Deletes an account and everything that is theirs, then their files:
 * - cascaded by the database: sessions, reset tokens, credit ledger, uploads (videos rows),
 *   comparisons, likes, follows, friend requests, shares, comments, notifications, achievements;
 * - deleted here: their library videos (with the likes, shares and comments on them; other users'
 *   comparisons keep their copied title, the link becomes null) and their email subscriptions;
 * - kept, anonymised (user_id null): purchases, for the accounts; client logs;
 * - likes_count of the videos they liked is recounted; stored files (uploads, library videos,
 *   thumbnails, pose tracks) are removed once the rows are gone.
 */
export async function deleteUserAndData(
  db: Db,
  storage: BlobStore,
  user: UserRow,
  /** Runs first in the deleting transaction; throwing there deletes nothing. */
  precondition?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    await precondition?.(tx);
    const uploads = await tx.select({ key: videos.storageKey }).from(videos).where(eq(videos.ownerId, user.id));
    const library = await tx
      .delete(referenceVideos)
      .where(eq(referenceVideos.contributorId, user.id))
      .returning({ v: referenceVideos.videoKey, t: referenceVideos.thumbnailKey, p: referenceVideos.poseTrackKey });
    const liked = await tx.select({ id: videoLikes.videoId }).from(videoLikes).where(eq(videoLikes.userId, user.id));
    await tx
      .delete(emailSubscriptions)
      .where(
        or(
          eq(emailSubscriptions.userId, user.id),
          sql`lower(${emailSubscriptions.email}) = ${user.email.toLowerCase()}`,
        ),
      );
    await tx.delete(users).where(eq(users.id, user.id));
    const likedIds = liked.map((l) => l.id);
    if (likedIds.length > 0) {
      await tx
        .update(referenceVideos)
        .set({
          likesCount: sql`(select count(*)::int from ${videoLikes} where ${videoLikes.videoId} = ${referenceVideos.id})`,
        })
        .where(inArray(referenceVideos.id, likedIds));
    }
    return [...uploads.map((u) => u.key), ...library.flatMap((l) => [l.v, l.t, l.p])].filter((k): k is string => !!k);
  });
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

export function adminUserRoutes(app: FastifyInstance, { db, storage }: AppContext): void {
  const admin = { preHandler: guard("admin") };

  app.get("/api/admin/users", admin, async (request) => {
    const q = parse(adminUsersQuery, request.query);
    const conditions: SQL[] = [];
    if (q.role) conditions.push(eq(users.role, q.role));
    if (q.search) {
      const like = containsPattern(q.search);
      const match = or(ilike(users.username, like), ilike(users.email, like));
      if (match) conditions.push(match);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { users: rows.map(toAdminUser), pagination: pagination(q.page, q.limit, Number(total?.n ?? 0)) };
  });

  /** Changes a role. Admins cannot change their own (so the last admin can never demote themselves). */
  app.put("/api/admin/users/:id/role", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const { role } = parse(adminRoleBody, request.body);
    const me = currentUser(request).user;
    if (id === me.id) throw new HttpError(409, ADMIN_MESSAGES.cannotChangeOwnRole);
    const updated = await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
      checkAdminsRemain(admins, me.id, role === "admin" ? undefined : target.id);
      const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
      return row!;
    });
    return { message: ADMIN_MESSAGES.roleUpdated, user: toAdminUser(updated) };
  });

  app.delete("/api/admin/users/:id", admin, async (request) => {
    const { id } = parse(idParam, request.params);
    const me = currentUser(request).user;
    if (id === me.id) throw new HttpError(409, ADMIN_MESSAGES.cannotDeleteSelf);
    const [target] = await db.select().from(users).where(eq(users.id, id));
    if (!target) throw new HttpError(404, ADMIN_MESSAGES.userNotFound);
    // The admin check reads roles under the lock, not `target.role` read above (it may have changed since).
    await deleteUserAndData(db, storage, target, async (tx) => checkAdminsRemain(await lockAdmins(tx), me.id, id));
    return { message: ADMIN_MESSAGES.userDeleted(target.username) };
  });

  app.get("/api/admin/export/users", admin, async (_request, reply) => {
    const rows = await db.select().from(users).orderBy(users.id);
    const csv = toCsv(
      ["ID", "Username", "Email", "Full Name", "Role", "Credits", "Verified", "Created At"],
      rows.map((u) => [u.id, u.username, u.email, u.fullName, u.role, u.credits, u.verified, u.createdAt]),
    );
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="users_export.csv"')
      .header("cache-control", "no-store")
      .send(csv);
  });
}
