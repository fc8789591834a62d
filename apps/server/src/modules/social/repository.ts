import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { follows, friendRequests, users } from "../../db/schema.ts";

export type FriendRequestRow = typeof friendRequests.$inferSelect;

// Follows -----------------------------------------------------------------------------------------

/** Answers whether the follow is new (a repeat inserts nothing). */
export async function insertFollow(db: Queryable, followerId: number, followingId: number): Promise<boolean> {
  const inserted = await db
    .insert(follows)
    .values({ followerId, followingId })
    .onConflictDoNothing()
    .returning({ id: follows.id });
  return inserted.length > 0;
}

export async function deleteFollow(db: Queryable, followerId: number, followingId: number): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
}

export async function isFollowing(db: Queryable, followerId: number, followingId: number): Promise<boolean> {
  const rows = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));
  return rows.length > 0;
}

export async function followerCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followingId, userId));
  return Number(row?.n ?? 0);
}

export async function followingCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return Number(row?.n ?? 0);
}

/** Who follows a user, or whom they follow: the other users, newest follow first. */
export async function followList(db: Queryable, userId: number, direction: "followers" | "following", limit: number) {
  const other = direction === "followers" ? follows.followerId : follows.followingId;
  const self = direction === "followers" ? follows.followingId : follows.followerId;
  return db
    .select({ user: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(eq(self, userId))
    .orderBy(desc(follows.createdAt), desc(follows.id))
    .limit(limit);
}

// Friend requests ---------------------------------------------------------------------------------

const live = inArray(friendRequests.status, ["pending", "accepted"]);

/** The live (pending or accepted) request between two users, either direction. */
export async function liveRequestBetween(db: Queryable, a: number, b: number): Promise<FriendRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(friendRequests)
    .where(
      and(
        or(
          and(eq(friendRequests.senderId, a), eq(friendRequests.receiverId, b)),
          and(eq(friendRequests.senderId, b), eq(friendRequests.receiverId, a)),
        ),
        live,
      ),
    );
  return row;
}

/** A new pending request; undefined when the pair already has a live one (the partial unique index decides). */
export async function insertFriendRequest(
  db: Queryable,
  senderId: number,
  receiverId: number,
): Promise<FriendRequestRow | undefined> {
  const [row] = await db.insert(friendRequests).values({ senderId, receiverId }).onConflictDoNothing().returning();
  return row;
}

/** Every live request a user sent or received, newest first. */
export async function liveRequestsOf(db: Queryable, userId: number): Promise<FriendRequestRow[]> {
  return db
    .select()
    .from(friendRequests)
    .where(and(or(eq(friendRequests.senderId, userId), eq(friendRequests.receiverId, userId)), live))
    .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
}

/** Answers a pending request addressed to `receiverId`; undefined when there is no such request. */
export async function answerPendingRequest(
  db: Queryable,
  requestId: number,
  receiverId: number,
  status: "accepted" | "declined",
): Promise<FriendRequestRow | undefined> {
  const [row] = await db
    .update(friendRequests)
    .set({ status, respondedAt: new Date() })
    .where(
      and(
        eq(friendRequests.id, requestId),
        eq(friendRequests.receiverId, receiverId),
        eq(friendRequests.status, "pending"),
      ),
    )
    .returning();
  return row;
}
