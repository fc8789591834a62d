import { Readable } from "node:stream";
import { CARD_ASPECT, LIBRARY_MESSAGES } from "@stepsync/contracts";
import { analyzeVideo, extractFrame, isMotionError, pickThumbnail, type PoseTrack } from "@stepsync/motion";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { type AnalysisStates, recoverAnalysis, runAnalysis } from "../../jobs/analysis-job.ts";
import { progressWriter } from "../../jobs/progress.ts";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue.ts";
import type { Sweep } from "../../jobs/recovery.ts";
import { writeText } from "../../storage/blob-store.ts";
import type { LibraryVideoRow } from "./repository.ts";
import {
  beatReferencePoses,
  claimReferencePoses,
  failReferencePoses,
  readyReferencePoses,
  reportReferencePoseProgress,
  setGeneratedThumbnail,
  takeSilentReferencePoses,
} from "./service.ts";
import { storageKeys } from "../../storage/keys.ts";

export type ReferencePosesJob = { referenceVideoId: number };

declare module "../../jobs/queue.ts" {
  interface JobMap {
    /** Compute a library video's poses once, after its upload. */
    "reference-poses": ReferencePosesJob;
  }
}

/** A pose job's moves that recovery needs too: taken back, sent again, given up with a reason for the admin. */
function posesStates(db: Db, queue: JobQueue): AnalysisStates {
  return {
    what: "reference poses",
    takeSilent: (sweep) => takeSilentReferencePoses(db, sweep),
    send: (id) => queue.send(JOB_NAMES.referencePoses, { referenceVideoId: id }),
    giveUp: (id) => failReferencePoses(db, id, LIBRARY_MESSAGES.posesInterrupted, true),
  };
}

/**
 * Computes a library video's poses once, right after upload (the lifecycle of jobs/analysis-job.ts),
 * and stores the PoseTrack JSON; every comparison against the video then loads it instead of
 * analysing the reference again. A video the engine cannot use (no person found, unreadable…) is
 * marked failed with the reason, for the admin who reviews it; a crash is not retried. A video
 * uploaded without a thumbnail gets one here, from the frame that shows the whole person best (or,
 * when the poses fail, a plain frame, so it still has one).
 */
export function referencePosesJobHandler(ctx: AppContext) {
  const run = runAnalysis<LibraryVideoRow & { attempts: number }, PoseTrack>(
    {
      ...posesStates(ctx.db, ctx.queue),
      claim: async (id) => {
        const video = await claimReferencePoses(ctx.db, id);
        return video && { ...video, attempts: video.poseAttempts };
      },
      beat: (id) => beatReferencePoses(ctx.db, id),
      perform: async (video) => {
        const videoPath = await ctx.storage.localPath(video.videoKey);
        let track: PoseTrack;
        try {
          track = await analyzeVideo(videoPath, {
            role: "reference",
            onProgress: progressWriter((percent) => reportReferencePoseProgress(ctx.db, video.id, percent), ctx.log),
          });
        } catch (error) {
          // Without poses (no person found…) the thumbnail is a plain frame, so the admin still sees the video.
          await thumbnail(ctx, video, videoPath);
          throw error;
        }
        await thumbnail(ctx, video, videoPath, track);
        return track;
      },
      // Stored once the work is done: a storage failure here leaves it pending, for the recovery sweep.
      keep: async (track, id) => {
        const key = storageKeys.referencePoses(id);
        await writeText(ctx.storage, key, JSON.stringify(track));
        // Deleted meanwhile: do not leave the track behind.
        if (!(await readyReferencePoses(ctx.db, id, key))) await ctx.storage.delete(key);
      },
      onInputFault: (id, reason) => failReferencePoses(ctx.db, id, reason),
      // The engine's own words when it has them, for the admin; never retried (an upload again is).
      onCrash: (id, _lastAttempt, error) =>
        failReferencePoses(ctx.db, id, isMotionError(error) ? error.message : LIBRARY_MESSAGES.posesFailed),
    },
    { log: ctx.log, jobTimeoutSeconds: ctx.config.jobTimeoutSeconds },
  );
  return ({ referenceVideoId }: ReferencePosesJob) => run(referenceVideoId);
}

/** Sends again the pose jobs whose worker died, or after MAX_ATTEMPTS gives them up (jobs/analysis-job.ts). */
export function recoverStaleReferencePoses(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  return recoverAnalysis(posesStates(db, queue))(sweep);
}

/** A thumbnail made from the video, unless it has one; never worth failing over (a placeholder shows). */
async function thumbnail(ctx: AppContext, video: LibraryVideoRow, videoPath: string, poses?: PoseTrack) {
  if (video.thumbnailKey) return;
  await makeThumbnail(ctx, video, videoPath, poses).catch((err: unknown) =>
    ctx.log.warn({ err, referenceVideoId: video.id }, "could not store a thumbnail made from the video"),
  );
}

/**
 * Stores a frame of the video as its thumbnail, unless one was set meanwhile: with the poses, a
 * frame showing the whole person, cut to the card's shape around them (see @stepsync/motion
 * framing); without, a frame near the start. A video ffmpeg cannot take a frame from keeps none.
 */
async function makeThumbnail(
  ctx: AppContext,
  video: { id: number; contributorId: number | null; durationS: number | null },
  videoPath: string,
  track?: PoseTrack,
): Promise<void> {
  const framing = track && pickThumbnail(track, CARD_ASPECT);
  const jpeg = await extractFrame(
    videoPath,
    framing
      ? { at: framing.at, crop: { window: framing.crop, aspect: CARD_ASPECT } }
      : { duration: video.durationS ?? undefined },
  );
  if (!jpeg) return;
  const key = storageKeys.thumbnail(video.contributorId ?? 0);
  await ctx.storage.put(key, Readable.from([jpeg]));
  if (!(await setGeneratedThumbnail(ctx.db, video.id, key))) await ctx.storage.delete(key);
}
