import { and, asc, eq } from "drizzle-orm";
import { ACHIEVEMENTS, ACTIVITY_TYPES } from "@stepsync/contracts";
import type { Db } from "../db/client.ts";
import { comparisons, notifications, userAchievements } from "../db/schema.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type AchievementId = (typeof ACHIEVEMENTS)[number]["id"];

export type CompletedComparison = { activityType: string; score: number; createdAt: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Longest run of consecutive UTC days with at least one completed comparison. */
export function longestDailyStreak(dates: Date[]): number {
  const days = [...new Set(dates.map((d) => Math.floor(d.getTime() / DAY_MS)))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let previous: number | undefined;
  for (const day of days) {
    run = previous !== undefined && day === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

/**
 * Which achievements a history of completed comparisons earns. Thresholds are "at least", so a
 * completion that raced another one and missed a milestone is caught up by the next completion.
 */
export function earnedAchievements(history: CompletedComparison[]): AchievementId[] {
  const styles = new Set(
    history.map((c) => c.activityType).filter((s) => (ACTIVITY_TYPES as readonly string[]).includes(s)),
  );
  const best = Math.max(0, ...history.map((c) => c.score));
  const rules: Record<AchievementId, boolean> = {
    first_comparison: history.length >= 1,
    ten_comparisons: history.length >= 10,
    fifty_comparisons: history.length >= 50,
    score_80: best >= 80,
    score_90: best >= 90,
    three_styles: styles.size >= 3,
    all_styles: styles.size >= ACTIVITY_TYPES.length,
    seven_day_streak: longestDailyStreak(history.map((c) => c.createdAt)) >= 7,
  };
  return ACHIEVEMENTS.map((a) => a.id).filter((id) => rules[id]);
}

/**
 * Awards every achievement the user's completed comparisons now earn and has not got yet, each
 * once (the unique index on user + achievement, ON CONFLICT DO NOTHING), and writes one
 * notification per achievement actually inserted. Runs in the caller's transaction.
 * Returns the ids newly awarded.
 */
export async function awardAchievements(tx: Tx | Db, userId: number): Promise<AchievementId[]> {
  const rows = await tx
    .select({
      activityType: comparisons.activityType,
      score: comparisons.overallScore,
      createdAt: comparisons.createdAt,
    })
    .from(comparisons)
    .where(and(eq(comparisons.userId, userId), eq(comparisons.status, "completed")))
    .orderBy(asc(comparisons.createdAt));
  const earned = earnedAchievements(rows.map((r) => ({ ...r, score: r.score ?? 0 })));
  if (earned.length === 0) return [];
  const inserted = await tx
    .insert(userAchievements)
    .values(earned.map((achievementId) => ({ userId, achievementId })))
    .onConflictDoNothing()
    .returning({ achievementId: userAchievements.achievementId });
  const fresh = inserted.map((r) => r.achievementId as AchievementId);
  if (fresh.length > 0) {
    await tx.insert(notifications).values(
      fresh.map((id) => {
        const def = ACHIEVEMENTS.find((a) => a.id === id)!;
        return {
          userId,
          type: "achievement" as const,
          title: `Achievement unlocked: ${def.name}`,
          message: `${def.icon} ${def.description}`,
        };
      }),
    );
  }
  return fresh;
}
