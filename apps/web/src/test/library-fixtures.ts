import type { ReferenceVideo, VideoComment } from "@stepsync/contracts";

/** An approved library card as the server answers it. */
export function makeVideo(overrides: Partial<ReferenceVideo> = {}): ReferenceVideo {
  return {
    id: 11,
    title: "Port de bras basics",
    description: "Arms and posture for beginners.",
    category: "ballet",
    difficulty: "beginner",
    tags: ["arms", "posture"],
    duration: 95,
    views: 12,
    likes_count: 3,
    comments_count: 0,
    usage_count: 0,
    is_featured: false,
    created_at: "2025-02-01T10:00:00.000Z",
    contributor_id: 3,
    contributor_name: "clara",
    contributor_verified: true,
    contributor_profile_image: null,
    is_liked: false,
    is_following: false,
    file_path: "/api/reference-videos/11/file",
    thumbnail_path: null,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<VideoComment> = {}): VideoComment {
  return {
    id: 1,
    video_id: 11,
    user_id: 3,
    username: "clara",
    profile_image: null,
    content: "Keep your shoulders down.",
    created_at: "2025-02-02T10:00:00.000Z",
    ...overrides,
  };
}

export function libraryPage(videos: ReferenceVideo[]) {
  return { videos, pagination: { page: 1, limit: 12, total: videos.length, has_more: false } };
}
