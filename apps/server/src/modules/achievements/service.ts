import { ACHIEVEMENTS, ACTIVITY_TYPES, type Achievement, NOTIFICATION_LINKS } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { notifyAll } from "../notifications/service.ts";
import { insertNewAchievements, unlockedOf } from "./repository.ts";

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
 * Awards every achievement the user's comparisons now earn and has not got yet, each once (the
 * unique index on user + achievement, ON CONFLICT DO NOTHING), and writes one notification per
 * achievement actually inserted. `history`: the user's comparisons that count, oldest first, as the
 * comparisons area counts them (its countedHistoryOf). Runs in the caller's transaction. Returns the ids newly awarded.
 */
export async function awardAchievements(
  tx: Queryable,
  userId: number,
  history: ReadonlyArray<{ activityType: string; score: number | null; createdAt: Date }>,
): Promise<AchievementId[]> {
  const earned = earnedAchievements(history.map((r) => ({ ...r, score: r.score ?? 0 })));
  if (earned.length === 0) return [];
  const fresh = (await insertNewAchievements(tx, userId, earned)) as AchievementId[];
  await notifyAll(
    tx,
    userId,
    fresh.map((id) => {
      const def = ACHIEVEMENTS.find((a) => a.id === id)!;
      return {
        type: "achievement" as const,
        title: `Achievement unlocked: ${def.name}`,
        // Words only: the app shows its own trophy icon (an emoji renders as a box where no emoji font is installed).
        message: def.description,
        link: NOTIFICATION_LINKS.dashboard,
      };
    }),
  );
  return fresh;
}

/** A user's achievements, in the order they were unlocked. */
export async function achievementsOf(db: Queryable, userId: number): Promise<Achievement[]> {
  const achievements: Achievement[] = [];
  for (const row of await unlockedOf(db, userId)) {
    const def = ACHIEVEMENTS.find((a) => a.id === row.achievementId);
    if (def) achievements.push({ ...def, unlocked_at: row.unlockedAt.toISOString() });
  }
  return achievements;
}
