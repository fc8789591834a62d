import type {
  AchievementsResponse,
  ActivityProgress,
  DashboardStats,
  ProgressChartPoint,
  RecentComparisons,
  Timeframe,
} from "@stepsync/contracts";
import { apiRequest } from "./client";

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

/** GET /api/progress/chart (part 1 §7): one bucket per period and style. */
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
