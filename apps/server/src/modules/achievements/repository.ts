import { asc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { userAchievements } from "../../db/schema.ts";

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
