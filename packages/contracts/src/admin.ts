import { z } from "zod";
import { ACTIVITY_TYPES, LIMITS, ROLES } from "./constants.ts";
import { rowId } from "./ids.ts";
import { pagination } from "./comparisons.ts";

/** An admin's grant: at most this many credits either way, and a reason the user reads. */
export const CREDIT_GRANT_LIMITS = { maxAmount: 1000, reasonMin: 3, reasonMax: 200, keyMin: 8, keyMax: 100 } as const;

/** Texts of the admin panel and email-subscriptions screens. */
export const ADMIN_MESSAGES = {
  adminRequired: "Admin access required",
  fetchTrafficFailed: "Failed to fetch traffic stats",
  fetchRealtimeFailed: "Failed to fetch realtime stats",
  loadDataFailed: "Failed to load data",
  loadStatsFailed: "Failed to load stats",
  loadUsersFailed: "Failed to load users",
  loadVideosFailed: "Failed to load videos",
  loadCommentsFailed: "Failed to load comments",
  loadNotificationsFailed: "Failed to load notifications",
  loadBundlesFailed: "Failed to load credit bundles",
  loadSystemStatsFailed: "Failed to load system stats",
  loadDancerCallsFailed: "Failed to load the dancers' calls",
  deleteUserFailed: "Failed to delete user",
  deleteVideoFailed: "Failed to delete video",
  deleteCommentFailed: "Failed to delete comment",
  deleteNotificationFailed: "Failed to delete notification",
  deleteBundleFailed: "Failed to delete credit bundle",
  updateRoleFailed: "Failed to update user role",
  toggleFeatureFailed: "Failed to toggle video feature",
  createBundleFailed: "Failed to create credit bundle",
  updateBundleFailed: "Failed to update credit bundle",
  exportUsersFailed: "Failed to export users",
  exportVideosFailed: "Failed to export videos",
  reviewFailed: "Failed to review video",
  userDeleted: (username: string) => `User ${username} deleted successfully`,
  roleUpdated: "User role updated successfully",
  userVerified: (username: string) => `${username} is now verified`,
  userUnverified: (username: string) => `${username} is no longer verified`,
  updateVerifiedFailed: "Failed to update verification",
  invalidVerified: "Verified must be true or false",
  videoDeleted: (title: string) => `Video "${title}" deleted successfully`,
  videoFeatured: "Video featured successfully",
  videoUnfeatured: "Video unfeatured successfully",
  videoApproved: "Video approved successfully",
  videoRejected: "Video rejected successfully",
  commentDeleted: "Comment deleted successfully",
  notificationDeleted: "Notification deleted successfully",
  bundleCreated: "Credit bundle created successfully",
  bundleUpdated: "Credit bundle updated successfully",
  bundleDeleted: "Credit bundle deleted successfully",
  bundleDeactivated: "Credit bundle has purchases, so it was deactivated instead of deleted",
  usersExported: "Users exported successfully",
  videosExported: "Videos exported successfully",
  noUsers: "No users found.",
  noVideos: "No videos found.",
  noComments: "No comments found.",
  noNotifications: "No notifications found.",
  noBundles: "No credit bundles found.",
  confirmDeleteTitle: "Confirm Delete",
  cannotBeUndone: "This action cannot be undone.",
  userNotFound: "User not found",
  videoNotFound: "Video not found",
  commentNotFound: "Comment not found",
  notificationNotFound: "Notification not found",
  bundleNotFound: "Credit bundle not found",
  subscriptionNotFound: "Subscription not found",
  cannotChangeOwnRole: "You cannot change your own role",
  cannotDeleteSelf: "You cannot delete your own account here",
  lastAdmin: "At least one admin must remain",
  invalidRole: "Role must be user, contributor or admin",
  bundleNameRequired: "Name is required",
  bundleCreditsInvalid: "Credits must be a whole number of at least 1",
  bundlePriceInvalid: "Price must be at least 0.01",
  // Email subscriptions admin
  fetchSubscriptionsFailed: "Failed to fetch subscriptions",
  subscriptionsExported: "Subscriptions exported successfully",
  noSubscriptions: "No subscriptions found",
  loadingSubscriptions: "Loading subscriptions...",
  unsubscribed: "Subscription deactivated",
  unsubscribeFailed: "Failed to unsubscribe",
  // Credits given from User Management
  grantAmountInvalid: `Credits must be a whole number from -${CREDIT_GRANT_LIMITS.maxAmount} to ${CREDIT_GRANT_LIMITS.maxAmount}, and not 0`,
  grantReasonInvalid: `Say why in ${CREDIT_GRANT_LIMITS.reasonMin} to ${CREDIT_GRANT_LIMITS.reasonMax} characters: the user reads it in their transactions`,
  grantKeyInvalid: `idempotency_key is ${CREDIT_GRANT_LIMITS.keyMin} to ${CREDIT_GRANT_LIMITS.keyMax} characters`,
  grantKeyReused: "This idempotency_key was already used for another grant",
  grantFailed: "Failed to change the user's credits",
  grantBelowZero: (username: string, balance: number) =>
    `${username} has ${balance} ${balance === 1 ? "credit" : "credits"}: taking back more would leave fewer than none`,
  creditsGranted: (amount: number, username: string, balance: number) =>
    amount > 0
      ? `Gave ${username} ${amount} ${amount === 1 ? "credit" : "credits"} (now ${balance})`
      : `Took back ${-amount} ${amount === -1 ? "credit" : "credits"} from ${username} (now ${balance})`,
  /** The user's ledger line and notification. */
  grantLedgerLine: (amount: number, reason: string) =>
    amount > 0 ? `Credits from StepSync: ${reason}` : `Credits taken back by StepSync: ${reason}`,
  grantNotificationTitle: (amount: number) => (amount > 0 ? "Credits added" : "Credits taken back"),
  grantNotification: (amount: number, reason: string) =>
    amount > 0
      ? `StepSync added ${amount} ${amount === 1 ? "credit" : "credits"} to your account: ${reason}`
      : `StepSync took back ${-amount} ${amount === -1 ? "credit" : "credits"}: ${reason}`,
} as const;

/** Public unsubscribe page texts. */
export const UNSUBSCRIBE_MESSAGES = {
  confirm: "Unsubscribe",
  done: "You have been unsubscribed. You will not get any more emails about this feature.",
  invalid: "This unsubscribe link is invalid or has already been used.",
  missingToken: "This unsubscribe link is incomplete.",
  failed: "Failed to unsubscribe. Please try again.",
} as const;

const page = z.coerce.number().int().min(1).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(LIMITS.adminPageSize);
const empty = (v: unknown) => (v === "" || v === "all" ? undefined : v);
const optionalId = z.preprocess(empty, rowId("Invalid id").optional());
const optionalBool = z.preprocess(
  (v) => (v === "true" ? true : v === "false" ? false : empty(v)),
  z.boolean().optional(),
);
const optionalText = z.preprocess(empty, z.string().trim().max(200).optional());

export const adminUsersQuery = z.object({
  page,
  limit,
  role: z.preprocess(empty, z.enum(ROLES).optional()),
  search: optionalText,
});
/**
 * POST /api/admin/users/{id}/credits: gives (amount > 0) or takes back (amount < 0, never below the
 * user's balance) credits, with a reason; the same idempotency_key again changes nothing.
 */
export const adminCreditGrantBody = z.object({
  amount: z
    .number({ error: ADMIN_MESSAGES.grantAmountInvalid })
    .int(ADMIN_MESSAGES.grantAmountInvalid)
    .min(-CREDIT_GRANT_LIMITS.maxAmount, ADMIN_MESSAGES.grantAmountInvalid)
    .max(CREDIT_GRANT_LIMITS.maxAmount, ADMIN_MESSAGES.grantAmountInvalid)
    .refine((n) => n !== 0, ADMIN_MESSAGES.grantAmountInvalid),
  reason: z
    .string({ error: ADMIN_MESSAGES.grantReasonInvalid })
    .trim()
    .min(CREDIT_GRANT_LIMITS.reasonMin, ADMIN_MESSAGES.grantReasonInvalid)
    .max(CREDIT_GRANT_LIMITS.reasonMax, ADMIN_MESSAGES.grantReasonInvalid),
  idempotency_key: z
    .string({ error: ADMIN_MESSAGES.grantKeyInvalid })
    .min(CREDIT_GRANT_LIMITS.keyMin, ADMIN_MESSAGES.grantKeyInvalid)
    .max(CREDIT_GRANT_LIMITS.keyMax, ADMIN_MESSAGES.grantKeyInvalid),
});
export type AdminCreditGrant = z.infer<typeof adminCreditGrantBody>;

export const adminRoleBody = z.object({ role: z.enum(ROLES, { error: ADMIN_MESSAGES.invalidRole }) });
/** PUT /api/admin/users/{id}/verified: the Verified mark of a contributor. */
export const adminVerifiedBody = z.object({ verified: z.boolean({ error: ADMIN_MESSAGES.invalidVerified }) });

export const VIDEO_STATUSES = ["pending", "approved", "rejected"] as const;
export const adminVideosQuery = z.object({
  page,
  limit,
  status: z.preprocess(empty, z.enum(VIDEO_STATUSES).optional()),
  category: z.preprocess(empty, z.enum(ACTIVITY_TYPES).optional()),
  is_featured: optionalBool,
  search: optionalText,
});
export const adminFeatureBody = z.object({ is_featured: z.boolean() });

export const adminCommentsQuery = z.object({ page, limit, video_id: optionalId, user_id: optionalId });

export const NOTIFICATION_TYPES = ["like", "comment", "follow", "system", "achievement"] as const;
export const adminNotificationsQuery = z.object({
  page,
  limit,
  type: z.preprocess(empty, z.enum(NOTIFICATION_TYPES).optional()),
  is_read: optionalBool,
});

/** The bundle form: name required, credits ≥ 1, price in rupees with two decimals. */
export const bundleForm = z.object({
  name: z
    .string({ error: ADMIN_MESSAGES.bundleNameRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.bundleNameRequired)
    .max(100),
  description: z.string().trim().max(1000).default(""),
  credits_amount: z.coerce
    .number({ error: ADMIN_MESSAGES.bundleCreditsInvalid })
    .int(ADMIN_MESSAGES.bundleCreditsInvalid)
    .min(1, ADMIN_MESSAGES.bundleCreditsInvalid)
    .max(1_000_000, ADMIN_MESSAGES.bundleCreditsInvalid),
  /**
   * Rupees. The spec's form allows 0, but a bundle is sold through Razorpay, which cannot charge
   * nothing, so the server asks for at least ₹0.01 (the database also refuses 0).
   */
  price: z.coerce
    .number({ error: ADMIN_MESSAGES.bundlePriceInvalid })
    .min(0.01, ADMIN_MESSAGES.bundlePriceInvalid)
    .max(10_000_000, ADMIN_MESSAGES.bundlePriceInvalid),
  is_active: z.boolean().default(true),
  is_popular: z.boolean().default(false),
});
export type BundleForm = z.input<typeof bundleForm>;

export const BUNDLE_FORM_DEFAULTS = {
  name: "",
  description: "",
  credits_amount: 10,
  price: 3,
  is_active: true,
  is_popular: false,
} as const;

export const adminSubscriptionsQuery = z.object({
  page,
  limit: z.coerce.number().int().min(1).max(500).default(100),
  feature_name: optionalText,
});

export const unsubscribeRequest = z.object({
  token: z.string({ error: UNSUBSCRIBE_MESSAGES.invalid }).min(10, UNSUBSCRIBE_MESSAGES.invalid).max(200),
});

// Answers ------------------------------------------------------------------------------------------
// What each /api/admin route sends (the server declares them with responds(); the web reads these
// types). A field missing here is left out of the answer, so every field the panel shows is listed.

export type Pagination = z.infer<typeof pagination>;
const count = z.number().int();
/** Counts per role, every role present (0 when nobody has it). */
const perRole = z.record(z.enum(ROLES), count);

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Shows the Verified mark on their library cards and profile. */
  verified: z.boolean(),
  /** Their balance. */
  credits: z.number().int(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUsersResponse = z.object({ users: z.array(adminUser), pagination });
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;
export const adminRoleResponse = z.object({ message: z.string(), user: adminUser });
export type AdminRoleResponse = z.infer<typeof adminRoleResponse>;
export const adminVerifiedResponse = z.object({ message: z.string(), user: adminUser });
export type AdminVerifiedResponse = z.infer<typeof adminVerifiedResponse>;
/** POST /api/admin/users/{id}/credits: the user with their balance now (the same for a repeated key). */
export const adminCreditGrantResponse = z.object({ message: z.string(), user: adminUser });
export type AdminCreditGrantResponse = z.infer<typeof adminCreditGrantResponse>;

/** Kept here, not shared with library.ts, so the two areas' contracts stay independent. */
const POSE_STATUSES = ["pending", "ready", "failed"] as const;
export const adminVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  difficulty: z.string(),
  thumbnail_path: z.string().nullable(),
  /** Null when the contributor's account is gone (and in the feature answer, which does not look it up). */
  contributor_username: z.string().nullable(),
  views: count,
  likes: count,
  usage_count: count,
  is_featured: z.boolean(),
  status: z.enum(VIDEO_STATUSES),
  /** The reference's poses: an admin approves only a video whose poses could be computed. */
  pose_status: z.enum(POSE_STATUSES),
  pose_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminVideo = z.infer<typeof adminVideo>;
export const adminVideosResponse = z.object({ videos: z.array(adminVideo), pagination });
export type AdminVideosResponse = z.infer<typeof adminVideosResponse>;
export const adminFeatureResponse = z.object({ message: z.string(), video: adminVideo });
export type AdminFeatureResponse = z.infer<typeof adminFeatureResponse>;

export const adminComment = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  video_id: z.number().int(),
  video_title: z.string(),
  content: z.string(),
  created_at: z.string(),
});
export type AdminComment = z.infer<typeof adminComment>;
export const adminCommentsResponse = z.object({ comments: z.array(adminComment), pagination });
export type AdminCommentsResponse = z.infer<typeof adminCommentsResponse>;

export const adminNotification = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotification>;
export const adminNotificationsResponse = z.object({ notifications: z.array(adminNotification), pagination });
export type AdminNotificationsResponse = z.infer<typeof adminNotificationsResponse>;

export const adminBundle = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  credits_amount: count,
  /** Rupees. */
  price: z.number(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  /** Purchases of it, whatever their outcome: a bundle with any is only deactivated, never deleted. */
  purchases: count,
});
export type AdminBundle = z.infer<typeof adminBundle>;
export const adminBundlesResponse = z.object({ bundles: z.array(adminBundle) });
export type AdminBundlesResponse = z.infer<typeof adminBundlesResponse>;
/** POST (201) and PUT answers. */
export const adminBundleSaved = z.object({ message: z.string(), bundle: adminBundle });
export type AdminBundleSaved = z.infer<typeof adminBundleSaved>;
/** `deactivated: true` when the bundle had purchases and was only switched off. */
export const adminBundleDeleted = z.object({ message: z.string(), deactivated: z.boolean() });
export type AdminBundleDeleted = z.infer<typeof adminBundleDeleted>;

export const hourlyTraffic = z.object({
  requests: count,
  errors: count,
  video_uploads: count,
  user_logins: count,
});
export type HourlyTraffic = z.infer<typeof hourlyTraffic>;
export const trafficStatsResponse = z.object({
  application_stats: z.object({
    overview: z.object({
      total_requests: count,
      total_errors: count,
      error_rate_percent: z.number(),
      active_users: count,
      avg_response_time_ms: z.number(),
    }),
    /** Keyed by the hour's ISO start (UTC), the last 24 hours oldest first; only hours with traffic. */
    hourly_traffic: z.record(z.string(), hourlyTraffic),
  }),
  database_stats: z.object({
    total_users: count,
    total_videos: count,
    total_comparisons: count,
    /** Null when the database engine cannot tell. */
    database_size_mb: z.number().nullable(),
  }),
  /** Null disk: the data folder's file system could not be read. */
  system_stats: z.object({ cpu_percent: z.number(), memory_percent: z.number(), disk_percent: z.number().nullable() }),
});
export type TrafficStats = z.infer<typeof trafficStatsResponse>;

export const realtimeStatsResponse = z.object({
  active_users: count,
  total_requests: count,
  avg_response_time_ms: z.number(),
  error_rate_percent: z.number(),
  /** When the figures were taken (ISO). */
  timestamp: z.string(),
});
export type RealtimeStats = z.infer<typeof realtimeStatsResponse>;

export const adminDashboardStatsResponse = z.object({
  total_users: count,
  new_users_this_month: count,
  role_stats: perRole,
});
export type AdminDashboardStats = z.infer<typeof adminDashboardStatsResponse>;

export const systemStatsResponse = z.object({
  total_users: count,
  new_users_30_days: count,
  role_distribution: perRole,
  total_videos: count,
  total_video_views: count,
  /** Library videos per category (only categories that have one). */
  video_categories: z.record(z.string(), count),
  total_comparisons: count,
  /** Of completed comparisons; 0 when there are none. */
  average_comparison_score: z.number(),
  total_comments: count,
  total_notifications: count,
  total_purchases: count,
  /** Rupees, from completed purchases. */
  total_revenue: z.number(),
  currency: z.literal("INR"),
});
export type SystemStats = z.infer<typeof systemStatsResponse>;

/**
 * GET /api/admin/dancer-calls: results the engine refused as another routine, and how many of them
 * their dancer said were the routine after all ("analyse it anyway"), overall and per reference, so
 * wrong refusals can be found and studied. A reference row without an id stands for the references
 * users uploaded themselves (or library videos since removed).
 */
export const dancerCallsResponse = z.object({
  refusals: count,
  dancer_calls: count,
  references: z.array(
    z.object({
      reference_video_id: z.number().int().nullable(),
      title: z.string().nullable(),
      /** Refused as another routine, the calls included. */
      refusals: count,
      dancer_calls: count,
      /** The called results' mean score once analysed as the routine; null while none is. */
      called_average_score: z.number().nullable(),
    }),
  ),
});
export type DancerCalls = z.infer<typeof dancerCallsResponse>;

export const SUBSCRIPTION_STATUSES = ["active", "unsubscribed"] as const;
export const emailSubscription = z.object({
  id: z.number().int(),
  email: z.string(),
  feature_name: z.string(),
  source_page: z.string().nullable(),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES),
  created_at: z.string(),
});
export type EmailSubscription = z.infer<typeof emailSubscription>;
export const emailSubscriptionsResponse = z.object({ subscriptions: z.array(emailSubscription), pagination });
export type EmailSubscriptionsResponse = z.infer<typeof emailSubscriptionsResponse>;
export const unsubscribedResponse = z.object({ message: z.string(), subscription: emailSubscription });
export type UnsubscribedResponse = z.infer<typeof unsubscribedResponse>;

export const emailStatsResponse = z.object({
  /** All rows, and those still active. */
  total: count,
  active: count,
  /** Active subscriptions per feature. */
  feature_subscriptions: z.record(z.string(), count),
  /** Feature announcements mailed to subscribers. */
  notification_stats: z.object({ total_sent: count }),
});
export type EmailStats = z.infer<typeof emailStatsResponse>;
