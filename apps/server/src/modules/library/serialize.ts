import { type SQL, eq, sql } from "drizzle-orm";
import type { OwnReferenceVideo, ReferenceVideo } from "@stepsync/contracts";
import { follows, referenceVideos, users, videoComments, videoLikes } from "../../db/schema.ts";
import { libraryThumbnailUrl, libraryVideoUrl } from "../videos/urls.ts";

/** The columns a library card needs, with is_liked / is_following for the viewer (false for visitors). */
export function cardColumns(viewerId: number | undefined) {
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

export const contributorJoin = eq(users.id, referenceVideos.contributorId);

export type CardRow = {
  video: typeof referenceVideos.$inferSelect;
  contributorName: string | null;
  contributorVerified: boolean | null;
  contributorImage: string | null;
  isLiked: boolean | unknown;
  isFollowing: boolean | unknown;
  commentsCount: number | string | unknown;
};

const truthy = (v: unknown) => v === true || v === "t" || v === "true" || v === 1;

export function toCard(row: CardRow): ReferenceVideo {
  const v = row.video;
  return {
    id: v.id,
    title: v.title,
    description: v.description,
    category: v.category,
    difficulty: v.difficulty,
    tags: v.tags,
    duration: v.durationS === null ? null : Math.round(v.durationS),
    views: v.views,
    likes_count: v.likesCount,
    // count(*) is a bigint: node-postgres hands it over as a string.
    comments_count: Number(row.commentsCount ?? 0),
    usage_count: v.usageCount,
    is_featured: v.isFeatured,
    created_at: v.createdAt.toISOString(),
    contributor_id: v.contributorId,
    contributor_name: row.contributorName,
    contributor_verified: row.contributorVerified ?? false,
    contributor_profile_image: row.contributorImage,
    is_liked: truthy(row.isLiked),
    is_following: truthy(row.isFollowing),
    file_path: libraryVideoUrl(v.id),
    thumbnail_path: v.thumbnailKey ? libraryThumbnailUrl(v.id) : null,
  };
}

export function toOwnCard(row: CardRow): OwnReferenceVideo {
  return {
    ...toCard(row),
    status: row.video.status,
    review_reason: row.video.reviewReason,
    pose_status: row.video.poseStatus,
    pose_error: row.video.poseError,
  };
}
