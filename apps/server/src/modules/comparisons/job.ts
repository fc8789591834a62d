import {
  type CompareVideosOptions,
  type ComparisonResult,
  compactFramingTrack,
  compareVideos,
  compareWithTakeTrack,
  previewFraming,
  type TakeTrackOutcome,
} from "@stepsync/motion";
import { CARD_ASPECT, COMPARE_MESSAGES, type PoseTrackUpload, type TakeTrackUse } from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { type AnalysisStates, InputFault, recoverAnalysis, runAnalysis } from "../../jobs/analysis-job.ts";
import { progressWriter } from "../../jobs/progress.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Sweep } from "../../jobs/recovery.ts";
import { storedPoseCache } from "../../storage/pose-cache.ts";
import type { ComparisonRow } from "./repository.ts";
import { isSamePerformance } from "./same-performance.ts";
import { dropTakeTrack, keptTakeTrack } from "./take-track.ts";
import {
  beatComparison,
  claimAttempt,
  comparisonInputs,
  completeComparison,
  failComparison,
  ownerBusy,
  recordQuickResult,
  recordTakeTrack,
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

/** A comparison's moves that recovery needs too: taken back, sent again fairly, given up with a refund. */
function comparisonStates(db: Db, queue: JobQueue): AnalysisStates {
  return {
    what: "comparison",
    takeSilent: (sweep) => takeSilentComparisons(db, sweep),
    send: (id, startAfterSeconds) => sendComparison(db, queue, id, startAfterSeconds),
    giveUp: async (id) => {
      await failComparison(db, id, COMPARE_MESSAGES.interrupted);
    },
  };
}

/**
 * Runs one comparison (the lifecycle of jobs/analysis-job.ts): both videos through the motion
 * engine, progress into the database, the result stored — or a readable failure with the credit
 * refunded. A crash (not the user's videos' fault) is retried by sending the job again, up to
 * MAX_ATTEMPTS; one user's comparisons are analysed one at a time.
 */
export function comparisonJobHandler(ctx: AppContext) {
  const poseCache = storedPoseCache(ctx.storage);
  const run = runAnalysis<ComparisonRow, void>(
    {
      ...comparisonStates(ctx.db, ctx.queue),
      ownerBusy: (id) => ownerBusy(ctx.db, id),
      claim: (id) => claimAttempt(ctx.db, id),
      beat: (id) => beatComparison(ctx.db, id),
      perform: (comparison, id) => analyse(ctx, poseCache, comparison, id),
      onInputFault: async (id, reason) => {
        await failComparison(ctx.db, id, COMPARE_MESSAGES.refunded(reason));
      },
      onCrash: async (id, lastAttempt) => {
        if (lastAttempt) await failComparison(ctx.db, id, COMPARE_MESSAGES.analysisFailed);
        else await requeueComparison(ctx.db, ctx.queue, id);
      },
    },
    { log: ctx.log, jobTimeoutSeconds: ctx.config.jobTimeoutSeconds },
  );
  return ({ comparisonId }: ComparisonJob) => run(comparisonId);
}

/** The work: both videos through the engine, the result stored with the server's own findings. */
async function analyse(
  ctx: AppContext,
  poseCache: ReturnType<typeof storedPoseCache>,
  comparison: ComparisonRow,
  id: number,
): Promise<void> {
  const inputs = await comparisonInputs(ctx, id);
  if (!inputs) throw new InputFault(COMPARE_MESSAGES.videoGone);
  const referencePath = await ctx.storage.localPath(inputs.referenceKey);
  const userPath = await ctx.storage.localPath(inputs.userKey);
  const options: CompareVideosOptions = {
    style: comparison.activityType,
    trackStore: poseCache,
    // A library video's poses were computed once at upload: reused (no second analysis).
    referenceTrack: inputs.referenceTrack,
    // "Practise this part": the whole reference is analysed (or its stored poses reused), then cut.
    referenceWindow:
      comparison.referenceStartS !== null && comparison.referenceEndS !== null
        ? { start: comparison.referenceStartS, end: comparison.referenceEndS }
        : undefined,
    // Dance along: the take was recorded while the reference played, so its clock is known
    // (the reference's, or the part's, start plays this far into it): lateness is measured
    // against it and the pace is the reference's, rather than aligned away.
    takeOffset: comparison.takeOffsetS ?? undefined,
    // The dancer said it is this routine after the engine refused it ("analyse it anyway").
    dancerCall: comparison.dancerCall || undefined,
    onProgress: progressWriter((percent) => reportProgress(ctx.db, id, percent), ctx.log),
  };
  // Dance along with the browser's poses: when they check out against the take, their comparison is
  // shown at once as a quick result. It is never what is stored: the video's own analysis still runs
  // and replaces it, so a track can make a result faster, never better.
  const tracked = await keptTakeTrack(ctx.storage, inputs.userKey).catch((err) => {
    ctx.log.warn({ err, id }, "pose track unreadable");
    return undefined;
  });
  const report = options.onProgress;
  let takeOffset = options.takeOffset;
  if (tracked) {
    // The check is the first fifth of the progress bar, the video's analysis the rest.
    const quick = await quickResult(ctx, id, tracked, referencePath, userPath, {
      ...options,
      onProgress: report && ((p, stage) => report(p * QUICK_SHARE, stage)),
    });
    takeOffset = quick.takeOffset;
    // Said before the full analysis runs: the page shows the quick result, or tells why it takes longer.
    if (quick.result) await recordQuickResult(ctx.db, id, quick.result);
    else await recordTakeTrack(ctx.db, id, quick.use);
    // Used or refused, the track has done its work: a retry after a crash analyses in full.
    await dropTakeTrack(ctx.storage, inputs.userKey);
  }
  const result = await compareVideos(referencePath, userPath, {
    ...options,
    takeOffset,
    onProgress: report && tracked ? (p, stage) => report(100 * QUICK_SHARE + p * (1 - QUICK_SHARE), stage) : report,
  });
  // The history card shows the user's video framed around them (see @stepsync/motion framing).
  const userFraming = previewFraming(compactFramingTrack(result.tracks.user), CARD_ASPECT);
  // The reference's own recording (or its mirror) against itself earns nothing.
  const samePerformance = isSamePerformance(result.tracks, result.alignment);
  await completeComparison(ctx.db, id, result, { userFraming, samePerformance, poseSource: "server" });
}

/** The share of a dance-along take's progress bar its pose track's check takes. */
const QUICK_SHARE = 0.2;

/**
 * The comparison from the take's pose track the browser sent (take-track.ts), when the reference's
 * poses are already known and the track agrees with frames of the take estimated again here
 * (@stepsync/motion verifyTakeTrack); what became of the track (`use`) otherwise. `takeOffset` is
 * the take's offset for the video's analysis, moved to its video's clock when a sparse track (a slow
 * device's) was found on it. Which way it went, and why, is logged.
 */
async function quickResult(
  ctx: AppContext,
  id: number,
  track: PoseTrackUpload,
  referencePath: string,
  userPath: string,
  options: CompareVideosOptions,
): Promise<{ result?: ComparisonResult; takeOffset?: number; use: TakeTrackUse }> {
  const started = performance.now();
  // Whatever goes wrong here, the full analysis still runs (and says what is wrong with the videos).
  const outcome: TakeTrackOutcome = await compareWithTakeTrack(referencePath, userPath, track, options).catch(
    (err: unknown) => {
      ctx.log.warn({ err, id }, "pose track check failed");
      return { reason: "the check failed" };
    },
  );
  const ms = Math.round(performance.now() - started);
  if (outcome.result) {
    ctx.log.info({ id, ms, check: outcome.check }, "quick result from the browser's pose track");
    return { result: outcome.result, takeOffset: options.takeOffset, use: "used" };
  }
  if (outcome.sparse) {
    // Honest but sparse (a slow device): nothing to look into.
    const { reason, check, takeOffset } = outcome;
    ctx.log.info({ id, reason, check, takeOffset }, "browser's pose track too sparse: the take's clock from it");
    return { takeOffset, use: "sparse" };
  }
  // A warning: either a tampered track or live poses our check misreads, and both want looking at.
  ctx.log.warn({ id, reason: outcome.reason, check: outcome.check }, "browser's pose track not used");
  return { takeOffset: options.takeOffset, use: "unused" };
}

/** Sends again the comparisons whose worker died, or after MAX_ATTEMPTS fails them with a refund (jobs/analysis-job.ts). */
export function recoverStaleComparisons(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  return recoverAnalysis(comparisonStates(db, queue))(sweep);
}
