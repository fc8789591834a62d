import { z } from "zod";

/** One completed comparison of a style on the dashboard's style chart. */
export const styleProgressPoint = z.object({
  id: z.number().int(),
  score: z.number(),
  /** UTC date, YYYY-MM-DD. */
  day: z.string(),
  created_at: z.string(),
});
export type StyleProgressPoint = z.infer<typeof styleProgressPoint>;
export const activityProgressResponse = z.object({ activity: z.string(), progress: z.array(styleProgressPoint) });
export type ActivityProgress = z.infer<typeof activityProgressResponse>;

/** One bucket of GET /api/progress/chart: a day (week), a week starting Monday (month) or a month (year, all). */
export const progressChartPoint = z.object({
  activity_type: z.string(),
  /** UTC date of the bucket's first day, YYYY-MM-DD. */
  date: z.string(),
  avg_score: z.number(),
  count: z.number().int(),
});
export type ProgressChartPoint = z.infer<typeof progressChartPoint>;
export const progressChartResponse = z.array(progressChartPoint);

/** The chart's bar rule: height = score × 0.6 px, at least 10 px. */
export function barHeight(score: number): number {
  const safe = Number.isFinite(score) ? score : 0;
  return Math.max(10, Math.round(safe * 0.6 * 10) / 10);
}
