import type { OwnReferenceVideo, ReferenceVideo, VideoComment } from "@stepsync/contracts";
import type { referenceVideos, users, videoComments } from "../../db/schema.ts";
import { libraryThumbnailUrl, libraryVideoUrl } from "./urls.ts";

/** A library card as the repository reads it: the video, its contributor and the viewer's like/follow. */
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
    pending_edit: row.video.pendingEdit ?? null,
    edit_review_reason: row.video.editReviewReason,
    pose_status: row.video.poseStatus,
    pose_error: row.video.poseError,
  };
}

export function toVideoComment(
  c: typeof videoComments.$inferSelect,
  author: Pick<typeof users.$inferSelect, "username" | "profileImage">,
): VideoComment {
  return {
    id: c.id,
    video_id: c.videoId,
    user_id: c.userId,
    username: author.username,
    profile_image: author.profileImage,
    content: c.content,
    created_at: c.createdAt.toISOString(),
  };
}
