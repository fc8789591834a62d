import type { ComparisonSummary, StyleProgressPoint, Timeframe } from "@stepsync/contracts";
import { apiRequest } from "./client";

/** Per-style figures of GET /api/dashboard/stats (part 1 §3). */
export interface ActivityStat {
  total: number;
  average: number | null;
  improvement: number | null;
}

export interface DashboardStats {
  activityStats: Record<string, ActivityStat>;
  credits: number;
}

export interface Achievement {
  id: number | string;
  icon: string | null;
  name: string;
  category: "milestone" | "performance" | "variety" | "other" | string;
  description: string;
  unlocked_at: string | null;
}

export interface ProgressPoint {
  activity_type: string;
  date: string;
  avg_score: number;
}

export function getDashboardStats(timeframe: Timeframe = "week", signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest("/api/dashboard/stats", {
    query: { timeframe },
    signal,
    fallback: "Failed to fetch dashboard stats",
  });
}

export function getAchievements(signal?: AbortSignal): Promise<{ achievements: Achievement[] }> {
  return apiRequest("/api/dashboard/achievements", { signal, fallback: "Failed to fetch user achievements" });
}

/** GET /api/progress/chart (part 1 §7). Accepts a bare list or { progress: [...] } / { data: [...] }. */
export async function getProgressChart(
  timeframe: Timeframe,
  activityType?: string,
  signal?: AbortSignal,
): Promise<ProgressPoint[]> {
  const data = await apiRequest<unknown>("/api/progress/chart", {
    query: { timeframe, activity_type: activityType },
    signal,
    fallback: "Failed to fetch progress data",
  });
  if (Array.isArray(data)) return data as ProgressPoint[];
  if (data && typeof data === "object") {
    for (const key of ["progress", "data", "points", "chart"]) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as ProgressPoint[];
    }
  }
  return [];
}

export function getRecentComparisons(limit = 3, signal?: AbortSignal): Promise<{ comparisons: ComparisonSummary[] }> {
  return apiRequest("/api/dashboard/recent-comparisons", {
    query: { limit },
    signal,
    fallback: "Failed to fetch recent comparisons",
  });
}

export function getActivityProgress(
  activity = "fitness",
  signal?: AbortSignal,
): Promise<{ activity: string; progress: StyleProgressPoint[] }> {
  return apiRequest("/api/dashboard/activity-progress", {
    query: { activity },
    signal,
    fallback: "Failed to fetch activity progress",
  });
}
