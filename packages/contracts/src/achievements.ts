import { z } from "zod";

export const ACHIEVEMENT_CATEGORIES = ["milestone", "performance", "variety", "other"] as const;

/** Every achievement a user can earn; awarding them is the comparison job's business. */
export const ACHIEVEMENTS = [
  {
    id: "first_comparison",
    icon: "🎬",
    name: "First Steps",
    category: "milestone",
    description: "Complete your first comparison.",
  },
  {
    id: "ten_comparisons",
    icon: "🔟",
    name: "Dedicated Dancer",
    category: "milestone",
    description: "Complete 10 comparisons.",
  },
  {
    id: "fifty_comparisons",
    icon: "🏅",
    name: "Half Century",
    category: "milestone",
    description: "Complete 50 comparisons.",
  },
  {
    id: "score_80",
    icon: "⭐",
    name: "Sharp Moves",
    category: "performance",
    description: "Score 80 or more in a comparison.",
  },
  {
    id: "score_90",
    icon: "🌟",
    name: "Near Perfect",
    category: "performance",
    description: "Score 90 or more in a comparison.",
  },
  {
    id: "three_styles",
    icon: "🎨",
    name: "Explorer",
    category: "variety",
    description: "Practise three different styles.",
  },
  { id: "all_styles", icon: "🌈", name: "All-Rounder", category: "variety", description: "Practise all eight styles." },
  {
    id: "seven_day_streak",
    icon: "🔥",
    name: "On Fire",
    category: "other",
    description: "Practise seven days in a row.",
  },
] as const satisfies readonly {
  id: string;
  icon: string;
  name: string;
  category: (typeof ACHIEVEMENT_CATEGORIES)[number];
  description: string;
}[];

export const achievement = z.object({
  id: z.string(),
  icon: z.string(),
  name: z.string(),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  description: z.string(),
  unlocked_at: z.string(),
});
export type Achievement = z.infer<typeof achievement>;
export const achievementsResponse = z.object({ achievements: z.array(achievement) });
export type AchievementsResponse = z.infer<typeof achievementsResponse>;

export const activityStat = z.object({ total: z.number().int(), average: z.number(), improvement: z.number() });
export type ActivityStat = z.infer<typeof activityStat>;
export const dashboardStatsResponse = z.object({
  activityStats: z.record(z.string(), activityStat),
  credits: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;
