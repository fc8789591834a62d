import { z } from "zod";
import { ACTIVITY_TYPES, type ActivityType, DIFFICULTIES, TIMEFRAMES } from "./constants.ts";

/** Library, upload review and social texts (part 2 §8 and the issue #6 decisions). */
export const LIBRARY_MESSAGES = {
  fetchFailed: "Failed to fetch videos",
  loadMore: "Load More Videos",
  unknownDuration: "Unknown",
  verified: "Verified",
  uploadVideo: "Upload Video",
  videoNotFound: "Video not found",
  contributorsOnly:
    "Only contributors can upload videos to the library. Apply on the Contribute page to become a contributor.",
  uploadReceived: "Thanks — your video is waiting for review. It will appear in the library once an admin approves it.",
  uploadedNotice: "Your video was uploaded and is waiting for review. It will appear here once an admin approves it.",
  reviewInvalidStatus: "Status must be approved or rejected",
  cannotApproveNoPoses:
    "This video cannot be approved: its poses could not be computed. Ask the contributor for a clearer video.",
  approvedTitle: "Your video was approved",
  approvedMessage: (title: string) => `"${title}" is now live in the library.`,
  rejectedTitle: "Your video was not approved",
  rejectedMessage: (title: string, reason?: string | null) =>
    `"${title}" was not approved${reason ? `: ${reason}` : "."}`,
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  unknownCategory: "Please choose one of the eight dance styles",
  unknownDifficulty: "Difficulty must be beginner, intermediate or advanced",
} as const;

export const SOCIAL_MESSAGES = {
  shared: "Video shared successfully!",
  shareFailed: "Failed to share video",
  friendRequestSent: "Friend request sent!",
  friendRequestFailed: "Failed to send friend request",
  friendRequestSelf: "You cannot send a friend request to yourself",
  friendRequestExists: "Friend request already sent",
  friendRequestIncoming: "This user has already sent you a friend request",
  alreadyFriends: "You are already friends",
  friendRequestNotFound: "Friend request not found",
  followSelf: "You cannot follow yourself",
  userNotFound: "User not found",
  profileNotFound: "Profile not found",
  profileNotFoundTitle: "Profile Not Found",
  profileNotFoundBody: "The user profile you are looking for does not exist.",
  commentRequired: "Please write a comment",
  commentTooLong: "Comments can be at most 1000 characters",
  commentNotFound: "Comment not found",
  leaderboardFailed: "Failed to fetch leaderboard data",
  progressFailed: "Failed to fetch progress data",
  newFollowerTitle: "New follower",
  newFollower: (name: string) => `${name} started following you.`,
  newLikeTitle: "New like",
  newLike: (name: string, title: string) => `${name} liked "${title}".`,
  newCommentTitle: "New comment",
  newComment: (name: string, title: string) => `${name} commented on "${title}".`,
  friendRequestTitle: "New friend request",
  friendRequest: (name: string) => `${name} sent you a friend request.`,
  friendAcceptedTitle: "Friend request accepted",
  friendAccepted: (name: string) => `${name} accepted your friend request.`,
} as const;

/** Comments dialog on a library card (web copy; the server's validation texts are in SOCIAL_MESSAGES). */
export const COMMENT_TEXTS = {
  comments: "Comments",
  empty: "No comments yet. Be the first to share a tip.",
  addComment: "Add a comment",
  post: "Post",
  deleteComment: "Delete comment",
  confirmDelete: "Delete this comment?",
  delete: "Delete",
  keep: "Keep",
  loginToComment: "Log in to comment",
  loading: "Loading comments",
  fetchFailed: "Failed to load comments",
  postFailed: "Failed to post comment",
  deleteFailed: "Failed to delete comment",
  deleted: "Comment deleted",
} as const;

/** The "?video=ID" spotlight that a shared link opens on the library (web copy). */
export const SHARED_VIDEO_TEXTS = {
  title: "Shared with you",
  showAll: "Show all videos",
  loading: "Loading the shared video",
} as const;

/** What the upload screen says about each style: name, icon and one line. */
export const STYLE_INFO: Record<ActivityType, { name: string; icon: string; description: string }> = {
  ballet: { name: "Ballet", icon: "🩰", description: "Classical technique: posture, turnout, graceful lines." },
  hip_hop: { name: "Hip Hop", icon: "🎤", description: "Street grooves: rhythm, energy, isolations and attitude." },
  contemporary: {
    name: "Contemporary",
    icon: "🌊",
    description: "Fluid, expressive movement with floor work and release.",
  },
  jazz: { name: "Jazz", icon: "🎷", description: "Sharp, musical choreography with kicks, turns and flair." },
  latin: { name: "Latin", icon: "💃", description: "Salsa, bachata, cha-cha: hip action and passionate rhythm." },
  ballroom: { name: "Ballroom", icon: "🕺", description: "Waltz, tango, foxtrot: frame, footwork and elegance." },
  breakdance: { name: "Breakdance", icon: "🔥", description: "Toprock, footwork, freezes and power moves." },
  folk: { name: "Folk", icon: "🪘", description: "Traditional dances that tell a story through rhythm." },
};

export const LIBRARY_SORTS = ["recent", "popular", "likes", "contributors"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];
export const LIBRARY_SORT_LABELS: Record<LibrarySort, string> = {
  recent: "Most Recent",
  popular: "Most Viewed",
  likes: "Most Liked",
  contributors: "Top Contributors",
};
export const CONTRIBUTOR_TYPES = ["verified", "popular", "new"] as const;
export type ContributorType = (typeof CONTRIBUTOR_TYPES)[number];
export const CONTRIBUTOR_TYPE_LABELS: Record<ContributorType, string> = {
  verified: "Verified",
  popular: "Popular",
  new: "New",
};
/** "popular" contributors: at least this many followers or this many views over their approved videos. */
export const POPULAR_CONTRIBUTOR = { followers: 10, views: 1000 } as const;
/** "new" contributors: joined within this many days. */
export const NEW_CONTRIBUTOR_DAYS = 30;

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const libraryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(12),
  category: z.preprocess(emptyToUndefined, z.enum(ACTIVITY_TYPES).optional()),
  difficulty: z.preprocess(emptyToUndefined, z.enum(DIFFICULTIES).optional()),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  sort_by: z.preprocess(emptyToUndefined, z.enum(LIBRARY_SORTS).default("recent")),
  contributor_type: z.preprocess(emptyToUndefined, z.enum(CONTRIBUTOR_TYPES).optional()),
});
export type LibraryQuery = z.input<typeof libraryQuerySchema>;

/** Splits "a, b ,,c" into clean unique tags (lower case, at most 20 of at most 40 characters). */
export function parseTags(input: string | undefined | null): string[] {
  if (!input) return [];
  const out: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim().toLowerCase().slice(0, 40);
    if (tag && !out.includes(tag)) out.push(tag);
    if (out.length >= 20) break;
  }
  return out;
}

export const videoEditSchema = z.object({
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, "Please enter a title.")
    .max(200, LIBRARY_MESSAGES.titleTooLong)
    .optional(),
  description: z.string().trim().max(5000, LIBRARY_MESSAGES.descriptionTooLong).optional(),
  category: z.enum(ACTIVITY_TYPES, { error: LIBRARY_MESSAGES.unknownCategory }).optional(),
  difficulty: z.enum(DIFFICULTIES, { error: LIBRARY_MESSAGES.unknownDifficulty }).optional(),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
});

export const reviewSchema = z.object({
  status: z.enum(["approved", "rejected"], { error: LIBRARY_MESSAGES.reviewInvalidStatus }),
  reason: z.string().trim().max(1000).optional(),
});

export const commentSchema = z.object({
  content: z
    .string({ error: SOCIAL_MESSAGES.commentRequired })
    .trim()
    .min(1, SOCIAL_MESSAGES.commentRequired)
    .max(1000, SOCIAL_MESSAGES.commentTooLong),
});

export const leaderboardQuerySchema = z.object({
  timeframe: z.enum(TIMEFRAMES, { error: "Unknown timeframe" }).default("week"),
  activity_type: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
});

export type ReferenceVideo = {
  id: number;
  title: string;
  description: string | null;
  category: string;
  difficulty: string;
  tags: string[];
  /** Seconds, or null when unknown. */
  duration: number | null;
  views: number;
  likes_count: number;
  comments_count: number;
  usage_count: number;
  is_featured: boolean;
  created_at: string;
  contributor_id: number | null;
  contributor_name: string | null;
  contributor_verified: boolean;
  contributor_profile_image: string | null;
  is_liked: boolean;
  is_following: boolean;
  /** Address of the video file (range requests) and of the thumbnail (null when there is none). */
  file_path: string;
  thumbnail_path: string | null;
};

/** One of a contributor's own uploads, with its review and pose state. */
export type OwnReferenceVideo = ReferenceVideo & {
  status: "pending" | "approved" | "rejected";
  review_reason: string | null;
  pose_status: "pending" | "ready" | "failed";
  pose_error: string | null;
};

export type LibraryPage = {
  videos: ReferenceVideo[];
  pagination: { page: number; limit: number; total: number; has_more: boolean };
};

export type UploadReferenceResponse = { video_id: number; status: "pending" | "approved"; message: string };

export type FriendStatus = "none" | "friends" | "pending_sent" | "pending_received";

export type PublicProfile = {
  id: number;
  username: string;
  full_name: string | null;
  bio: string | null;
  profile_image: string | null;
  role: string;
  verified: boolean;
  social_links: Record<string, string>;
  videos_count: number;
  total_views: number;
  followers_count: number;
  following_count: number;
  is_following: boolean;
  is_own: boolean;
  friend_status: FriendStatus;
  friend_request_id: number | null;
  recent_videos: ReferenceVideo[];
};

export type FollowEntry = {
  id: number;
  username: string;
  profile_image: string | null;
  verified: boolean;
  followed_at: string;
};

export type FriendUser = { id: number; username: string; profile_image: string | null; verified: boolean };
export type FriendsList = {
  friends: Array<FriendUser & { request_id: number; friends_since: string }>;
  incoming: Array<{ request_id: number; user: FriendUser; created_at: string }>;
  outgoing: Array<{ request_id: number; user: FriendUser; created_at: string }>;
};

export type LeaderboardEntry = {
  user_id: number;
  username: string;
  profile_image: string | null;
  average_score: number;
  best_score: number;
  comparison_count: number;
};

export type VideoComment = {
  id: number;
  video_id: number;
  user_id: number;
  username: string;
  profile_image: string | null;
  content: string;
  created_at: string;
};
