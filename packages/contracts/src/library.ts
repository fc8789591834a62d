import { z } from "zod";
import { VIDEO_STATUSES } from "./admin.ts";
import { pagination } from "./comparisons.ts";
import { rowId } from "./ids.ts";
import { ACTIVITY_TYPES, type ActivityType, DIFFICULTIES, ROLES, TIMEFRAMES } from "./constants.ts";

/** Library, upload review and social texts. */
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
  rejectReasonRequired: "Please give a reason for rejecting this video.",
  cannotFeatureUnapproved: "Only approved videos can be featured. Approve this video first.",
  editWaiting:
    "Your changes are waiting for review. The approved version stays in the library until an admin approves them.",
  editApprovedTitle: "Your changes were approved",
  editApprovedMessage: (title: string) => `Your changes to "${title}" are now live in the library.`,
  editRejectedTitle: "Your changes were not approved",
  editRejectedMessage: (title: string, reason: string) =>
    `Your changes to "${title}" were not approved: ${reason}. The approved version stays live.`,
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  unknownCategory: "Please choose one of the eight dance styles",
  unknownDifficulty: "Difficulty must be beginner, intermediate or advanced",
  /** Why a video's poses are missing, shown to the admin who reviews it: the pose job crashed… */
  posesFailed: "The poses could not be computed.",
  /** …or kept dying until its attempts ran out. */
  posesInterrupted: "The pose analysis was interrupted repeatedly. Please try uploading the video again.",
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

/** What the upload screen says about each style under its name (ACTIVITY_LABELS). */
export const STYLE_DESCRIPTIONS: Record<ActivityType, string> = {
  ballet: "Classical technique: posture, turnout, graceful lines.",
  hip_hop: "Street grooves: rhythm, energy, isolations and attitude.",
  contemporary: "Fluid, expressive movement with floor work and release.",
  jazz: "Sharp, musical choreography with kicks, turns and flair.",
  latin: "Salsa, bachata, cha-cha: hip action and passionate rhythm.",
  ballroom: "Waltz, tango, foxtrot: frame, footwork and elegance.",
  breakdance: "Toprock, footwork, freezes and power moves.",
  folk: "Traditional dances that tell a story through rhythm.",
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
  /** One contributor's videos only (their profile's Videos tab pages through these). */
  contributor_id: z.preprocess(emptyToUndefined, rowId("Contributor not found").optional()),
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

/** An admin's decision; a rejection needs a reason (the contributor reads it). */
export const reviewSchema = z
  .object({
    status: z.enum(["approved", "rejected"], { error: LIBRARY_MESSAGES.reviewInvalidStatus }),
    reason: z.string().trim().max(1000).optional(),
  })
  .refine((r) => r.status === "approved" || !!r.reason, {
    message: LIBRARY_MESSAGES.rejectReasonRequired,
    path: ["reason"],
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

// Answers -----------------------------------------------------------------------------------------
// What the library, social and leaderboard routes send (server: responds(schema)); the web reads the
// same types. A field missing here is left out of the answer, so every field the server means to
// send is listed, nullable exactly where real rows can be null.

/** A library card (part 2 data: reference video). */
export const referenceVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  difficulty: z.string(),
  tags: z.array(z.string()),
  /** Seconds, or null when unknown. */
  duration: z.number().int().nullable(),
  views: z.number().int(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  usage_count: z.number().int(),
  is_featured: z.boolean(),
  created_at: z.string(),
  /** Null once the contributor's account is deleted. */
  contributor_id: z.number().int().nullable(),
  contributor_name: z.string().nullable(),
  contributor_verified: z.boolean(),
  contributor_profile_image: z.string().nullable(),
  is_liked: z.boolean(),
  is_following: z.boolean(),
  /** Address of the video file (range requests) and of the thumbnail (null when there is none). */
  file_path: z.string(),
  thumbnail_path: z.string().nullable(),
});
export type ReferenceVideo = z.infer<typeof referenceVideo>;

export const POSE_STATUSES = ["pending", "ready", "failed"] as const;

/** A contributor's edit of an approved video waiting for review: only the fields it changes. */
export const pendingVideoEdit = z.object({
  title: z.string().optional(),
  description: z.string().nullable().optional(),
  category: z.string().optional(),
  difficulty: z.string().optional(),
  tags: z.array(z.string()).optional(),
});
export type PendingVideoEdit = z.infer<typeof pendingVideoEdit>;

/** One of a contributor's own uploads (or one under review), with its review and pose state. */
export const ownReferenceVideo = referenceVideo.extend({
  status: z.enum(VIDEO_STATUSES),
  review_reason: z.string().nullable(),
  /** The contributor's edit waiting for review (the texts above are the approved, live ones); null when none. */
  pending_edit: pendingVideoEdit.nullable(),
  /** Why the contributor's last edit was not approved; null when none was rejected. */
  edit_review_reason: z.string().nullable(),
  pose_status: z.enum(POSE_STATUSES),
  pose_error: z.string().nullable(),
});
export type OwnReferenceVideo = z.infer<typeof ownReferenceVideo>;

/** GET /api/reference-videos: approved videos, filtered, sorted and paged. */
export const libraryPageResponse = z.object({ videos: z.array(referenceVideo), pagination });
export type LibraryPage = z.infer<typeof libraryPageResponse>;

/** GET /api/reference-videos/mine: the contributor's uploads in every status. */
export const myVideosResponse = z.object({ videos: z.array(ownReferenceVideo) });
export type MyVideos = z.infer<typeof myVideosResponse>;

/**
 * GET /api/reference-videos/{id}: its contributor (or an admin) also sees the review and pose state.
 * The own card is tried first, so its extra fields are kept; anyone else's is a plain card.
 */
export const referenceVideoResponse = z.object({ video: z.union([ownReferenceVideo, referenceVideo]) });
export type ReferenceVideoAnswer = z.infer<typeof referenceVideoResponse>;

/** PUT /api/reference-videos/{id} and PUT /api/admin/reference-videos/{id}/review: the video as it now is. */
export const ownReferenceVideoResponse = z.object({ video: ownReferenceVideo });
export type OwnReferenceVideoAnswer = z.infer<typeof ownReferenceVideoResponse>;

/** GET /api/admin/reference-videos: the review queue. */
export const reviewQueueResponse = z.object({ videos: z.array(ownReferenceVideo), pagination });
export type ReviewQueue = z.infer<typeof reviewQueueResponse>;

/** POST /api/reference-videos (201): every upload waits for review. */
export const uploadReferenceResponse = z.object({
  video_id: z.number().int(),
  status: z.enum(["pending", "approved"]),
  message: z.string(),
});
export type UploadReferenceResponse = z.infer<typeof uploadReferenceResponse>;

/** POST /api/reference-videos/{id}/like and /unlike. */
export const likeResponse = z.object({ is_liked: z.boolean(), likes_count: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** POST /api/videos/{id}/share: the link to pass on. */
export const shareResponse = z.object({ share_url: z.string(), message: z.string() });
export type ShareResponse = z.infer<typeof shareResponse>;

export const videoComment = z.object({
  id: z.number().int(),
  video_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  profile_image: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
});
export type VideoComment = z.infer<typeof videoComment>;
/** GET /api/reference-videos/{id}/comments, oldest first. */
export const commentsResponse = z.object({ comments: z.array(videoComment) });
export type CommentsResponse = z.infer<typeof commentsResponse>;
/** POST /api/reference-videos/{id}/comments (201). */
export const commentResponse = z.object({ comment: videoComment });
export type CommentResponse = z.infer<typeof commentResponse>;

// Social ------------------------------------------------------------------------------------------

/** POST /api/users/{id}/follow and /unfollow: the followed user's exact followers count. */
export const followResponse = z.object({ is_following: z.boolean(), followers_count: z.number().int() });
export type FollowResponse = z.infer<typeof followResponse>;

export const FRIEND_STATUSES = ["none", "friends", "pending_sent", "pending_received"] as const;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];

/** A user's public profile (part 2 data: user profile, public), as the viewer stands with them. */
export const publicProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  bio: z.string().nullable(),
  profile_image: z.string().nullable(),
  role: z.enum(ROLES),
  verified: z.boolean(),
  /** Name of the network → address. */
  social_links: z.record(z.string(), z.string()),
  videos_count: z.number().int(),
  total_views: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  is_following: z.boolean(),
  is_own: z.boolean(),
  friend_status: z.enum(FRIEND_STATUSES),
  /** The request behind a pending or accepted friend_status; null with "none". */
  friend_request_id: z.number().int().nullable(),
  recent_videos: z.array(referenceVideo),
});
export type PublicProfile = z.infer<typeof publicProfile>;
/** GET /api/users/{id}/profile. */
export const publicProfileResponse = z.object({ profile: publicProfile });
export type PublicProfileResponse = z.infer<typeof publicProfileResponse>;

export const followEntry = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_image: z.string().nullable(),
  verified: z.boolean(),
  followed_at: z.string(),
});
export type FollowEntry = z.infer<typeof followEntry>;
/** GET /api/users/{id}/followers and /following, newest first. */
export const followersResponse = z.object({ followers: z.array(followEntry) });
export type FollowersResponse = z.infer<typeof followersResponse>;
export const followingResponse = z.object({ following: z.array(followEntry) });
export type FollowingResponse = z.infer<typeof followingResponse>;

export const friendUser = z.object({
  id: z.number().int(),
  username: z.string(),
  profile_image: z.string().nullable(),
  verified: z.boolean(),
});
export type FriendUser = z.infer<typeof friendUser>;
const friendRequestEntry = z.object({ request_id: z.number().int(), user: friendUser, created_at: z.string() });
/** GET /api/friends: friends and the requests waiting either way, newest first. */
export const friendsListResponse = z.object({
  friends: z.array(friendUser.extend({ request_id: z.number().int(), friends_since: z.string() })),
  incoming: z.array(friendRequestEntry),
  outgoing: z.array(friendRequestEntry),
});
export type FriendsList = z.infer<typeof friendsListResponse>;

/** POST /api/friends/request (201). */
export const friendRequestResponse = z.object({
  request_id: z.number().int(),
  status: z.literal("pending"),
  message: z.string(),
});
export type FriendRequestResponse = z.infer<typeof friendRequestResponse>;
/** POST /api/friends/{requestId}/accept and /decline. */
export const friendAnswerResponse = z.object({
  request_id: z.number().int(),
  status: z.enum(["accepted", "declined"]),
});
export type FriendAnswerResponse = z.infer<typeof friendAnswerResponse>;

// Leaderboard -------------------------------------------------------------------------------------

/** Part 2 data: leaderboard entry; scores to 1 decimal (the screen rounds to whole percent). */
export const leaderboardEntry = z.object({
  user_id: z.number().int(),
  username: z.string(),
  profile_image: z.string().nullable(),
  average_score: z.number(),
  best_score: z.number(),
  comparison_count: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;
/** GET /api/leaderboard: a bare list, best average first. */
export const leaderboardResponse = z.array(leaderboardEntry);
