import type {
  AdminBundleDeleted,
  AdminBundleSaved,
  AdminBundlesResponse,
  AdminCommentsResponse,
  AdminCreditGrant,
  AdminCreditGrantResponse,
  AdminDashboardStats,
  AdminFeatureResponse,
  AdminNotificationsResponse,
  AdminRoleResponse,
  AdminUsersResponse,
  AdminVerifiedResponse,
  AdminVideosResponse,
  BundleForm,
  DancerCalls,
  EmailStats,
  EmailSubscriptionsResponse,
  MessageResponse,
  OwnReferenceVideoAnswer,
  RealtimeStats,
  ReviewQueue,
  Role,
  SuccessResponse,
  SystemStats,
  TrafficStats,
  UnsubscribedResponse,
} from "@stepsync/contracts";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiRequest, type QueryValue } from "./client";
import { invalidate, keys, useChange } from "./keys";

/** Every /api/admin call of the admin panel and the email-subscriptions screen. */
export const adminApi = {
  traffic: () => apiRequest<TrafficStats>("/api/admin/traffic-stats"),
  realtime: () => apiRequest<RealtimeStats>("/api/admin/realtime-stats"),
  stats: () => apiRequest<AdminDashboardStats>("/api/admin/stats"),
  systemStats: () => apiRequest<SystemStats>("/api/admin/system-stats"),
  dancerCalls: () => apiRequest<DancerCalls>("/api/admin/dancer-calls"),
  users: (query: Record<string, QueryValue>) => apiRequest<AdminUsersResponse>("/api/admin/users", { query }),
  setRole: (id: number, role: Role) =>
    apiRequest<AdminRoleResponse>(`/api/admin/users/${id}/role`, { method: "PUT", body: { role } }),
  setVerified: (id: number, verified: boolean) =>
    apiRequest<AdminVerifiedResponse>(`/api/admin/users/${id}/verified`, { method: "PUT", body: { verified } }),
  deleteUser: (id: number) => apiRequest<MessageResponse>(`/api/admin/users/${id}`, { method: "DELETE" }),
  /** Gives (or takes back) credits; the same idempotency_key again changes nothing. */
  grantCredits: (id: number, body: AdminCreditGrant) =>
    apiRequest<AdminCreditGrantResponse>(`/api/admin/users/${id}/credits`, { method: "POST", body }),
  videos: (query: Record<string, QueryValue>) => apiRequest<AdminVideosResponse>("/api/admin/videos", { query }),
  feature: (id: number, is_featured: boolean) =>
    apiRequest<AdminFeatureResponse>(`/api/admin/videos/${id}/feature`, { method: "PUT", body: { is_featured } }),
  /** The review queue: "pending" holds new uploads and contributors' edits of approved videos. */
  reviewQueue: (query: Record<string, QueryValue>) => apiRequest<ReviewQueue>("/api/admin/reference-videos", { query }),
  /** Approve or reject (a rejection needs a reason); for an approved video with an edit waiting, decides the edit. */
  review: (id: number, status: "approved" | "rejected", reason?: string) =>
    apiRequest<OwnReferenceVideoAnswer>(`/api/admin/reference-videos/${id}/review`, {
      method: "PUT",
      body: { status, reason },
    }),
  deleteVideo: (id: number) => apiRequest<MessageResponse>(`/api/admin/videos/${id}`, { method: "DELETE" }),
  comments: (query: Record<string, QueryValue>) => apiRequest<AdminCommentsResponse>("/api/admin/comments", { query }),
  deleteComment: (id: number) => apiRequest<MessageResponse>(`/api/admin/comments/${id}`, { method: "DELETE" }),
  notifications: (query: Record<string, QueryValue>) =>
    apiRequest<AdminNotificationsResponse>("/api/admin/notifications", { query }),
  deleteNotification: (id: number) =>
    apiRequest<MessageResponse>(`/api/admin/notifications/${id}`, { method: "DELETE" }),
  bundles: () => apiRequest<AdminBundlesResponse>("/api/admin/credit-bundles"),
  createBundle: (body: BundleForm) =>
    apiRequest<AdminBundleSaved>("/api/admin/credit-bundles", { method: "POST", body }),
  updateBundle: (id: number, body: BundleForm) =>
    apiRequest<AdminBundleSaved>(`/api/admin/credit-bundles/${id}`, { method: "PUT", body }),
  deleteBundle: (id: number) => apiRequest<AdminBundleDeleted>(`/api/admin/credit-bundles/${id}`, { method: "DELETE" }),
  subscriptions: (feature_name?: string) =>
    apiRequest<EmailSubscriptionsResponse>("/api/admin/email-subscriptions", {
      query: { page: 1, limit: 100, feature_name },
    }),
  emailStats: () => apiRequest<EmailStats>("/api/admin/email-stats"),
  unsubscribe: (id: number) =>
    apiRequest<UnsubscribedResponse>(`/api/admin/email-subscriptions/${id}/unsubscribe`, { method: "PUT" }),
};

/** Downloads an admin CSV export (GET with the stored credentials) under the server's filename. */
export async function downloadExport(kind: "users" | "videos"): Promise<void> {
  const response = await fetch(`/api/admin/export/${kind}`, { credentials: "include" });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(response.status, data?.error ?? `HTTP error! status: ${response.status}`);
  }
  const blob = await response.blob();
  saveBlob(blob, `${kind}_export.csv`);
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /api/notifications/unsubscribe: the tokenised link of one subscription. */
export function unsubscribeByToken(token: string): Promise<SuccessResponse> {
  return apiRequest("/api/notifications/unsubscribe", { method: "POST", auth: false, body: { token } });
}

// Queries ------------------------------------------------------------------------------------------

/** Waiting for review: new uploads and contributors' edits of approved videos (the server's "pending" queue). */
export const REVIEW_QUEUE_QUERY = { status: "pending", page: 1, limit: 100 } as const;
/** The review queue, quiet on failure (the video list reports a failed load). */
export function useReviewQueue() {
  return useQuery({
    queryKey: keys.admin.videos({ review: "pending" }),
    queryFn: () => adminApi.reviewQueue(REVIEW_QUEUE_QUERY),
    retry: false,
  });
}

/** Mail figures of the subscriptions page; a failure shows none (not retried). */
export function useEmailStats() {
  return useQuery({ queryKey: keys.admin.emailStats(), queryFn: adminApi.emailStats, retry: false });
}

/** The admin panel's reads (keys and requests), for useAdminQuery. */
export const adminQueries = {
  traffic: () => ({ queryKey: keys.admin.traffic(), queryFn: adminApi.traffic }),
  realtime: () => ({ queryKey: keys.admin.realtime(), queryFn: adminApi.realtime }),
  stats: () => ({ queryKey: keys.admin.stats(), queryFn: adminApi.stats }),
  system: () => ({ queryKey: keys.admin.system(), queryFn: adminApi.systemStats }),
  dancerCalls: () => ({ queryKey: keys.admin.dancerCalls(), queryFn: adminApi.dancerCalls }),
  bundles: () => ({ queryKey: keys.admin.bundles(), queryFn: adminApi.bundles }),
  users: (query: Record<string, QueryValue>) => ({
    queryKey: keys.admin.users(query),
    queryFn: () => adminApi.users(query),
  }),
  videos: (query: Record<string, QueryValue>) => ({
    queryKey: keys.admin.videos(query),
    queryFn: () => adminApi.videos(query),
  }),
  comments: (query: Record<string, QueryValue>) => ({
    queryKey: keys.admin.comments(query),
    queryFn: () => adminApi.comments(query),
  }),
  notifications: (query: Record<string, QueryValue>) => ({
    queryKey: keys.admin.notifications(query),
    queryFn: () => adminApi.notifications(query),
  }),
  subscriptions: (feature: string) => ({
    queryKey: keys.admin.subscriptions(feature),
    queryFn: () => adminApi.subscriptions(feature || undefined),
  }),
};

/** Where an admin screen reports how a request went: a success text, or the failure and its fallback text. */
export interface AdminReport {
  ok: (text: string) => void;
  fail: (err: unknown, fallback: string) => void;
}

/** An admin list or figure: loaded once (no retries), a failure reported to the screen. */
export function useAdminQuery<T>(
  report: AdminReport,
  options: { queryKey: QueryKey; queryFn: () => Promise<T>; refetchInterval?: number },
  failure: string,
) {
  const q = useQuery({ ...options, retry: false });
  const { fail } = report;
  useEffect(() => {
    if (q.error) fail(q.error, failure);
  }, [q.error, fail, failure]);
  return q;
}

// Changes ------------------------------------------------------------------------------------------

/** A change an admin makes: its request and the lists and figures it makes stale. */
export type AdminChange<V, R> = { mutationFn: (variables: V) => Promise<R>; invalidates: QueryKey[] };
const change = <V, R>(mutationFn: (variables: V) => Promise<R>, invalidates: QueryKey[]): AdminChange<V, R> => ({
  mutationFn,
  invalidates,
});

/** A video's state shows in both lists of Video Management, in the System Stats and in the public library. */
const videosChanged = () => [keys.admin.videos(), keys.admin.system(), keys.library.all()];
/** Bundles are also what members buy on /credits and the dashboard, and the plans on /pricing. */
const bundlesChanged = () => [keys.admin.bundles(), keys.credits.bundles(), keys.plans()];

/** Every change of the admin panel and the email-subscriptions screen. */
export const adminChanges = {
  /** A role shows in the list and in the role counts of Dashboard and System Stats. */
  setRole: () =>
    change(
      ({ id, role }: { id: number; role: Role }) => adminApi.setRole(id, role),
      [keys.admin.users(), keys.admin.stats(), keys.admin.system()],
    ),
  /** The mark shows on their library cards and profile, and the library's Verified filter lists them. */
  setVerified: () =>
    change(
      ({ id, verified }: { id: number; verified: boolean }) => adminApi.setVerified(id, verified),
      [keys.admin.users(), keys.library.all(), keys.social.all()],
    ),
  /** The balance shows in the list (and, granted to oneself, on one's own screens). */
  grantCredits: () =>
    change(
      ({ id, grant }: { id: number; grant: AdminCreditGrant }) => adminApi.grantCredits(id, grant),
      [keys.admin.users(), keys.credits.all()],
    ),
  /** Deleting a user takes their videos, comments and comparisons with them: every figure changes. */
  deleteUser: <U extends { id: number }>() =>
    change((u: U) => adminApi.deleteUser(u.id), [keys.admin.all(), keys.library.all()]),
  feature: () =>
    change(({ id, featured }: { id: number; featured: boolean }) => adminApi.feature(id, featured), videosChanged()),
  review: () =>
    change(
      ({ id, status, reason }: { id: number; status: "approved" | "rejected"; reason?: string }) =>
        adminApi.review(id, status, reason),
      videosChanged(),
    ),
  deleteVideo: <V extends { id: number }>() => change((v: V) => adminApi.deleteVideo(v.id), videosChanged()),
  /** The video's comments and its card's count in the library change too. */
  deleteComment: () =>
    change(
      (id: number) => adminApi.deleteComment(id),
      [keys.admin.comments(), keys.admin.system(), keys.library.all()],
    ),
  deleteNotification: () =>
    change((id: number) => adminApi.deleteNotification(id), [keys.admin.notifications(), keys.admin.system()]),
  saveBundle: () =>
    change(
      ({ id, body }: { id: number | null; body: BundleForm }) =>
        id === null ? adminApi.createBundle(body) : adminApi.updateBundle(id, body),
      bundlesChanged(),
    ),
  deleteBundle: <B extends { id: number }>() => change((b: B) => adminApi.deleteBundle(b.id), bundlesChanged()),
  unsubscribe: () =>
    change((id: number) => adminApi.unsubscribe(id), [keys.admin.subscriptions(), keys.admin.emailStats()]),
};

/**
 * An admin change run from a screen: on success its text is reported and what it makes stale
 * reloads; on failure the report says what failed (`failure` off: the caller handles it).
 */
export function useAdminMutation<V, R>(
  { mutationFn, invalidates }: AdminChange<V, R>,
  {
    report,
    success,
    failure,
  }: {
    report: AdminReport;
    success: (result: R, variables: V) => string;
    failure?: string | ((variables: V) => string);
  },
) {
  return useChange(
    { mutationFn, reload: (client) => invalidate(client, invalidates) },
    {
      onSuccess: (result, variables) => report.ok(success(result, variables)),
      onError: (err, variables) => {
        if (failure !== undefined) report.fail(err, typeof failure === "function" ? failure(variables) : failure);
      },
    },
  );
}
