import {
  NOTIFICATION_LINKS,
  SOCIAL_MESSAGES,
  type FollowEntry,
  type FriendStatus,
  type FriendUser,
  type FriendsList,
  type PublicProfile,
} from "@stepsync/contracts";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { findUserById, findUsersByIds, type UserRow } from "../auth/service.ts";
import { contributorLibraryTotals, recentLibraryCardsOf } from "../library/service.ts";
import { notify } from "../notifications/service.ts";
import { isSelf, refusalFor } from "./policy.ts";
import * as repo from "./repository.ts";
import type { FriendRequestRow } from "./repository.ts";

const RECENT_VIDEOS = 12;
const FOLLOW_LIST_SIZE = 500;

type Actor = Pick<UserRow, "id" | "username">;

async function existingUser(db: Queryable, id: number, notFound: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new HttpError(404, notFound);
  return user;
}

// Follows -----------------------------------------------------------------------------------------

/** Idempotent: a second follow changes nothing (and notifies nobody). Answers the followers count. */
export async function follow(db: Db, actor: Actor, targetId: number): Promise<number> {
  if (isSelf(actor.id, targetId)) throw new HttpError(400, SOCIAL_MESSAGES.followSelf);
  await existingUser(db, targetId, SOCIAL_MESSAGES.profileNotFound);
  await db.transaction(async (tx) => {
    if (await repo.insertFollow(tx, actor.id, targetId)) {
      await notify(tx, {
        userId: targetId,
        actorId: actor.id,
        type: "follow",
        title: SOCIAL_MESSAGES.newFollowerTitle,
        message: SOCIAL_MESSAGES.newFollower(actor.username),
        link: NOTIFICATION_LINKS.profile(actor.id),
      });
    }
  });
  return repo.followerCount(db, targetId);
}

/** Answers the followers count. */
export async function unfollow(db: Queryable, actor: Actor, targetId: number): Promise<number> {
  if (isSelf(actor.id, targetId)) throw new HttpError(400, SOCIAL_MESSAGES.followSelf);
  await existingUser(db, targetId, SOCIAL_MESSAGES.profileNotFound);
  await repo.deleteFollow(db, actor.id, targetId);
  return repo.followerCount(db, targetId);
}

export async function followList(
  db: Queryable,
  userId: number,
  direction: "followers" | "following",
): Promise<FollowEntry[]> {
  await existingUser(db, userId, SOCIAL_MESSAGES.profileNotFound);
  const rows = await repo.followList(db, userId, direction, FOLLOW_LIST_SIZE);
  return rows.map((r) => ({
    id: r.user.id,
    username: r.user.username,
    profile_image: r.user.profileImage,
    verified: r.user.verified,
    followed_at: r.followedAt.toISOString(),
  }));
}

// Public profile ----------------------------------------------------------------------------------

/** How the viewer stands with the profile's owner as friends, and the request that says so. */
async function friendStandingOf(db: Queryable, viewerId: number, ownerId: number) {
  const live = await repo.liveRequestBetween(db, viewerId, ownerId);
  if (!live) return { status: "none" as FriendStatus, requestId: null };
  const status: FriendStatus =
    live.status === "accepted" ? "friends" : live.senderId === viewerId ? "pending_sent" : "pending_received";
  return { status, requestId: live.id };
}

export async function publicProfile(
  db: Queryable,
  id: number,
  viewer: { id: number } | undefined,
): Promise<PublicProfile> {
  const user = await existingUser(db, id, SOCIAL_MESSAGES.profileNotFound);
  const other = viewer && !isSelf(viewer.id, id) ? viewer : undefined;
  const totals = await contributorLibraryTotals(db, id);
  const standing = other
    ? await friendStandingOf(db, other.id, id)
    : { status: "none" as FriendStatus, requestId: null };
  return {
    id: user.id,
    username: user.username,
    full_name: user.fullName,
    bio: user.bio,
    profile_image: user.profileImage,
    role: user.role,
    verified: user.verified,
    social_links: user.socialLinks ?? {},
    videos_count: totals.videos,
    total_views: totals.views,
    followers_count: await repo.followerCount(db, id),
    following_count: await repo.followingCount(db, id),
    is_following: other ? await repo.isFollowing(db, other.id, id) : false,
    is_own: viewer?.id === id,
    friend_status: standing.status,
    friend_request_id: standing.requestId,
    recent_videos: await recentLibraryCardsOf(db, id, viewer?.id, RECENT_VIDEOS),
  };
}

// Friends -----------------------------------------------------------------------------------------

/** Not to oneself, not twice, not when the other already asked. Answers the new request. */
export async function requestFriendship(db: Db, actor: Actor, receiverId: number): Promise<FriendRequestRow> {
  if (isSelf(actor.id, receiverId)) throw new HttpError(400, SOCIAL_MESSAGES.friendRequestSelf);
  await existingUser(db, receiverId, SOCIAL_MESSAGES.userNotFound);
  const existing = await repo.liveRequestBetween(db, actor.id, receiverId);
  if (existing) throw refusalFor(existing, actor.id);
  const created = await db.transaction(async (tx) => {
    // The partial unique index on the pair settles races: the loser inserts nothing.
    const row = await repo.insertFriendRequest(tx, actor.id, receiverId);
    if (row) {
      await notify(tx, {
        userId: receiverId,
        actorId: actor.id,
        type: "system",
        title: SOCIAL_MESSAGES.friendRequestTitle,
        message: SOCIAL_MESSAGES.friendRequest(actor.username),
        link: NOTIFICATION_LINKS.friends,
      });
    }
    return row;
  });
  if (!created) {
    const live = await repo.liveRequestBetween(db, actor.id, receiverId);
    throw live ? refusalFor(live, actor.id) : new HttpError(400, SOCIAL_MESSAGES.friendRequestExists);
  }
  return created;
}

const friendUser = (u: Pick<UserRow, "id" | "username" | "profileImage" | "verified">): FriendUser => ({
  id: u.id,
  username: u.username,
  profile_image: u.profileImage,
  verified: u.verified,
});

/** A user's friends and the requests waiting either way, newest first. */
export async function friendsOf(db: Queryable, userId: number): Promise<FriendsList> {
  const rows = await repo.liveRequestsOf(db, userId);
  const otherOf = (r: FriendRequestRow) => (r.senderId === userId ? r.receiverId : r.senderId);
  const others = await findUsersByIds(db, [...new Set(rows.map(otherOf))]);
  const byId = new Map(others.map((u) => [u.id, friendUser(u)]));
  const list: FriendsList = { friends: [], incoming: [], outgoing: [] };
  for (const r of rows) {
    const other = byId.get(otherOf(r));
    if (!other) continue;
    if (r.status === "accepted") {
      list.friends.push({ ...other, request_id: r.id, friends_since: (r.respondedAt ?? r.createdAt).toISOString() });
    } else if (r.receiverId === userId) {
      list.incoming.push({ request_id: r.id, user: other, created_at: r.createdAt.toISOString() });
    } else {
      list.outgoing.push({ request_id: r.id, user: other, created_at: r.createdAt.toISOString() });
    }
  }
  return list;
}

/** Only the receiver answers, and only a pending request; anything else is "not found". */
async function answer(db: Queryable, requestId: number, receiverId: number, status: "accepted" | "declined") {
  const row = await repo.answerPendingRequest(db, requestId, receiverId, status);
  if (!row) throw new HttpError(404, SOCIAL_MESSAGES.friendRequestNotFound);
  return row;
}

/** The sender hears that the request was accepted. */
export async function acceptFriendship(db: Queryable, actor: Actor, requestId: number): Promise<FriendRequestRow> {
  const row = await answer(db, requestId, actor.id, "accepted");
  await notify(db, {
    userId: row.senderId,
    actorId: actor.id,
    type: "system",
    title: SOCIAL_MESSAGES.friendAcceptedTitle,
    message: SOCIAL_MESSAGES.friendAccepted(actor.username),
    link: NOTIFICATION_LINKS.profile(actor.id),
  });
  return row;
}

export function declineFriendship(db: Queryable, actor: Actor, requestId: number): Promise<FriendRequestRow> {
  return answer(db, requestId, actor.id, "declined");
}
