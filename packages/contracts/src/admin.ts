import { z } from "zod";
import { ACTIVITY_TYPES, LIMITS, ROLES, type Role } from "./constants.ts";
import { rowId } from "./ids.ts";
import type { pagination } from "./comparisons.ts";

/** Texts of the admin panel and email-subscriptions screens (part 2 §8). */
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
export const adminRoleBody = z.object({ role: z.enum(ROLES, { error: ADMIN_MESSAGES.invalidRole }) });

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

/** The bundle form (part 2 §5): name required, credits ≥ 1, price in rupees with two decimals. */
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

export type Pagination = z.infer<typeof pagination>;

export type AdminUser = { id: number; username: string; email: string; role: Role; created_at: string };
export type AdminVideo = {
  id: number;
  title: string;
  category: string;
  difficulty: string;
  thumbnail_path: string | null;
  contributor_username: string | null;
  views: number;
  likes: number;
  usage_count: number;
  is_featured: boolean;
  status: (typeof VIDEO_STATUSES)[number];
  pose_status: "pending" | "ready" | "failed";
  pose_error: string | null;
  created_at: string;
};
export type AdminComment = {
  id: number;
  username: string;
  email: string;
  video_id: number;
  video_title: string;
  content: string;
  created_at: string;
};
export type AdminNotification = {
  id: number;
  username: string;
  email: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
};
export type AdminBundle = {
  id: number;
  name: string;
  description: string;
  credits_amount: number;
  /** Rupees. */
  price: number;
  is_active: boolean;
  is_popular: boolean;
  purchases: number;
};

export type HourlyTraffic = { requests: number; errors: number; video_uploads: number; user_logins: number };
export type TrafficStats = {
  application_stats: {
    overview: {
      total_requests: number;
      total_errors: number;
      error_rate_percent: number;
      active_users: number;
      avg_response_time_ms: number;
    };
    /** Keyed by the hour's ISO start (UTC), the last 24 hours oldest first; only hours with traffic. */
    hourly_traffic: Record<string, HourlyTraffic>;
  };
  database_stats: {
    total_users: number;
    total_videos: number;
    total_comparisons: number;
    database_size_mb: number | null;
  };
  system_stats: { cpu_percent: number; memory_percent: number; disk_percent: number | null };
};
export type RealtimeStats = {
  active_users: number;
  total_requests: number;
  avg_response_time_ms: number;
  error_rate_percent: number;
  timestamp: string;
};
export type AdminDashboardStats = {
  total_users: number;
  new_users_this_month: number;
  role_stats: Record<Role, number>;
};
export type SystemStats = {
  total_users: number;
  new_users_30_days: number;
  role_distribution: Record<Role, number>;
  total_videos: number;
  total_video_views: number;
  video_categories: Record<string, number>;
  total_comparisons: number;
  average_comparison_score: number;
  total_comments: number;
  total_notifications: number;
  total_purchases: number;
  /** Rupees, from completed purchases. */
  total_revenue: number;
  currency: "INR";
};

export type EmailSubscription = {
  id: number;
  email: string;
  feature_name: string;
  source_page: string | null;
  subscription_status: "active" | "unsubscribed";
  created_at: string;
};
export type EmailStats = {
  total: number;
  active: number;
  feature_subscriptions: Record<string, number>;
  notification_stats: { total_sent: number };
};
