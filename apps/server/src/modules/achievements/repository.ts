import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { comparisons, userAchievements } from "../../db/schema.ts";
import { rewardedComparison } from "./same-performance.ts";

/**
 * A user's comparisons that count (not another routine's, nor the reference's own recording), oldest
 * first: what achievements are earned from.
 */
export async function completedHistory(db: Queryable, userId: number) {
  return db
    .select({
      activityType: comparisons.activityType,
      score: comparisons.overallScore,
      createdAt: comparisons.createdAt,
    })
    .from(comparisons)
    .where(and(eq(comparisons.userId, userId), rewardedComparison()))
    .orderBy(asc(comparisons.createdAt));
}

/** Inserts the achievements the user has not got yet (the unique index decides); answers those inserted. */
export async function insertNewAchievements(db: Queryable, userId: number, ids: string[]): Promise<string[]> {
  const inserted = await db
    .insert(userAchievements)
    .values(ids.map((achievementId) => ({ userId, achievementId })))
    .onConflictDoNothing()
    .returning({ achievementId: userAchievements.achievementId });
  return inserted.map((r) => r.achievementId);
}

/** A user's achievements in the order they were unlocked. */
export async function unlockedOf(db: Queryable, userId: number) {
  return db
    .select()
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.unlockedAt));
}
