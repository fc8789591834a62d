import type {
  AchievementsResponse,
  ActivityProgress,
  DashboardStats,
  ProgressChartPoint,
  RecentComparisons,
  Timeframe,
} from "@stepsync/contracts";
import { apiRequest } from "./client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getCommunityProgress } from "./library";
import { keys } from "./keys";

export function getDashboardStats(timeframe: Timeframe = "week", signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest("/api/dashboard/stats", {
    query: { timeframe },
    signal,
    fallback: "Failed to fetch dashboard stats",
  });
}

export function getAchievements(signal?: AbortSignal): Promise<AchievementsResponse> {
  return apiRequest("/api/dashboard/achievements", { signal, fallback: "Failed to fetch user achievements" });
}

/** GET /api/progress/chart: one bucket per period and style. */
export function getProgressChart(
  timeframe: Timeframe,
  activityType?: string,
  signal?: AbortSignal,
): Promise<ProgressChartPoint[]> {
  return apiRequest("/api/progress/chart", {
    query: { timeframe, activity_type: activityType },
    signal,
    fallback: "Failed to fetch progress data",
  });
}

export function getRecentComparisons(limit = 3, signal?: AbortSignal): Promise<RecentComparisons> {
  return apiRequest("/api/dashboard/recent-comparisons", {
    query: { limit },
    signal,
    fallback: "Failed to fetch recent comparisons",
  });
}

export function getActivityProgress(activity = "fitness", signal?: AbortSignal): Promise<ActivityProgress> {
  return apiRequest("/api/dashboard/activity-progress", {
    query: { activity },
    signal,
    fallback: "Failed to fetch activity progress",
  });
}

// Queries ------------------------------------------------------------------------------------------

/** The dashboard's figures for a timeframe; a timeframe change keeps the old figures visible meanwhile. */
export function useDashboardStats(timeframe: Timeframe, { keepPrevious = false } = {}) {
  return useQuery({
    queryKey: keys.dashboard.stats(timeframe),
    queryFn: ({ signal }) => getDashboardStats(timeframe, signal),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

export function useAchievements() {
  return useQuery({ queryKey: keys.dashboard.achievements(), queryFn: ({ signal }) => getAchievements(signal) });
}

/** The newest `limit` comparisons as recent activity. */
export function useRecentComparisons(limit: number) {
  return useQuery({
    queryKey: keys.comparisons.recent(limit),
    queryFn: ({ signal }) => getRecentComparisons(limit, signal),
  });
}

/** One style's scores over time. */
export function useStyleProgress(style: string) {
  return useQuery({
    queryKey: keys.dashboard.styleProgress(style),
    queryFn: ({ signal }) => getActivityProgress(style, signal),
  });
}

/** Average scores over a timeframe: the user's own, or everyone's ("community"). */
export function useProgressChart(scope: "own" | "community", timeframe: Timeframe, activityType?: string) {
  return useQuery({
    queryKey:
      scope === "community"
        ? keys.social.communityChart(timeframe, activityType ?? null)
        : keys.dashboard.progressChart(timeframe, activityType ?? null),
    queryFn: ({ signal }) =>
      scope === "community"
        ? getCommunityProgress(timeframe, activityType, signal)
        : getProgressChart(timeframe, activityType, signal),
  });
}
