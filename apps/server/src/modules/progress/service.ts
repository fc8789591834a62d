import {
  DRILL_MESSAGES,
  type DrilledMove,
  type DrillRequest,
  type DrillsResponse,
  type ProgressChartPoint,
  round1,
  round3,
  type Timeframe,
} from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { Viewer } from "../library/policy.ts";
import { visibleLibraryVideo } from "../library/service.ts";
import { type BucketUnit, drilledMoves, insertDrill, scoreBuckets } from "./repository.ts";

const DAY = 24 * 60 * 60 * 1000;
const TIMEFRAME_MS: Record<Timeframe, number | undefined> = {
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
  all: undefined,
};

/** Start of a timeframe, or undefined for all time: what every per-timeframe figure counts from. */
export function timeframeStart(timeframe: Timeframe, now = Date.now()): Date | undefined {
  const span = TIMEFRAME_MS[timeframe];
  return span === undefined ? undefined : new Date(now - span);
}

/** A point per day for a week, per (Monday) week for a month, per month for a year and all time. */
const BUCKET_OF: Record<Timeframe, BucketUnit> = { week: "day", month: "week", year: "month", all: "month" };

/**
 * The progress chart: the average score per style and bucket of the completed
 * comparisons in the timeframe, in date order. One user's, or with no `userId` everyone's (the
 * community chart); grouped in the database, however many comparisons there are.
 */
export async function progressChart(
  db: Queryable,
  query: { timeframe: Timeframe; activityType?: string; userId?: number; now?: number },
): Promise<ProgressChartPoint[]> {
  const rows = await scoreBuckets(db, {
    unit: BUCKET_OF[query.timeframe],
    userId: query.userId,
    activityType: query.activityType,
    since: timeframeStart(query.timeframe, query.now),
  });
  return rows
    .sort((a, b) => a.date.localeCompare(b.date) || a.activityType.localeCompare(b.activityType))
    .map((r) => ({
      activity_type: r.activityType,
      date: r.date,
      avg_score: round1(r.average),
      count: r.count,
    }));
}

// Drilled moves ------------------------------------------------------------------------------------

type DrillSummary = Awaited<ReturnType<typeof drilledMoves>>[number];

function drilledMoveOf(r: DrillSummary): DrilledMove {
  return {
    start_s: round3(r.startS),
    end_s: round3(r.endS),
    count_label: r.countLabel,
    drills: r.drills,
    passes_half: r.passesHalf,
    passes_full: r.passesFull,
    best_streak_half: r.bestStreakHalf,
    best_streak_full: r.bestStreakFull,
    reached_full: r.reachedFull,
    mastered: r.mastered,
    last_drilled_at: r.lastDrilledAt.toISOString(),
  };
}

/** The user's drilled moves of a routine they may see (404 for a video that is not, or not theirs to see). */
export async function routineDrills(
  db: Queryable,
  user: NonNullable<Viewer>,
  referenceVideoId: number,
): Promise<DrillsResponse> {
  await visibleLibraryVideo(db, referenceVideoId, user);
  const rows = await drilledMoves(db, { userId: user.id, referenceVideoId });
  return { reference_video_id: referenceVideoId, moves: rows.map(drilledMoveOf) };
}

/**
 * Keeps one drill of a move of a library routine the user may see, inside the video when its
 * length is known; answers the move with all its drills summed.
 */
export async function saveDrill(db: Queryable, user: NonNullable<Viewer>, drill: DrillRequest): Promise<DrilledMove> {
  const video = await visibleLibraryVideo(db, drill.reference_video_id, user);
  // The analysis may run a frame past the container's stated length: a little slack.
  if (video.durationS !== null && drill.end_s > video.durationS + 0.5)
    throw new HttpError(400, DRILL_MESSAGES.beyondVideo);
  await insertDrill(db, {
    userId: user.id,
    referenceVideoId: video.id,
    startS: drill.start_s,
    endS: drill.end_s,
    countLabel: drill.count_label,
    passesHalf: drill.passes_half,
    passesFull: drill.passes_full,
    bestStreakHalf: drill.best_streak_half,
    bestStreakFull: drill.best_streak_full,
    mastered: drill.mastered,
  });
  const rows = await drilledMoves(db, { userId: user.id, referenceVideoId: video.id });
  // A real column keeps about 7 digits: the move is found again at the milliseconds it is named by.
  const same = rows.find((r) => round3(r.startS) === round3(drill.start_s) && round3(r.endS) === round3(drill.end_s));
  return drilledMoveOf(same as DrillSummary);
}
