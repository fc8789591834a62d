import { z } from "zod";
import { NOTIFICATION_TYPES } from "./admin.ts";
import { pagination } from "./comparisons.ts";

/**
 * Where a notification leads in the web app: one home for the paths the server stores with each
 * notification and the web app opens when it is clicked.
 */
export const NOTIFICATION_LINKS = {
  profile: (userId: number) => `/profile/${userId}`,
  libraryVideo: (videoId: number) => `/library?video=${videoId}`,
  friends: "/friends",
  /** A contributor's own uploads with their review state (a rejected video is not in the library). */
  contributor: "/contributor",
  dashboard: "/dashboard",
  /** A group's page (its routine, members and board). */
  group: (groupId: number) => `/groups/${groupId}`,
  /** A group's invite link. */
  groupInvite: (code: string) => `/groups/join/${encodeURIComponent(code)}`,
} as const;

/** Texts of the inbox (bell, /notifications) and of the review-outcome mails' unsubscribe. */
export const NOTIFICATION_MESSAGES = {
  title: "Notifications",
  empty: "No notifications yet. Likes, comments, follows and friend requests will show up here.",
  markAllRead: "Mark all read",
  loadFailed: "Failed to load notifications",
  markFailed: "Failed to mark the notification as read",
  notFound: "Notification not found",
  /** The bell's accessible name. */
  bell: (unread: number) => (unread === 0 ? "Notifications" : `Notifications, ${unread} unread`),
  reviewMailsLabel: "Email me when my library videos are reviewed",
  reviewMailsOff: "You will no longer get emails when your library videos are reviewed.",
  groupMailsLabel: "Email me when a group's organiser sends a reminder",
  groupMailsOff: "You will no longer get emails when a group's organiser sends a reminder.",
  unsubscribeTitle: "Stop review emails",
  unsubscribeIntro: "Press the button to stop getting emails when your library videos are approved or rejected.",
  groupUnsubscribeTitle: "Stop group reminder emails",
  groupUnsubscribeIntro:
    "Press the button to stop getting emails when a group's organiser reminds you to practise. The reminders still show in your notifications.",
  unsubscribeConfirm: "Unsubscribe",
  unsubscribeInvalid: "This unsubscribe link is invalid.",
  unsubscribeMissing: "This unsubscribe link is incomplete.",
  unsubscribeFailed: "Failed to unsubscribe. Please try again.",
} as const;

/** Kinds of notification that are also mailed, each of which a user can turn off. */
export const MAILED_NOTIFICATION_KINDS = ["review_outcome", "group_reminder"] as const;
export type MailedNotificationKind = (typeof MAILED_NOTIFICATION_KINDS)[number];

export const notificationItem = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  /** The app path of what it is about; null when it is about nothing in particular. */
  link: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** GET /api/notifications?page&limit: the user's own, newest first, and how many are unread in all. */
export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const notificationsResponse = z.object({
  notifications: z.array(notificationItem),
  unread_count: z.number().int(),
  pagination,
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** GET /api/notifications/unread-count: what the header's bell shows. */
export const unreadCountResponse = z.object({ unread_count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

/** POST /api/notifications/{id}/read and /read-all answer the unread count left. */
export const markReadResponse = unreadCountResponse;

/**
 * GET / PUT /api/notifications/mail-settings: which kinds of notification are also mailed. The answer
 * carries every kind; a PUT may leave a kind out (it stays as it is).
 */
export const mailSettings = z.object({ review_outcome: z.boolean(), group_reminder: z.boolean().optional() });
export type MailSettings = z.infer<typeof mailSettings>;
export const mailSettingsUpdate = z.object({
  review_outcome: z.boolean().optional(),
  group_reminder: z.boolean().optional(),
});

/** POST /api/notifications/mail-unsubscribe {token, kind}: the link in a mail turns its kind off, no sign-in needed. */
export const mailUnsubscribeRequest = z.object({
  token: z
    .string({ error: NOTIFICATION_MESSAGES.unsubscribeInvalid })
    .min(10, NOTIFICATION_MESSAGES.unsubscribeInvalid)
    .max(200),
  kind: z.enum(MAILED_NOTIFICATION_KINDS, { error: NOTIFICATION_MESSAGES.unsubscribeInvalid }),
});
