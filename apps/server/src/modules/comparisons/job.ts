import { compactFramingTrack, compareVideos, isMotionError, previewFraming } from "@stepsync/motion";
import { CARD_ASPECT, COMPARE_MESSAGES } from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { MAX_ATTEMPTS, startHeartbeat } from "../../jobs/heartbeat.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Sweep } from "../../jobs/recovery.ts";
import { storedPoseCache } from "../../storage/pose-cache.ts";
import { loadReferenceTrack } from "../library/job.ts";
import { libraryReferenceForAnalysis } from "../library/service.ts";
import { uploadKey } from "../videos/service.ts";
import { isSamePerformance, SAME_PERFORMANCE_KEY } from "./same-performance.ts";
import {
  beatComparison,
  claimAttempt,
  completeComparison,
  failComparison,
  ownerBusy,
  reportProgress,
  requeueComparison,
  sendComparison,
  takeSilentComparisons,
} from "./service.ts";

export type ComparisonJob = { comparisonId: number };

declare module "../../jobs/queue.ts" {
  interface JobMap {
    /** Analyse one comparison (sent when it starts, again by the recovery sweep). */
    comparison: ComparisonJob;
  }
}

/** A comparison whose owner has another one being analysed is looked at again this much later (seconds). */
const OWNER_BUSY_AGAIN_S = 3;

/** Progress is written at most this often (and on every whole 5%), to keep the database calm. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Runs one comparison: both videos through the motion engine, progress into the database, the
 * result stored — or a readable failure with the credit refunded. A crash (not the user's videos'
 * fault) is retried by sending the job again, up to MAX_ATTEMPTS.
 */
export function comparisonJobHandler(ctx: AppContext) {
  const poseCache = storedPoseCache(ctx.storage);
  return async ({ comparisonId }: ComparisonJob) => {
    if (await ownerBusy(ctx.db, comparisonId)) {
      await sendComparison(ctx.db, ctx.queue, comparisonId, OWNER_BUSY_AGAIN_S);
      return;
    }
    const comparison = await claimAttempt(ctx.db, comparisonId);
    if (!comparison) return; // finished, failed or deleted meanwhile
    if (comparison.attempts > MAX_ATTEMPTS) {
      await failComparison(ctx.db, comparisonId, COMPARE_MESSAGES.interrupted);
      return;
    }
    const userKey = await uploadKey(ctx.db, comparison.userVideoId);
    const uploadedReferenceKey = await uploadKey(ctx.db, comparison.referenceUploadId);
    const library = uploadedReferenceKey
      ? undefined
      : await libraryReferenceForAnalysis(ctx.db, comparison.referenceVideoId);
    const referenceKey = uploadedReferenceKey ?? library?.key;
    if (!userKey || !referenceKey) {
      await failComparison(
        ctx.db,
        comparisonId,
        "One of the videos is no longer available. Your credit has been refunded.",
      );
      return;
    }
    // A library video's poses were computed once at upload: reuse them (no second analysis).
    const referenceTrack =
      library?.poseStatus === "ready" ? await loadReferenceTrack(ctx, library.trackKey) : undefined;
    let lastWrite = 0;
    let lastPercent = -1;
    const stopBeating = startHeartbeat(
      () => beatComparison(ctx.db, comparisonId),
      ctx.config.jobTimeoutSeconds * 1000,
      ctx.log,
    );
    try {
      const result = await compareVideos(
        await ctx.storage.localPath(referenceKey),
        await ctx.storage.localPath(userKey),
        {
          style: comparison.activityType,
          trackStore: poseCache,
          referenceTrack,
          // "Practise this part": the whole reference is analysed (or its stored poses reused), then cut.
          referenceWindow:
            comparison.referenceStartS !== null && comparison.referenceEndS !== null
              ? { start: comparison.referenceStartS, end: comparison.referenceEndS }
              : undefined,
          // Dance along: the take was recorded while the reference played, so its clock is known
          // (the reference's, or the part's, start plays this far into it): lateness is measured
          // against it and the pace is the reference's, rather than aligned away.
          takeOffset: comparison.takeOffsetS ?? undefined,
          onProgress: (percent) => {
            const now = Date.now();
            if (now - lastWrite < PROGRESS_EVERY_MS && Math.floor(percent / 5) === Math.floor(lastPercent / 5)) return;
            lastWrite = now;
            lastPercent = percent;
            reportProgress(ctx.db, comparisonId, percent).catch((err) =>
              ctx.log.warn({ err }, "progress write failed"),
            );
          },
        },
      );
      // The history card shows the user's video framed around them (see @stepsync/motion framing).
      const userFraming = previewFraming(compactFramingTrack(result.tracks.user), CARD_ASPECT);
      // The reference's own recording (or its mirror) against itself earns nothing: flagged beside the figures.
      const samePerformance = isSamePerformance(result.tracks, result.alignment);
      await completeComparison(
        ctx.db,
        comparisonId,
        Object.assign(result, { [SAME_PERFORMANCE_KEY]: samePerformance }),
        userFraming,
      );
    } catch (error) {
      if (isMotionError(error) && error.code !== "INTERNAL") {
        // The videos themselves are the problem (no person, unreadable…): say so, refund, no retry.
        await failComparison(ctx.db, comparisonId, `${error.message} Your credit has been refunded.`);
        return;
      }
      ctx.log.error({ err: error, comparisonId, attempt: comparison.attempts }, "comparison analysis crashed");
      if (comparison.attempts >= MAX_ATTEMPTS)
        await failComparison(ctx.db, comparisonId, COMPARE_MESSAGES.analysisFailed);
      else await requeueComparison(ctx.db, ctx.queue, comparisonId);
    } finally {
      stopBeating();
    }
  };
}

/**
 * Finds comparisons whose job stopped showing signs of life (a crash, a kill, a lost worker, a job
 * past JOB_TIMEOUT_MINUTES) and sends them again, or after MAX_ATTEMPTS fails them with a refund.
 * Several processes may sweep at once: each row is taken by the one update that clears its
 * heartbeat (the others then no longer find it). `queued` also takes jobs never started: only
 * right after an in-process queue restarted, when its jobs are gone.
 */
export async function recoverStaleComparisons(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await takeSilentComparisons(db, sweep);
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS) await failComparison(db, row.id, COMPARE_MESSAGES.interrupted);
    else await sendComparison(db, queue, row.id);
  }
  return taken.length;
}
