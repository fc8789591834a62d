import { round1, type LeaderboardEntry, type ProgressChartPoint, type Timeframe } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { progressChart, timeframeStart } from "../progress/service.ts";
import { topAverages } from "./repository.ts";

const LEADERBOARD_SIZE = 50;

type Query = { timeframe: Timeframe; activityType?: string };

/** The best averages of the timeframe (1 decimal), with bests and counts. */
export async function leaderboard(db: Queryable, query: Query): Promise<LeaderboardEntry[]> {
  const rows = await topAverages(
    db,
    { since: timeframeStart(query.timeframe), activityType: query.activityType },
    LEADERBOARD_SIZE,
  );
  return rows.map((r) => ({
    user_id: r.userId,
    username: r.username,
    profile_image: r.profileImage,
    average_score: round1(r.average),
    best_score: round1(r.best),
    comparison_count: r.n,
  }));
}

/** The progress chart of everyone together: the same points as a user's, over all users. */
export function communityProgress(db: Queryable, query: Query): Promise<ProgressChartPoint[]> {
  return progressChart(db, query);
}
