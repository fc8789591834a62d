import { compareGroupVideo, type GroupComparisonResult } from "@stepsync/motion";
import { REHEARSAL_MESSAGES } from "@stepsync/contracts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { type AnalysisStates, InputFault, recoverAnalysis, runAnalysis } from "../../jobs/analysis-job.ts";
import { progressWriter } from "../../jobs/progress.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Sweep } from "../../jobs/recovery.ts";
import { storedPoseCache } from "../../storage/pose-cache.ts";
import type { RehearsalRow } from "./repository.ts";
import {
  beatRehearsal,
  claimRehearsal,
  completeRehearsal,
  failRehearsal,
  makeRehearsalThumbnail,
  rehearsalInputs,
  rehearsalOwnerBusy,
  reportRehearsalProgress,
  requeueRehearsal,
  sendRehearsal,
  takeSilentRehearsals,
} from "./service.ts";

export type RehearsalJob = { rehearsalId: number };

declare module "../../jobs/queue.ts" {
  interface JobMap {
    /** Analyse one rehearsal (sent when it starts, again by the recovery sweep). */
    rehearsal: RehearsalJob;
  }
}

/** A rehearsal's moves that recovery needs too: taken back, sent again, given up with a refund. */
function rehearsalStates(db: Db, queue: JobQueue): AnalysisStates {
  return {
    what: "rehearsal",
    takeSilent: (sweep) => takeSilentRehearsals(db, sweep),
    send: (id, startAfterSeconds) => sendRehearsal(queue, id, startAfterSeconds),
    giveUp: async (id) => {
      await failRehearsal(db, id, REHEARSAL_MESSAGES.interrupted);
    },
  };
}

type Done = GroupComparisonResult;

/**
 * Runs one rehearsal (the lifecycle of jobs/analysis-job.ts): every dancer of the group video found
 * and compared with the reference (@stepsync/motion compareGroupVideo), progress into the database,
 * then the dancers charged and kept (completeRehearsal) — or a readable failure with its credits
 * back. A crash is retried by sending the job again, up to MAX_ATTEMPTS.
 */
export function rehearsalJobHandler(ctx: AppContext) {
  const poseCache = storedPoseCache(ctx.storage);
  const run = runAnalysis<RehearsalRow, Done>(
    {
      ...rehearsalStates(ctx.db, ctx.queue),
      ownerBusy: (id) => rehearsalOwnerBusy(ctx.db, id),
      claim: (id) => claimRehearsal(ctx.db, id),
      beat: (id) => beatRehearsal(ctx.db, id),
      perform: async (row, id) => {
        const inputs = await rehearsalInputs(ctx, row);
        if (!inputs) throw new InputFault(REHEARSAL_MESSAGES.videoGone);
        const result = await compareGroupVideo(
          await ctx.storage.localPath(inputs.referenceKey),
          await ctx.storage.localPath(inputs.groupKey),
          {
            style: row.activityType,
            trackStore: poseCache,
            // A library video's poses were computed once at upload: reused (no second analysis).
            referenceTrack: inputs.referenceTrack,
            onProgress: progressWriter((percent) => reportRehearsalProgress(ctx.db, id, percent), ctx.log),
          },
        );
        // Its thumbnail before it shows as completed, so the list has it from then on.
        await makeRehearsalThumbnail(ctx, row);
        return result;
      },
      keep: async (result, id) => {
        await completeRehearsal(ctx.db, id, result);
      },
      onInputFault: async (id, reason) => {
        await failRehearsal(ctx.db, id, REHEARSAL_MESSAGES.refunded(reason));
      },
      onCrash: async (id, lastAttempt) => {
        if (lastAttempt) await failRehearsal(ctx.db, id, REHEARSAL_MESSAGES.analysisFailed);
        else await requeueRehearsal(ctx.db, ctx.queue, id);
      },
    },
    { log: ctx.log, jobTimeoutSeconds: ctx.config.jobTimeoutSeconds },
  );
  return ({ rehearsalId }: RehearsalJob) => run(rehearsalId);
}

/** Sends again the rehearsals whose worker died, or after MAX_ATTEMPTS fails them with a refund. */
export function recoverStaleRehearsals(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  return recoverAnalysis(rehearsalStates(db, queue))(sweep);
}
