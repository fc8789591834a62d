import { Readable } from "node:stream";
import { CARD_ASPECT } from "@stepsync/contracts";
import { analyzeVideo, extractFrame, isMotionError, pickThumbnail, type PoseTrack } from "@stepsync/motion";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { MAX_ATTEMPTS, startHeartbeat } from "../../jobs/heartbeat.ts";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue.ts";
import type { Sweep } from "../../jobs/recovery.ts";
import { readText, writeText } from "../../storage/blob-store.ts";
import {
  beatReferencePoses,
  claimReferencePoses,
  failReferencePoses,
  readyReferencePoses,
  setGeneratedThumbnail,
  takeSilentReferencePoses,
} from "./service.ts";
import { newThumbnailKey } from "./upload.ts";

export type ReferencePosesJob = { referenceVideoId: number };

declare module "../../jobs/queue.ts" {
  interface JobMap {
    /** Compute a library video's poses once, after its upload. */
    "reference-poses": ReferencePosesJob;
  }
}

/** Where a library video's pose track is stored. */
export const poseTrackKey = (referenceVideoId: number) => `poses/reference-${referenceVideoId}.json`;

/**
 * Computes a library video's poses once, right after upload, and stores the PoseTrack JSON; every
 * comparison against the video then loads it instead of analysing the reference again. A video the
 * engine cannot use (no person found, unreadable…) is marked failed with the reason, for the admin
 * who reviews it. A video uploaded without a thumbnail gets one here, from the frame that shows the
 * whole person best (or, when the poses fail, a plain frame, so it still has one).
 */
export function referencePosesJobHandler(ctx: AppContext) {
  return async ({ referenceVideoId }: ReferencePosesJob) => {
    const video = await claimReferencePoses(ctx.db, referenceVideoId);
    if (!video) return; // ready, failed or deleted meanwhile
    let track: PoseTrack;
    const stopBeating = startHeartbeat(
      () => beatReferencePoses(ctx.db, referenceVideoId),
      ctx.config.jobTimeoutSeconds * 1000,
      ctx.log,
    );
    let videoPath: string | undefined;
    // Never worth failing over: a video without a thumbnail shows a placeholder.
    const thumbnail = (path: string, poses?: PoseTrack) =>
      video.thumbnailKey
        ? Promise.resolve()
        : makeThumbnail(ctx, video, path, poses).catch((err: unknown) =>
            ctx.log.warn({ err, referenceVideoId }, "could not store a thumbnail made from the video"),
          );
    try {
      videoPath = await ctx.storage.localPath(video.videoKey);
      track = await analyzeVideo(videoPath, { role: "reference" });
      await thumbnail(videoPath, track);
    } catch (error) {
      // Without poses (no person found…) the thumbnail is a plain frame, so the admin still sees the video.
      if (videoPath) await thumbnail(videoPath);
      const reason = isMotionError(error) ? error.message : "The poses could not be computed.";
      if (!isMotionError(error) || error.code === "INTERNAL") {
        ctx.log.error({ err: error, referenceVideoId }, "reference pose analysis crashed");
      }
      await failReferencePoses(ctx.db, referenceVideoId, reason);
      return;
    } finally {
      stopBeating();
    }
    const key = poseTrackKey(referenceVideoId);
    await writeText(ctx.storage, key, JSON.stringify(track));
    // Deleted meanwhile: do not leave the track behind.
    if (!(await readyReferencePoses(ctx.db, referenceVideoId, key))) await ctx.storage.delete(key);
  };
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
  const key = newThumbnailKey(video.contributorId ?? 0);
  await ctx.storage.put(key, Readable.from([jpeg]));
  if (!(await setGeneratedThumbnail(ctx.db, video.id, key))) await ctx.storage.delete(key);
}

/** Loads a stored reference track; undefined when there is none (yet) or it cannot be read. */
export async function loadReferenceTrack(ctx: AppContext, key: string | null): Promise<PoseTrack | undefined> {
  if (!key) return undefined;
  try {
    return JSON.parse(await readText(ctx.storage, key)) as PoseTrack;
  } catch (err) {
    ctx.log.warn({ err, key }, "stored reference track unreadable; analysing the reference instead");
    return undefined;
  }
}

/** Why a library video's poses were given up after its jobs kept dying. */
export const POSES_INTERRUPTED = "The pose analysis was interrupted repeatedly. Please try uploading the video again.";

/** The same as recoverStaleComparisons, for library videos' pose jobs (pg-boss or in-process alike). */
export async function recoverStaleReferencePoses(db: Db, queue: JobQueue, sweep: Sweep): Promise<number> {
  const taken = await takeSilentReferencePoses(db, sweep);
  for (const row of taken) {
    if (row.attempts >= MAX_ATTEMPTS) await failReferencePoses(db, row.id, POSES_INTERRUPTED, true);
    else await queue.send(JOB_NAMES.referencePoses, { referenceVideoId: row.id });
  }
  return taken.length;
}
