import {
  type MailedNotificationKind,
  type MailSettings,
  NOTIFICATION_MESSAGES,
  type NotificationsResponse,
  PAYMENT_COMING_SOON,
  SUBSCRIBE_MESSAGES,
  type SuccessResponse,
  type UnreadCountResponse,
} from "@stepsync/contracts";
import { apiRequest } from "./client";
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { keys, type MutationCallbacks, useChange } from "./keys";

/** POST /api/notifications/subscribe: "Notify Me" on the payments coming-soon page. */
export function subscribeToFeature(email: string): Promise<SuccessResponse> {
  return apiRequest("/api/notifications/subscribe", {
    method: "POST",
    auth: false,
    body: { email, feature_name: PAYMENT_COMING_SOON.featureName, source_page: PAYMENT_COMING_SOON.sourcePage },
    fallback: SUBSCRIBE_MESSAGES.failed,
  });
}

// The inbox ----------------------------------------------------------------------------------------

/** GET /api/notifications: a page of the user's own notifications, newest first, with the unread count. */
export function getNotifications(page: number, limit: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return apiRequest("/api/notifications", {
    query: { page, limit },
    signal,
    fallback: NOTIFICATION_MESSAGES.loadFailed,
  });
}

/** GET /api/notifications/unread-count: what the header's bell shows. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return apiRequest("/api/notifications/unread-count", { signal });
}

export function markNotificationRead(id: number): Promise<UnreadCountResponse> {
  return apiRequest(`/api/notifications/${id}/read`, { method: "POST", fallback: NOTIFICATION_MESSAGES.markFailed });
}

export function markAllNotificationsRead(): Promise<UnreadCountResponse> {
  return apiRequest("/api/notifications/read-all", { method: "POST", fallback: NOTIFICATION_MESSAGES.markFailed });
}

export function getMailSettings(signal?: AbortSignal): Promise<MailSettings> {
  return apiRequest("/api/notifications/mail-settings", { signal });
}

export function putMailSettings(settings: MailSettings): Promise<MailSettings> {
  return apiRequest("/api/notifications/mail-settings", { method: "PUT", body: settings });
}

/** The link in a review-outcome mail: turns that kind of mail off (no sign-in needed). */
export function unsubscribeMailKind(token: string, kind: MailedNotificationKind): Promise<SuccessResponse> {
  return apiRequest("/api/notifications/mail-unsubscribe", {
    method: "POST",
    auth: false,
    body: { token, kind },
    fallback: NOTIFICATION_MESSAGES.unsubscribeFailed,
  });
}

// Queries ------------------------------------------------------------------------------------------

/** One page of the inbox; the previous page stays shown while the next loads. */
export function useNotificationsPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: keys.notifications.page(page),
    queryFn: ({ signal }) => getNotifications(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** The bell's count, asked again every `pollMs` and when the tab comes back. */
export function useUnreadCount(pollMs: number) {
  return useQuery({
    queryKey: keys.notifications.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: pollMs,
    refetchOnWindowFocus: true,
  });
}

export function useMailSettings() {
  return useQuery({ queryKey: keys.notifications.mailSettings(), queryFn: ({ signal }) => getMailSettings(signal) });
}

// Changes ------------------------------------------------------------------------------------------

/** A read notification's answer carries the unread count left: the bell shows it at once, the lists reload. */
const settleUnread = {
  update: (client: QueryClient, answer: UnreadCountResponse) =>
    client.setQueryData(keys.notifications.unread(), answer),
  reload: (client: QueryClient) => client.invalidateQueries({ queryKey: keys.notifications.pages() }),
};

/** Marks one notification read (by its id). */
export function useMarkNotificationRead(callbacks: MutationCallbacks<UnreadCountResponse, number> = {}) {
  return useChange({ mutationFn: markNotificationRead, ...settleUnread }, callbacks);
}

/** Marks every notification read. */
export function useMarkAllNotificationsRead(callbacks: MutationCallbacks<UnreadCountResponse, void> = {}) {
  return useChange({ mutationFn: markAllNotificationsRead, ...settleUnread }, callbacks);
}

/** Saving the mail settings: the answer is what the setting now shows. */
export function useSaveMailSettings(callbacks: MutationCallbacks<MailSettings, MailSettings> = {}) {
  return useChange(
    {
      mutationFn: putMailSettings,
      update: (client, settings) => client.setQueryData(keys.notifications.mailSettings(), settings),
    },
    callbacks,
  );
}
