import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { Timeframe } from "@stepsync/contracts";
import type { QueryValue } from "./client";

/**
 * Every TanStack Query key of the app, one factory per area. A key's leading parts name what it
 * holds, so invalidating a prefix (`keys.comparisons.lists()`) reaches every query below it.
 */
export const keys = {
  config: () => ["config"] as const,
  profile: () => ["profile"] as const,
  plans: () => ["plans"] as const,

  comparisons: {
    /** Everything that lists or sums up comparisons (not the detail of one). */
    lists: () => ["comparisons", "lists"] as const,
    history: (activityType: string) => ["comparisons", "lists", "history", activityType] as const,
    page: (limit: number) => ["comparisons", "lists", "page", limit] as const,
    recent: (limit: number) => ["comparisons", "lists", "recent", limit] as const,
    stats: () => ["comparisons", "lists", "stats"] as const,
    processing: () => ["comparisons", "lists", "processing"] as const,
    /** Earlier attempts on one result's routine: a list too, so a new or deleted comparison reloads it. */
    progress: (id: number | string) => ["comparisons", "lists", "progress", String(id)] as const,
    detail: (id: number | string) => ["comparisons", "detail", String(id)] as const,
    /** The analysis of a comparison's reference: it never changes, and a deleted comparison's is never asked for. */
    referenceAnalysis: (id: number) => ["comparisons", "reference-analysis", id] as const,
  },

  dashboard: {
    all: () => ["dashboard"] as const,
    stats: (timeframe: Timeframe) => ["dashboard", "stats", timeframe] as const,
    achievements: () => ["dashboard", "achievements"] as const,
    styleProgress: (style: string) => ["dashboard", "style-progress", style] as const,
    progressChart: (timeframe: Timeframe, style: string | null) =>
      ["dashboard", "progress-chart", timeframe, style] as const,
  },

  credits: {
    all: () => ["credits"] as const,
    balance: () => ["credits", "balance"] as const,
    bundles: () => ["credits", "bundles"] as const,
    transactions: () => ["credits", "transactions"] as const,
    purchases: () => ["credits", "purchases"] as const,
  },

  library: {
    all: () => ["library"] as const,
    /** The library's card pages, per filter set. */
    lists: () => ["library", "lists"] as const,
    list: (filters: object) => ["library", "lists", filters] as const,
    /** Single videos (a shared link's card). */
    videos: () => ["library", "video"] as const,
    video: (id: number) => ["library", "video", id] as const,
    mine: () => ["library", "mine"] as const,
    comments: (videoId: number) => ["library", "comments", videoId] as const,
    /** A video's poses and counting for live scoring (null: not analysed yet). */
    analysis: (videoId: number) => ["library", "analysis", videoId] as const,
    /** Where that analysis stands while a page waits on it. */
    analysisStatus: (videoId: number) => ["library", "analysis-status", videoId] as const,
  },

  social: {
    all: () => ["social"] as const,
    leaderboard: (timeframe: Timeframe, style: string) => ["social", "leaderboard", timeframe, style] as const,
    communityChart: (timeframe: Timeframe, style: string | null) =>
      ["social", "community-chart", timeframe, style] as const,
    friends: () => ["social", "friends"] as const,
    profile: (userId: string) => ["social", "profile", userId] as const,
    follows: (userId: string, which: "followers" | "following") => ["social", "profile", userId, which] as const,
  },

  notifications: {
    /** Everything about the inbox: a read or new notification reloads the bell and the list. */
    all: () => ["notifications"] as const,
    unread: () => ["notifications", "unread"] as const,
    pages: () => ["notifications", "page"] as const,
    page: (page: number) => ["notifications", "page", page] as const,
    mailSettings: () => ["notifications", "mail-settings"] as const,
  },

  groups: {
    /** Everything about groups: a change to one reloads the list, its page and its board. */
    all: () => ["groups"] as const,
    list: () => ["groups", "list"] as const,
    detail: (id: number) => ["groups", "detail", id] as const,
    boards: (id: number) => ["groups", "board", id] as const,
    board: (id: number, sort: string) => ["groups", "board", id, sort] as const,
    invite: (code: string) => ["groups", "invite", code] as const,
  },

  auth: {
    resetToken: (token: string) => ["auth", "reset-token", token] as const,
  },

  admin: {
    all: () => ["admin"] as const,
    traffic: () => ["admin", "traffic"] as const,
    realtime: () => ["admin", "realtime"] as const,
    stats: () => ["admin", "stats"] as const,
    system: () => ["admin", "system"] as const,
    dancerCalls: () => ["admin", "dancer-calls"] as const,
    users: (query?: Record<string, QueryValue>) =>
      query ? (["admin", "users", query] as const) : (["admin", "users"] as const),
    videos: (query?: Record<string, QueryValue>) =>
      query ? (["admin", "videos", query] as const) : (["admin", "videos"] as const),
    comments: (query?: Record<string, QueryValue>) =>
      query ? (["admin", "comments", query] as const) : (["admin", "comments"] as const),
    notifications: (query?: Record<string, QueryValue>) =>
      query ? (["admin", "notifications", query] as const) : (["admin", "notifications"] as const),
    bundles: () => ["admin", "bundles"] as const,
    subscriptions: (feature?: string) =>
      feature === undefined ? (["admin", "subscriptions"] as const) : (["admin", "subscriptions", feature] as const),
    emailStats: () => ["admin", "email-stats"] as const,
  },
} as const;

/**
 * What a change on the server makes stale, one list per kind of change: mutations name the change
 * and every screen showing one of these figures reloads.
 */
export const staleAfter = {
  /** A comparison started, finished, failed (refunded) or was deleted. */
  comparison: () => [
    keys.comparisons.lists(),
    keys.dashboard.all(),
    keys.credits.all(),
    keys.profile(),
    keys.social.all(),
  ],
  /** Credits bought. */
  purchase: () => [keys.credits.all(), keys.dashboard.all(), keys.profile()],
} satisfies Record<string, () => QueryKey[]>;

/**
 * What a screen adds to a mutation hook of api/: its own callbacks, run after the hook's (which
 * update the cache and reload what the change makes stale), even when the screen has gone.
 */
export type MutationCallbacks<Result, Variables> = Pick<
  UseMutationOptions<Result, Error, Variables>,
  "onSuccess" | "onError" | "onSettled"
>;

/**
 * A change to server data as api/ hooks make it: the request; on success, what it does to the cache
 * at once (`update`), then the screen's own callbacks, then what it makes stale (`reload`: the
 * mutation is pending until that has reloaded); on a refusal, what it makes stale (`refused`), then
 * the screen's callbacks.
 */
export function useChange<Result, Variables>(
  change: {
    mutationFn: (variables: Variables) => Promise<Result>;
    update?: (client: QueryClient, result: Result, variables: Variables) => void;
    reload?: (client: QueryClient, result: Result, variables: Variables) => Promise<unknown>;
    /** What a refusal makes stale (before the screen's onError). */
    refused?: (client: QueryClient, error: Error) => void;
  },
  callbacks: MutationCallbacks<Result, Variables> = {},
) {
  const client = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: change.mutationFn,
    onSuccess: async (...args) => {
      change.update?.(client, args[0], args[1]);
      await callbacks.onSuccess?.(...args);
      await change.reload?.(client, args[0], args[1]);
    },
    onError: (...args) => {
      change.refused?.(client, args[0]);
      return callbacks.onError?.(...args);
    },
  });
}

export function invalidate(client: QueryClient, stale: QueryKey[]): Promise<void> {
  return Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
