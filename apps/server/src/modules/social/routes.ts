import type { FastifyInstance } from "fastify";
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  SOCIAL_MESSAGES,
  type FollowEntry,
  type FriendStatus,
  type FriendUser,
  type FriendsList,
  type PublicProfile,
  rowId,
} from "@stepsync/contracts";
import { follows, friendRequests, referenceVideos, users } from "../../db/schema.ts";
import { HttpError, parse } from "../../http/errors.ts";
import { currentUser, guard } from "../auth/request-auth.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { recentLibraryCardsOf } from "../library/service.ts";
import { notify } from "../notifications/service.ts";

const userParam = z.object({ id: rowId(SOCIAL_MESSAGES.profileNotFound) });
const requestParam = z.object({ requestId: rowId(SOCIAL_MESSAGES.friendRequestNotFound) });
const friendBody = z.object({ user_id: rowId(SOCIAL_MESSAGES.userNotFound) });

const RECENT_VIDEOS = 12;

async function findUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

const friendUser = (u: {
  id: number;
  username: string;
  profileImage: string | null;
  verified: boolean;
}): FriendUser => ({
  id: u.id,
  username: u.username,
  profile_image: u.profileImage,
  verified: u.verified,
});

async function followerCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followingId, userId));
  return Number(row?.n ?? 0);
}

/** The live (pending or accepted) request between two users, either direction. */
async function liveRequest(db: Db, a: number, b: number) {
  const [row] = await db
    .select()
    .from(friendRequests)
    .where(
      and(
        or(
          and(eq(friendRequests.senderId, a), eq(friendRequests.receiverId, b)),
          and(eq(friendRequests.senderId, b), eq(friendRequests.receiverId, a)),
        ),
        inArray(friendRequests.status, ["pending", "accepted"]),
      ),
    );
  return row;
}

export function socialRoutes(app: FastifyInstance, { db }: AppContext): void {
  // Follow ----------------------------------------------------------------------------------------

  /** Idempotent: a second follow changes nothing; counts come from the follow rows, so they are exact. */
  app.post("/api/users/:id/follow", { preHandler: guard() }, async (request) => {
    const { id } = parse(userParam, request.params);
    const { user } = currentUser(request);
    if (id === user.id) throw new HttpError(400, SOCIAL_MESSAGES.followSelf);
    if (!(await findUser(db, id))) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(follows)
        .values({ followerId: user.id, followingId: id })
        .onConflictDoNothing()
        .returning({ id: follows.id });
      if (inserted.length > 0) {
        await notify(tx, {
          userId: id,
          actorId: user.id,
          type: "follow",
          title: SOCIAL_MESSAGES.newFollowerTitle,
          message: SOCIAL_MESSAGES.newFollower(user.username),
        });
      }
    });
    return { is_following: true, followers_count: await followerCount(db, id) };
  });

  app.post("/api/users/:id/unfollow", { preHandler: guard() }, async (request) => {
    const { id } = parse(userParam, request.params);
    const { user } = currentUser(request);
    if (id === user.id) throw new HttpError(400, SOCIAL_MESSAGES.followSelf);
    if (!(await findUser(db, id))) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
    await db.delete(follows).where(and(eq(follows.followerId, user.id), eq(follows.followingId, id)));
    return { is_following: false, followers_count: await followerCount(db, id) };
  });

  // Public profile --------------------------------------------------------------------------------

  app.get("/api/users/:id/profile", async (request): Promise<{ profile: PublicProfile }> => {
    const { id } = parse(userParam, request.params);
    const viewer = request.auth?.user;
    const user = await findUser(db, id);
    if (!user) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
    const approvedOf = and(eq(referenceVideos.contributorId, id), eq(referenceVideos.status, "approved"));
    const [videoStats] = await db
      .select({ n: count(), views: sql<number>`coalesce(sum(${referenceVideos.views}), 0)` })
      .from(referenceVideos)
      .where(approvedOf);
    const [following] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, id));
    const isFollowing =
      viewer && viewer.id !== id
        ? (
            await db
              .select({ id: follows.id })
              .from(follows)
              .where(and(eq(follows.followerId, viewer.id), eq(follows.followingId, id)))
          ).length > 0
        : false;
    let friendStatus: FriendStatus = "none";
    let friendRequestId: number | null = null;
    if (viewer && viewer.id !== id) {
      const live = await liveRequest(db, viewer.id, id);
      if (live) {
        friendRequestId = live.id;
        friendStatus =
          live.status === "accepted" ? "friends" : live.senderId === viewer.id ? "pending_sent" : "pending_received";
      }
    }
    const recent = await recentLibraryCardsOf(db, id, viewer?.id, RECENT_VIDEOS);
    return {
      profile: {
        id: user.id,
        username: user.username,
        full_name: user.fullName,
        bio: user.bio,
        profile_image: user.profileImage,
        role: user.role,
        verified: user.verified,
        social_links: user.socialLinks ?? {},
        videos_count: Number(videoStats?.n ?? 0),
        total_views: Number(videoStats?.views ?? 0),
        followers_count: await followerCount(db, id),
        following_count: Number(following?.n ?? 0),
        is_following: isFollowing,
        is_own: viewer?.id === id,
        friend_status: friendStatus,
        friend_request_id: friendRequestId,
        recent_videos: recent,
      },
    };
  });

  async function followList(userId: number, direction: "followers" | "following"): Promise<FollowEntry[]> {
    if (!(await findUser(db, userId))) throw new HttpError(404, SOCIAL_MESSAGES.profileNotFound);
    const other = direction === "followers" ? follows.followerId : follows.followingId;
    const self = direction === "followers" ? follows.followingId : follows.followerId;
    const rows = await db
      .select({ user: users, followedAt: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, other))
      .where(eq(self, userId))
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(500);
    return rows.map((r) => ({
      id: r.user.id,
      username: r.user.username,
      profile_image: r.user.profileImage,
      verified: r.user.verified,
      followed_at: r.followedAt.toISOString(),
    }));
  }

  app.get("/api/users/:id/followers", async (request) => {
    const { id } = parse(userParam, request.params);
    return { followers: await followList(id, "followers") };
  });

  app.get("/api/users/:id/following", async (request) => {
    const { id } = parse(userParam, request.params);
    return { following: await followList(id, "following") };
  });

  // Friends ---------------------------------------------------------------------------------------

  /** Not to oneself, not twice, not when the other already asked (either direction is one pair). */
  app.post("/api/friends/request", { preHandler: guard() }, async (request, reply) => {
    const { user } = currentUser(request);
    const { user_id } = parse(friendBody, request.body);
    if (user_id === user.id) throw new HttpError(400, SOCIAL_MESSAGES.friendRequestSelf);
    if (!(await findUser(db, user_id))) throw new HttpError(404, SOCIAL_MESSAGES.userNotFound);
    const explain = (live: typeof friendRequests.$inferSelect) => {
      if (live.status === "accepted") return new HttpError(400, SOCIAL_MESSAGES.alreadyFriends);
      if (live.senderId === user.id) return new HttpError(400, SOCIAL_MESSAGES.friendRequestExists);
      return new HttpError(400, SOCIAL_MESSAGES.friendRequestIncoming);
    };
    const existing = await liveRequest(db, user.id, user_id);
    if (existing) throw explain(existing);
    const created = await db.transaction(async (tx) => {
      // The partial unique index on the pair settles races: the loser inserts nothing.
      const [row] = await tx
        .insert(friendRequests)
        .values({ senderId: user.id, receiverId: user_id })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await notify(tx, {
          userId: user_id,
          actorId: user.id,
          type: "system",
          title: SOCIAL_MESSAGES.friendRequestTitle,
          message: SOCIAL_MESSAGES.friendRequest(user.username),
        });
      }
      return row;
    });
    if (!created) {
      const live = await liveRequest(db, user.id, user_id);
      throw live ? explain(live) : new HttpError(400, SOCIAL_MESSAGES.friendRequestExists);
    }
    return reply
      .status(201)
      .send({ request_id: created.id, status: "pending", message: SOCIAL_MESSAGES.friendRequestSent });
  });

  app.get("/api/friends", { preHandler: guard() }, async (request): Promise<FriendsList> => {
    const { user } = currentUser(request);
    const rows = await db
      .select()
      .from(friendRequests)
      .where(
        and(
          or(eq(friendRequests.senderId, user.id), eq(friendRequests.receiverId, user.id)),
          inArray(friendRequests.status, ["pending", "accepted"]),
        ),
      )
      .orderBy(desc(friendRequests.createdAt), desc(friendRequests.id));
    const otherIds = [...new Set(rows.map((r) => (r.senderId === user.id ? r.receiverId : r.senderId)))];
    const others = otherIds.length ? await db.select().from(users).where(inArray(users.id, otherIds)) : [];
    const byId = new Map(others.map((u) => [u.id, friendUser(u)]));
    const list: FriendsList = { friends: [], incoming: [], outgoing: [] };
    for (const r of rows) {
      const other = byId.get(r.senderId === user.id ? r.receiverId : r.senderId);
      if (!other) continue;
      if (r.status === "accepted") {
        list.friends.push({ ...other, request_id: r.id, friends_since: (r.respondedAt ?? r.createdAt).toISOString() });
      } else if (r.receiverId === user.id) {
        list.incoming.push({ request_id: r.id, user: other, created_at: r.createdAt.toISOString() });
      } else {
        list.outgoing.push({ request_id: r.id, user: other, created_at: r.createdAt.toISOString() });
      }
    }
    return list;
  });

  /** Only the receiver answers, and only a pending request; anything else is "not found". */
  async function respond(requestId: number, receiverId: number, status: "accepted" | "declined") {
    return db.transaction(async (tx) => {
      const [row] = await tx
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
      if (!row) throw new HttpError(404, SOCIAL_MESSAGES.friendRequestNotFound);
      return row;
    });
  }

  app.post("/api/friends/:requestId/accept", { preHandler: guard() }, async (request) => {
    const { requestId } = parse(requestParam, request.params);
    const { user } = currentUser(request);
    const row = await respond(requestId, user.id, "accepted");
    await notify(db, {
      userId: row.senderId,
      actorId: user.id,
      type: "system",
      title: SOCIAL_MESSAGES.friendAcceptedTitle,
      message: SOCIAL_MESSAGES.friendAccepted(user.username),
    });
    return { request_id: row.id, status: "accepted" };
  });

  app.post("/api/friends/:requestId/decline", { preHandler: guard() }, async (request) => {
    const { requestId } = parse(requestParam, request.params);
    const { user } = currentUser(request);
    const row = await respond(requestId, user.id, "declined");
    return { request_id: row.id, status: "declined" };
  });
}
