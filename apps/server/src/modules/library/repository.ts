import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { offsetOf, type Page } from "../../db/page.ts";
import {
  type ContributorType,
  type LibrarySort,
  NEW_CONTRIBUTOR_DAYS,
  POPULAR_CONTRIBUTOR,
  type ActivityType,
  type Difficulty,
} from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { heartbeatSilent } from "../../db/heartbeat.ts";
import { containsPattern } from "../../db/like.ts";
import {
  follows,
  groupMembers,
  groups,
  libraryVideoViews,
  type PendingVideoEdit,
  referenceVideos,
  users,
  videoComments,
  videoLikes,
  videoShares,
} from "../../db/schema.ts";
import type { CardRow } from "./serialize.ts";

export type LibraryVideoRow = typeof referenceVideos.$inferSelect;
export type VideoStatus = LibraryVideoRow["status"];
const byId = (id: number) => eq(referenceVideos.id, id);
const contributorJoin = eq(users.id, referenceVideos.contributorId);
/** In the public library (a group's own routine never is): see policy.ts isPublicLibraryVideo. */
const inPublicLibrary = and(eq(referenceVideos.status, "approved"), eq(referenceVideos.audience, "public"));

/** The columns a library card needs, with is_liked / is_following for the viewer (false for visitors). */
function cardColumns(viewerId: number | undefined) {
  const isLiked: SQL<boolean> = viewerId
    ? sql<boolean>`exists(select 1 from ${videoLikes} where ${videoLikes.videoId} = ${referenceVideos.id} and ${videoLikes.userId} = ${viewerId})`
    : sql<boolean>`false`;
  const isFollowing: SQL<boolean> = viewerId
    ? sql<boolean>`exists(select 1 from ${follows} where ${follows.followingId} = ${referenceVideos.contributorId} and ${follows.followerId} = ${viewerId})`
    : sql<boolean>`false`;
  // Counted when read (indexed by video): comments are few per video, and a stored counter could drift.
  const commentsCount = sql<number>`(select count(*) from ${videoComments} where ${videoComments.videoId} = ${referenceVideos.id})`;
  return {
    video: referenceVideos,
    contributorName: users.username,
    contributorVerified: users.verified,
    contributorImage: users.profileImage,
    isLiked,
    isFollowing,
    commentsCount,
  };
}

/** Cards (video, contributor and the viewer's like/follow) matching `where`. */
function selectCards(q: Queryable, viewerId: number | undefined, where: SQL | undefined) {
  return q.select(cardColumns(viewerId)).from(referenceVideos).leftJoin(users, contributorJoin).where(where);
}

// Videos ------------------------------------------------------------------------------------------

export async function findVideo(q: Queryable, id: number): Promise<LibraryVideoRow | undefined> {
  const [row] = await q.select().from(referenceVideos).where(byId(id));
  return row;
}

export async function findCard(q: Queryable, id: number, viewerId: number | undefined): Promise<CardRow | undefined> {
  const [row] = await selectCards(q, viewerId, byId(id));
  return row;
}

/** A video with its contributor's name (what a comparison against it copies). */
export async function findWithContributor(q: Queryable, id: number) {
  const [row] = await q
    .select({ video: referenceVideos, contributor: users.username })
    .from(referenceVideos)
    .leftJoin(users, contributorJoin)
    .where(byId(id));
  return row;
}

/**
 * Whether `userId` is in a group whose routine the video is (a member not removed, or its organiser):
 * the audience of a group's own routine (policy.ts canSeeLibraryVideo). The groups area owns these
 * rows; this one read is the library's, as the rule of who sees a library video is.
 */
export async function inGroupAudience(q: Queryable, videoId: number, userId: number): Promise<boolean> {
  const rows = await q
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groups.referenceVideoId, videoId), eq(groupMembers.userId, userId), isNull(groupMembers.removedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertVideo(q: Queryable, values: typeof referenceVideos.$inferInsert): Promise<number> {
  const [row] = await q.insert(referenceVideos).values(values).returning({ id: referenceVideos.id });
  if (!row) throw new Error("reference video insert returned no row");
  return row.id;
}

export type VideoTexts = Partial<Pick<LibraryVideoRow, "title" | "description" | "category" | "difficulty" | "tags">>;

export async function updateTexts(q: Queryable, id: number, texts: VideoTexts): Promise<void> {
  await q.update(referenceVideos).set(texts).where(byId(id));
}

/** Records a viewer's view of the day; false when they had viewed it that day already (the unique index). */
export async function insertView(q: Queryable, videoId: number, viewerKey: string, day: string): Promise<boolean> {
  const inserted = await q
    .insert(libraryVideoViews)
    .values({ videoId, viewerKey, day })
    .onConflictDoNothing()
    .returning({ id: libraryVideoViews.id });
  return inserted.length > 0;
}

/** Deletes the view records of days before `day` (YYYY-MM-DD); answers how many. */
export async function deleteViewsBefore(q: Queryable, day: string): Promise<number> {
  const removed = await q
    .delete(libraryVideoViews)
    .where(lt(libraryVideoViews.day, day))
    .returning({ id: libraryVideoViews.id });
  return removed.length;
}

export async function countView(q: Queryable, id: number): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ views: sql`${referenceVideos.views} + 1` })
    .where(byId(id));
}

/** One more comparison completed against the video. */
export async function countUsage(q: Queryable, id: number): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ usageCount: sql`${referenceVideos.usageCount} + 1` })
    .where(byId(id));
}

/** Sets the review outcome; a video that is not approved is never featured, so rejecting unfeatures it. */
export async function setReview(
  q: Queryable,
  id: number,
  review: { status: VideoStatus; reviewReason: string | null },
): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ ...review, reviewedAt: new Date(), ...(review.status === "approved" ? {} : { isFeatured: false }) })
    .where(byId(id));
}

/** Stores (replaces; null clears) the edit waiting for review; the live texts stay as they are. */
export async function setPendingEdit(q: Queryable, id: number, edit: PendingVideoEdit | null): Promise<void> {
  await q.update(referenceVideos).set({ pendingEdit: edit, editReviewReason: null }).where(byId(id));
}

/** A rejected video edited by its contributor goes back to the review queue. */
export async function resubmit(q: Queryable, id: number): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ status: "pending" })
    .where(and(byId(id), eq(referenceVideos.status, "rejected")));
}

/** Approving an edit: its texts go live and it is no longer pending. */
export async function applyPendingEdit(q: Queryable, id: number, edit: PendingVideoEdit): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ ...(edit as VideoTexts), pendingEdit: null, editReviewReason: null, reviewedAt: new Date() })
    .where(byId(id));
}

/** Rejecting an edit: it is dropped, the live texts stay, and the contributor is told why. */
export async function dropPendingEdit(q: Queryable, id: number, reason: string): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ pendingEdit: null, editReviewReason: reason, reviewedAt: new Date() })
    .where(byId(id));
}

/**
 * Features or unfeatures; only an approved video can be featured (checked in the same statement, so a
 * rejection at the same moment cannot slip through). Undefined when nothing was changed.
 */
export async function setFeatured(q: Queryable, id: number, isFeatured: boolean) {
  const [row] = await q
    .update(referenceVideos)
    .set({ isFeatured })
    .where(isFeatured ? and(byId(id), inPublicLibrary) : byId(id))
    .returning();
  return row;
}

/** Deletes one library video's row (its likes, shares and comments cascade); undefined when there was none. */
export async function deleteVideoRow(q: Queryable, id: number): Promise<LibraryVideoRow | undefined> {
  const [row] = await q.delete(referenceVideos).where(byId(id)).returning();
  return row;
}

/** Deletes every library video of a contributor (cascading as above); answers the deleted rows. */
export async function deleteVideoRowsOf(q: Queryable, contributorId: number): Promise<LibraryVideoRow[]> {
  return q.delete(referenceVideos).where(eq(referenceVideos.contributorId, contributorId)).returning();
}

// Lists -------------------------------------------------------------------------------------------

export type LibraryFilter = {
  contributor_id?: number;
  category?: ActivityType;
  difficulty?: Difficulty;
  search?: string;
  sort_by: LibrarySort;
  contributor_type?: ContributorType;
};

/** The public library: approved videos, filtered and sorted, one page of cards and the total. */
export async function listApprovedCards(q: Queryable, filter: LibraryFilter, page: Page, viewerId: number | undefined) {
  const contributor = referenceVideos.contributorId;
  const followerCount = sql<number>`(select count(*) from ${follows} where ${follows.followingId} = ${contributor})`;
  const contributorViews = sql<number>`(select coalesce(sum(r2.views), 0) from reference_videos r2 where r2.contributor_id = ${contributor} and r2.status = 'approved' and r2.audience = 'public')`;
  const conditions: (SQL | undefined)[] = [
    inPublicLibrary,
    filter.contributor_id ? eq(referenceVideos.contributorId, filter.contributor_id) : undefined,
    filter.category ? eq(referenceVideos.category, filter.category) : undefined,
    filter.difficulty ? eq(referenceVideos.difficulty, filter.difficulty) : undefined,
  ];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(referenceVideos.title, pattern),
        ilike(referenceVideos.description, pattern),
        sql`${referenceVideos.tags}::text ilike ${pattern}`,
      ),
    );
  }
  if (filter.contributor_type === "verified") conditions.push(eq(users.verified, true));
  if (filter.contributor_type === "new") {
    conditions.push(gte(users.createdAt, new Date(Date.now() - NEW_CONTRIBUTOR_DAYS * 24 * 60 * 60 * 1000)));
  }
  if (filter.contributor_type === "popular") {
    conditions.push(
      sql`(${followerCount} >= ${POPULAR_CONTRIBUTOR.followers} or ${contributorViews} >= ${POPULAR_CONTRIBUTOR.views})`,
    );
  }
  const where = and(...conditions);
  const order =
    filter.sort_by === "popular"
      ? [desc(referenceVideos.views)]
      : filter.sort_by === "likes"
        ? [desc(referenceVideos.likesCount)]
        : filter.sort_by === "contributors"
          ? [desc(followerCount), desc(contributorViews)]
          : [];
  const rows = await selectCards(q, viewerId, where)
    .orderBy(...order, desc(referenceVideos.createdAt), desc(referenceVideos.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await q.select({ n: count() }).from(referenceVideos).leftJoin(users, contributorJoin).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A contributor's library uploads in every state, newest first (their groups' own routines are not library uploads). */
export function listCardsOf(q: Queryable, contributorId: number): Promise<CardRow[]> {
  return selectCards(
    q,
    contributorId,
    and(eq(referenceVideos.contributorId, contributorId), eq(referenceVideos.audience, "public")),
  ).orderBy(desc(referenceVideos.createdAt), desc(referenceVideos.id));
}

const approvedOf = (contributorId: number) => and(eq(referenceVideos.contributorId, contributorId), inPublicLibrary);

/** A contributor's newest approved videos, as `viewerId` sees them. */
export function recentApprovedCardsOf(
  q: Queryable,
  contributorId: number,
  viewerId: number | undefined,
  limit: number,
): Promise<CardRow[]> {
  return selectCards(q, viewerId, approvedOf(contributorId))
    .orderBy(desc(referenceVideos.createdAt), desc(referenceVideos.id))
    .limit(limit);
}

/** How many approved videos a contributor has and how often they were viewed. */
export async function approvedTotalsOf(
  q: Queryable,
  contributorId: number,
): Promise<{ videos: number; views: number }> {
  const [row] = await q
    .select({ n: count(), views: sql<number>`coalesce(sum(${referenceVideos.views}), 0)` })
    .from(referenceVideos)
    .where(approvedOf(contributorId));
  return { videos: Number(row?.n ?? 0), views: Number(row?.views ?? 0) };
}

/**
 * The review queue (oldest first) in one status or all of them. "pending" also holds approved videos
 * with a contributor's edit waiting for review.
 */
export async function listForReview(q: Queryable, status: VideoStatus | undefined, page: Page) {
  const where =
    status === "pending"
      ? or(eq(referenceVideos.status, "pending"), isNotNull(referenceVideos.pendingEdit))
      : status
        ? eq(referenceVideos.status, status)
        : undefined;
  const rows = await selectCards(q, undefined, where)
    .orderBy(asc(referenceVideos.createdAt), asc(referenceVideos.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await q.select({ n: count() }).from(referenceVideos).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export type AdminVideoFilter = { status?: VideoStatus; category?: string; is_featured?: boolean; search?: string };

/** The admin panel's video list: title or contributor search, newest first, with the contributor's name. */
export async function listWithContributor(q: Queryable, filter: AdminVideoFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(referenceVideos.status, filter.status));
  if (filter.category) conditions.push(eq(referenceVideos.category, filter.category));
  if (filter.is_featured !== undefined) conditions.push(eq(referenceVideos.isFeatured, filter.is_featured));
  if (filter.search) {
    const like = containsPattern(filter.search);
    const match = or(ilike(referenceVideos.title, like), ilike(users.username, like));
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await q
    .select({ v: referenceVideos, contributor: users.username })
    .from(referenceVideos)
    .leftJoin(users, contributorJoin)
    .where(where)
    .orderBy(desc(referenceVideos.createdAt), desc(referenceVideos.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await q.select({ n: count() }).from(referenceVideos).leftJoin(users, contributorJoin).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every video with its contributor's name, by id (the CSV export). */
export function allWithContributor(q: Queryable) {
  return q
    .select({ v: referenceVideos, contributor: users.username })
    .from(referenceVideos)
    .leftJoin(users, contributorJoin)
    .orderBy(referenceVideos.id);
}

// Likes and shares --------------------------------------------------------------------------------

/** Adds the user's like; false when it was there already (a unique index keeps one per user and video). */
export async function insertLike(q: Queryable, userId: number, videoId: number): Promise<boolean> {
  const inserted = await q
    .insert(videoLikes)
    .values({ userId, videoId })
    .onConflictDoNothing()
    .returning({ id: videoLikes.id });
  return inserted.length > 0;
}

/** Removes the user's like; false when there was none. */
export async function deleteLike(q: Queryable, userId: number, videoId: number): Promise<boolean> {
  const removed = await q
    .delete(videoLikes)
    .where(and(eq(videoLikes.userId, userId), eq(videoLikes.videoId, videoId)))
    .returning({ id: videoLikes.id });
  return removed.length > 0;
}

/** Moves the stored like counter by one (never below zero); answers the new count. */
export async function moveLikesCount(q: Queryable, videoId: number, by: 1 | -1): Promise<number> {
  const likesCount =
    by === 1 ? sql`${referenceVideos.likesCount} + 1` : sql`greatest(${referenceVideos.likesCount} - 1, 0)`;
  const [row] = await q
    .update(referenceVideos)
    .set({ likesCount })
    .where(byId(videoId))
    .returning({ likes: referenceVideos.likesCount });
  return row?.likes ?? 0;
}

export async function likesCountOf(q: Queryable, videoId: number): Promise<number> {
  const [row] = await q.select({ likes: referenceVideos.likesCount }).from(referenceVideos).where(byId(videoId));
  return row?.likes ?? 0;
}

/** The videos a user has liked. */
export async function likedVideoIdsOf(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q.select({ id: videoLikes.videoId }).from(videoLikes).where(eq(videoLikes.userId, userId));
  return rows.map((r) => r.id);
}

/** Sets the stored like counters of these videos to the likes they really have. */
export async function recountLikes(q: Queryable, videoIds: number[]): Promise<void> {
  if (videoIds.length === 0) return;
  await q
    .update(referenceVideos)
    .set({
      likesCount: sql`(select count(*)::int from ${videoLikes} where ${videoLikes.videoId} = ${referenceVideos.id})`,
    })
    .where(inArray(referenceVideos.id, videoIds));
}

export async function insertShare(q: Queryable, share: typeof videoShares.$inferInsert): Promise<void> {
  await q.insert(videoShares).values(share);
}

// Comments ----------------------------------------------------------------------------------------

/** A video's comments with their authors, oldest first. */
export function commentsOf(q: Queryable, videoId: number, limit: number) {
  return q
    .select({ c: videoComments, username: users.username, profileImage: users.profileImage })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .where(eq(videoComments.videoId, videoId))
    .orderBy(asc(videoComments.createdAt), asc(videoComments.id))
    .limit(limit);
}

export async function insertComment(q: Queryable, comment: { videoId: number; userId: number; content: string }) {
  const [row] = await q.insert(videoComments).values(comment).returning();
  if (!row) throw new Error("comment insert returned no row");
  return row;
}

/** Deletes a comment, only `authorId`'s when given; false when no such comment was deleted. */
export async function deleteComment(q: Queryable, id: number, authorId?: number): Promise<boolean> {
  const removed = await q
    .delete(videoComments)
    .where(and(eq(videoComments.id, id), authorId === undefined ? undefined : eq(videoComments.userId, authorId)))
    .returning({ id: videoComments.id });
  return removed.length > 0;
}

export type CommentFilter = { video_id?: number; user_id?: number };

/** The admin panel's comment list: with author and video title, newest first. */
export async function listCommentsWithContext(q: Queryable, filter: CommentFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.video_id) conditions.push(eq(videoComments.videoId, filter.video_id));
  if (filter.user_id) conditions.push(eq(videoComments.userId, filter.user_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await q
    .select({ c: videoComments, username: users.username, email: users.email, title: referenceVideos.title })
    .from(videoComments)
    .innerJoin(users, eq(users.id, videoComments.userId))
    .innerJoin(referenceVideos, eq(referenceVideos.id, videoComments.videoId))
    .where(where)
    .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
    .limit(page.limit)
    .offset(offsetOf(page));
  const [total] = await q.select({ n: count() }).from(videoComments).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

// Pose job ----------------------------------------------------------------------------------------

/** Sets the thumbnail unless one was set meanwhile; false when it was (or the video is gone). */
export async function setThumbnailIfNone(q: Queryable, id: number, thumbnailKey: string): Promise<boolean> {
  const set = await q
    .update(referenceVideos)
    .set({ thumbnailKey })
    .where(and(byId(id), isNull(referenceVideos.thumbnailKey)))
    .returning({ id: referenceVideos.id });
  return set.length > 0;
}

/** A pose job taking its video: counts the attempt and starts its heartbeat; undefined when not pending. */
export async function claimPoses(q: Queryable, id: number): Promise<LibraryVideoRow | undefined> {
  const [row] = await q
    .update(referenceVideos)
    .set({
      poseAttempts: sql`${referenceVideos.poseAttempts} + 1`,
      poseHeartbeatAt: new Date(),
      poseProgress: 0,
      poseStartedAt: new Date(),
    })
    .where(and(byId(id), eq(referenceVideos.poseStatus, "pending")))
    .returning();
  return row;
}

const posesPending = (id: number) => and(byId(id), eq(referenceVideos.poseStatus, "pending"));

export async function setPoseProgress(q: Queryable, id: number, progress: number): Promise<void> {
  await q.update(referenceVideos).set({ poseProgress: progress, poseHeartbeatAt: new Date() }).where(posesPending(id));
}

export async function beatPoses(q: Queryable, id: number): Promise<void> {
  await q.update(referenceVideos).set({ poseHeartbeatAt: new Date() }).where(posesPending(id));
}

/** Marks the poses failed with the reason; `onlyIfPending` leaves a video whose poses finished meanwhile alone. */
export async function setPosesFailed(q: Queryable, id: number, reason: string, onlyIfPending: boolean): Promise<void> {
  await q
    .update(referenceVideos)
    .set({ poseStatus: "failed", poseError: reason })
    .where(onlyIfPending ? posesPending(id) : byId(id));
}

/** Marks the poses ready with their stored track; false when the video is gone. */
export async function setPosesReady(q: Queryable, id: number, trackKey: string): Promise<boolean> {
  const updated = await q
    .update(referenceVideos)
    .set({ poseStatus: "ready", poseTrackKey: trackKey, poseError: null })
    .where(byId(id))
    .returning({ id: referenceVideos.id });
  return updated.length > 0;
}

/** Takes the pending videos whose pose job went silent (each by the one update that clears its heartbeat). */
export function takeSilentPoses(q: Queryable, sweep: { staleMs: number; queued?: boolean }) {
  return q
    .update(referenceVideos)
    .set({ poseHeartbeatAt: null })
    .where(and(eq(referenceVideos.poseStatus, "pending"), heartbeatSilent(referenceVideos.poseHeartbeatAt, sweep)))
    .returning({ id: referenceVideos.id, attempts: referenceVideos.poseAttempts });
}
