import {
  ACTIVITY_LABELS,
  type ActivityType,
  COMPARE_MESSAGES,
  type ComparisonStats,
  type DancerCalls,
  LIMITS,
  type PoseSource,
  ROUTINE_PROGRESS_LIMIT,
  round1,
  type RoutineProgress,
  type VideoFraming,
} from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { PoseTrack } from "@stepsync/motion";
import { awardAchievements } from "../achievements/service.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { STALE_AFTER_MS } from "../../jobs/heartbeat.ts";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { changeCredits } from "../credits/service.ts";
import { comparableLibraryVideo, countLibraryUsage, libraryPoseTrack } from "../library/service.ts";
import type { StoredVideo } from "../videos/upload.ts";
import { deleteUpload, ownUpload, recordUpload } from "../videos/service.ts";
import { canSeeComparison, countsAsSameRoutine, mayStartComparisons } from "./policy.ts";
import * as repo from "./repository.ts";
import type { ComparisonRow } from "./repository.ts";
import { type Attempt, listedAttempts, sectionScoresOf, sinceLast } from "./routine-progress.ts";
import { dropTakeTrack } from "./take-track.ts";

/** Lists are plain reads: the routes serialise and page them. */
export { listOf as listComparisonsOf, processingOf as processingComparisonsOf } from "./repository.ts";

/** A user's comparisons that earn achievements and leaderboard places, oldest first (awardAchievements). */
export const countedHistoryOf = repo.countedHistoryOf;

/** One of the user's comparisons; anyone else's answers "not found" like a missing one. */
export async function ownComparison(db: Queryable, id: number, user: { id: number }): Promise<ComparisonRow> {
  const row = await repo.findComparison(db, id);
  if (!row || !canSeeComparison(row, user)) throw new HttpError(404, COMPARE_MESSAGES.comparisonNotFound(id));
  return row;
}

// Starting ----------------------------------------------------------------------------------------

/** A video for one side of a comparison: a file just uploaded, or an earlier upload / library video by id. */
export type ComparisonInput = {
  activityType: ActivityType;
  userUpload?: { stored: StoredVideo; originalName: string };
  referenceUpload?: { stored: StoredVideo; originalName: string };
  userVideoId?: number;
  referenceVideoId?: number;
  /** An uploaded reference of the user's own, reused (a part is practised against its comparison's reference). */
  referenceUploadId?: number;
  /** The reused upload's title (the original file name). */
  referenceTitle?: string | null;
  /** "Practise this part": only this span of the reference is compared (see part.ts, which checked it). */
  part?: { startS: number; endS: number; label: string; parentId: number };
  /** A take recorded while the reference played (dance along): where the reference's start is in it, seconds. */
  takeOffsetS?: number;
};

/**
 * Starts a comparison: checks the videos it names (an earlier upload must be the user's own, a library
 * video approved), then in one transaction records the uploads, takes the comparison's credits and
 * creates it, and queues the analysis. Throws 402 when the balance does not cover it.
 */
export async function startComparison(
  deps: { db: Db; queue: JobQueue },
  user: { id: number; role: string; emailVerifiedAt: Date | null },
  input: ComparisonInput,
): Promise<ComparisonRow> {
  const { db } = deps;
  if (!mayStartComparisons(user)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
  if (!input.userUpload && !input.userVideoId) throw new HttpError(400, COMPARE_MESSAGES.noUserVideo);
  if (!input.referenceUpload && !input.referenceVideoId && !input.referenceUploadId)
    throw new HttpError(400, COMPARE_MESSAGES.noReference);
  // An earlier upload of one's own may be reused; anyone else's is "not found".
  if (!input.userUpload && input.userVideoId) await ownUpload(db, input.userVideoId, user);
  if (input.referenceUploadId) await ownUpload(db, input.referenceUploadId, user);
  const library =
    !input.referenceUpload && input.referenceVideoId
      ? await comparableLibraryVideo(
          db,
          input.referenceVideoId,
          user,
          () => new HttpError(404, COMPARE_MESSAGES.referenceNotFound),
        )
      : undefined;

  const created = await db.transaction(async (tx) => {
    const userVideoId = input.userUpload
      ? await recordUpload(tx, user.id, "user", input.userUpload.stored, input.userUpload.originalName)
      : input.userVideoId;
    const referenceUploadId = input.referenceUpload
      ? await recordUpload(tx, user.id, "reference", input.referenceUpload.stored, input.referenceUpload.originalName)
      : input.referenceUploadId;
    // The ledger line in words ("Hip Hop comparison"), not the style's key.
    const charge = `${ACTIVITY_LABELS[input.activityType]} comparison`;
    if (!(await changeCredits(tx, user.id, -LIMITS.comparisonCost, "usage", charge))) {
      throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
    }
    return repo.insertComparison(tx, {
      userId: user.id,
      activityType: input.activityType,
      userVideoId,
      referenceUploadId,
      referenceVideoId: library?.video.id,
      // A library routine's title; an uploaded reference has none (its file name, "sample_fb_0.mp4", is no title).
      referenceTitle: library?.video.title ?? input.referenceTitle ?? null,
      contributorName: library?.contributor ?? null,
      referenceStartS: input.part?.startS,
      referenceEndS: input.part?.endS,
      partLabel: input.part?.label,
      parentComparisonId: input.part?.parentId,
      takeOffsetS: input.takeOffsetS,
      // No heartbeat while it waits in the queue: the sweep takes back only jobs a worker started
      // and then went silent on, so a comparison queued behind others is never sent twice.
      heartbeatAt: null,
    });
  });
  try {
    await sendComparison(deps.db, deps.queue, created.id);
  } catch (err) {
    // Not queued, so nothing would ever run it: it fails now, with the credit back.
    await failComparison(deps.db, created.id, COMPARE_MESSAGES.analysisFailed);
    throw err;
  }
  return created;
}

// The dancer's call --------------------------------------------------------------------------------

/**
 * "It is this routine — analyse it anyway": the dancer overrules a refusal. In one transaction the
 * refused result goes back to processing marked as the dancer's call and its credit is taken again
 * (402 without one, and then nothing changed); then the analysis is queued, to score it as the
 * routine. Exactly once: a call already taken (a retry, a second tab, two at once) charges nothing
 * and answers the comparison as it is; a result that was not refused is no call to make (409).
 */
export async function analyseAnyway(
  deps: { db: Db; queue: JobQueue },
  id: number,
  user: { id: number; emailVerifiedAt: Date | null },
): Promise<{ row: ComparisonRow; charged: boolean }> {
  const { db } = deps;
  const row = await ownComparison(db, id, user);
  if (row.dancerCall) return { row, charged: false };
  if (row.status !== "completed" || row.sameRoutine) throw new HttpError(409, COMPARE_MESSAGES.analyseAnywayNotRefused);
  if (!mayStartComparisons(user)) throw new HttpError(403, COMPARE_MESSAGES.confirmEmailFirst);
  const called = await db.transaction(async (tx) => {
    const marked = await repo.markDancerCall(tx, id);
    if (!marked) return undefined;
    if (
      !(await changeCredits(tx, row.userId, -LIMITS.comparisonCost, "usage", COMPARE_MESSAGES.analyseAnywayCharge(id)))
    )
      throw new HttpError(402, COMPARE_MESSAGES.insufficientCredits);
    return marked;
  });
  // Another call took it between the read and the update: that one charged.
  if (!called) return { row: await ownComparison(db, id, user), charged: false };
  try {
    await sendComparison(db, deps.queue, id);
  } catch (err) {
    await failComparison(db, id, COMPARE_MESSAGES.analysisFailed);
    throw err;
  }
  return { row: called, charged: true };
}

// Deleting ----------------------------------------------------------------------------------------

/** Deletes one of the user's comparisons and the uploaded files no other comparison uses. */
export async function deleteComparison(
  deps: { db: Db; storage: BlobStore },
  id: number,
  user: { id: number },
): Promise<{ refunded: boolean }> {
  const row = await ownComparison(deps.db, id, user);
  const { keys: orphanKeys, refunded } = await deps.db.transaction(async (tx) => {
    const deleted = await repo.deleteComparisonRow(tx, row.id);
    // Deleted while its analysis ran: that cancels it (its job then finds no row and stores
    // nothing), so the credit comes back. The status is the one the delete saw, so a job finishing
    // at the same moment cannot make it refund twice or not at all.
    const cancelled = deleted?.status === "processing";
    if (cancelled)
      await changeCredits(
        tx,
        row.userId,
        LIMITS.comparisonCost,
        "refund",
        `Refund: comparison #${id} was deleted before its analysis finished`,
      );
    const keys: string[] = [];
    for (const videoId of [row.userVideoId, row.referenceUploadId]) {
      if (!videoId || (await repo.isUploadUsed(tx, videoId))) continue;
      const key = await deleteUpload(tx, videoId);
      if (key) keys.push(key);
    }
    return { keys, refunded: cancelled };
  });
  // Files go after the rows are gone: a failed file removal leaves an orphan file, never a broken
  // comparison. A take deleted before its analysis used its pose track takes the track with it.
  await Promise.all(orphanKeys.flatMap((key) => [deps.storage.delete(key), dropTakeTrack(deps.storage, key)]));
  return { refunded };
}

// The analysis job's lifecycle --------------------------------------------------------------------
//
// A comparison only moves forward: processing → completed, or processing → failed. Each move is a
// conditional update on status = 'processing', so however many jobs, retries or sweeps race, the
// result is stored once and the credits are refunded at most once.

/** Starts an attempt: counts it and marks the job alive. Undefined when the comparison is no longer processing. */
export const claimAttempt = repo.claimAttempt;

/** The running job's sign of life (jobs/heartbeat.ts). */
export const beatComparison = repo.beat;

/**
 * Where a comparison's reference poses come from: a library video's stored pose track when it has
 * one (`trackKey`), else the reference file (`fileKey`), whose poses are known once a comparison
 * analysed it (the pose cache). One rule for the job's inputs and the reference-analysis route.
 */
export type ReferencePoses = { fileKey: string; trackKey?: string };

function referencePosesOf(row: Awaited<ReturnType<typeof repo.analysisInputsOf>>): ReferencePoses | undefined {
  const fileKey = row?.uploadedReferenceKey ?? row?.libraryKey;
  if (!row || !fileKey) return undefined;
  const trackKey = !row.uploadedReferenceKey && row.libraryPoseStatus === "ready" ? row.libraryTrackKey : null;
  return trackKey ? { fileKey, trackKey } : { fileKey };
}

/** The reference of comparison `id`, as its poses are found (no poses are read). */
export async function comparisonReferencePoses(db: Queryable, id: number): Promise<ReferencePoses | undefined> {
  return referencePosesOf(await repo.analysisInputsOf(db, id));
}

/**
 * Everything the analysis of comparison `id` reads before the engine starts, in one call: where both
 * videos are stored and, for a library reference whose poses are ready, its stored track (so it is
 * not analysed again). Undefined when either video is gone.
 */
export async function comparisonInputs(
  deps: { db: Queryable; storage: BlobStore; log: FastifyBaseLogger },
  id: number,
): Promise<{ userKey: string; referenceKey: string; referenceTrack?: PoseTrack } | undefined> {
  const row = await repo.analysisInputsOf(deps.db, id);
  const reference = referencePosesOf(row);
  if (!row?.userKey || !reference) return undefined;
  return {
    userKey: row.userKey,
    referenceKey: reference.fileKey,
    referenceTrack: reference.trackKey ? await libraryPoseTrack(deps, reference.trackKey) : undefined,
  };
}

/** What became of a dance-along take's live poses, told to the page waiting on it. */
export const recordTakeTrack = repo.setTakeTrack;
export const recordQuickResult = repo.setQuickResult;

export async function reportProgress(db: Queryable, id: number, percent: number): Promise<void> {
  await repo.setProgress(db, id, Math.max(0, Math.min(99, Math.round(percent))));
}

/**
 * Stores the result (and where the person is in the user's video, for the history card). When the
 * engine decided the user's video does not show the reference's routine, the same transaction gives
 * the credit back, and the comparison counts nowhere: no use of the library video, no achievements,
 * no statistics (see policy.ts). The completion is a conditional update, so this happens at most once.
 */
export async function completeComparison(
  db: Db,
  id: number,
  result: { overall_score: number; sameness?: { decision: string } | null },
  facts: {
    /** Where the person is in the user's video, for the history card. */
    userFraming?: VideoFraming;
    /** The user's video is the reference's own recording (same-performance.ts). */
    samePerformance?: boolean;
    /** Which poses the result was computed from. */
    poseSource?: PoseSource;
  } = {},
): Promise<boolean> {
  const sameRoutine = countsAsSameRoutine(result);
  return db.transaction(async (tx) => {
    const row = await repo.markCompleted(tx, id, result, {
      sameRoutine,
      userFraming: facts.userFraming ?? null,
      samePerformance: facts.samePerformance ?? null,
      poseSource: facts.poseSource ?? null,
    });
    if (!row) return false;
    if (!sameRoutine) {
      await changeCredits(
        tx,
        row.userId,
        LIMITS.comparisonCost,
        "refund",
        `Refund: comparison #${id} did not show the same routine as the reference`,
      );
      return true;
    }
    if (row.referenceVideoId) await countLibraryUsage(tx, row.referenceVideoId);
    // Achievements in the same transaction (they see exactly the committed history, and exist only
    // if the completion does), but behind a savepoint: a failure there must not throw away a
    // finished analysis. Thresholds are "at least", so the next completion catches up.
    try {
      await tx.transaction(async (sp) =>
        awardAchievements(sp, row.userId, await repo.countedHistoryOf(sp, row.userId)),
      );
    } catch (err) {
      process.emitWarning(`awarding achievements after comparison #${id} failed: ${String(err)}`);
    }
    return true;
  });
}

/** Fails the comparison with a message for the user and gives back what it cost, in one transaction. */
export async function failComparison(db: Db, id: number, message: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await repo.markFailed(tx, id, message);
    if (!row) return false;
    await changeCredits(
      tx,
      row.userId,
      LIMITS.comparisonCost,
      "refund",
      `Refund: comparison #${id} could not be completed`,
    );
    return true;
  });
}

/**
 * Queues a comparison's analysis, fairly between users: each of a user's comparisons already
 * waiting or running lowers this one's priority by one, so one user's ten uploads take turns with
 * everyone else's instead of holding the queue (their first runs as soon as anyone's, their tenth
 * after every other user's first nine). `startAfterSeconds`: held back that long (see ownerBusy).
 */
export async function sendComparison(
  db: Queryable,
  queue: JobQueue,
  id: number,
  startAfterSeconds?: number,
): Promise<void> {
  const ahead = await repo.earlierProcessingOf(db, id);
  await queue.send(JOB_NAMES.comparison, { comparisonId: id }, { priority: -ahead, startAfterSeconds });
}

/**
 * One analysis per user at a time: while another of the user's comparisons is being analysed (its
 * heartbeat alive), a worker that takes this one hands it back, held back a few seconds, and takes
 * someone else's — so a free slot goes to another user instead of to the same user's next upload.
 */
export function ownerBusy(db: Queryable, id: number): Promise<boolean> {
  return repo.ownerBusyElsewhere(db, id, STALE_AFTER_MS);
}

/** Sends a comparison's job again, as queued (no heartbeat until a worker takes it). */
export async function requeueComparison(db: Queryable, queue: JobQueue, id: number): Promise<void> {
  await repo.clearHeartbeat(db, id);
  await sendComparison(db, queue, id);
}

/** Takes the processing comparisons whose job went silent (each row by exactly one sweeping process). */
export const takeSilentComparisons = repo.takeSilent;

// Progress on a routine ---------------------------------------------------------------------------

/**
 * One of the user's comparisons against their earlier ones on the same library video: the earlier
 * attempts (newest first) and the change since the last one, overall and per section. An uploaded
 * reference keeps no progress (nothing says two uploads are the same routine).
 */
export async function routineProgress(db: Queryable, id: number, user: { id: number }): Promise<RoutineProgress> {
  const row = await ownComparison(db, id, user);
  const answer = { comparison_id: row.id, reference_video_id: row.referenceVideoId };
  if (!row.referenceVideoId) return { ...answer, earlier: [], since_last: null };
  // One more than listed, so the oldest listed still gets its change against the one before it.
  const rows = await repo.completedAttemptsOn(db, user.id, row.referenceVideoId, row.id, ROUTINE_PROGRESS_LIMIT + 1);
  const earlier: Attempt[] = rows.flatMap((r) =>
    r.overallScore === null
      ? []
      : [{ id: r.id, createdAt: r.createdAt, overallScore: r.overallScore, sections: sectionScoresOf(r.sections) }],
  );
  // A result found to be another routine has no place in the routine's progress (its credit was given back).
  const scored = row.status === "completed" && row.sameRoutine && row.overallScore !== null;
  const current = scored
    ? { overallScore: row.overallScore as number, sections: sectionScoresOf((row.result as StoredSections)?.sections) }
    : undefined;
  return {
    ...answer,
    earlier: listedAttempts(earlier).slice(0, ROUTINE_PROGRESS_LIMIT),
    since_last: current ? sinceLast(current, earlier[0]) : null,
  };
}

type StoredSections = { sections?: unknown } | null;

// Statistics --------------------------------------------------------------------------------------

/** Refusals and dancers' calls overall and per reference, for the admin (see dancerCallsPerReference). */
export async function dancerCallStats(db: Queryable): Promise<DancerCalls> {
  const rows = await repo.dancerCallsPerReference(db);
  return {
    refusals: rows.reduce((n, r) => n + r.refusals, 0),
    dancer_calls: rows.reduce((n, r) => n + r.calls, 0),
    references: rows.map((r) => ({
      reference_video_id: r.referenceVideoId,
      title: r.title,
      refusals: r.refusals,
      dancer_calls: r.calls,
      called_average_score: r.calledAverage === null ? null : round1(r.calledAverage),
    })),
  };
}

/** Totals over a user's comparisons that count (profile header): not another routine's (policy.ts). */
export async function overallStats(db: Queryable, userId: number) {
  const totals = await repo.completedTotalsOf(db, userId);
  return {
    total_comparisons: totals.total,
    best_score: totals.best === null ? null : round1(totals.best),
    overall_average: totals.average === null ? null : round1(totals.average),
  };
}

/**
 * History tiles. Recent trend compares the mean of the last five scores with the five before them:
 * more than 2 points up is Improving, more than 2 down Declining, otherwise (or too few) Stable.
 */
export async function historyStats(db: Queryable, userId: number): Promise<ComparisonStats> {
  const overall = await overallStats(db, userId);
  const scores = (await repo.recentScoresOf(db, userId, 10)).map((s) => s ?? 0);
  let recent_trend: ComparisonStats["recent_trend"] = "Stable";
  if (scores.length >= 4) {
    const half = Math.floor(scores.length / 2);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const delta = mean(scores.slice(0, half)) - mean(scores.slice(half));
    if (delta > 2) recent_trend = "Improving";
    else if (delta < -2) recent_trend = "Declining";
  }
  return {
    total_comparisons: overall.total_comparisons,
    best_score: overall.best_score,
    average_score: overall.overall_average,
    recent_trend,
  };
}
