import { Readable } from "node:stream";
import { and, eq, isNull } from "drizzle-orm";
import { analyzeVideo, extractFrame, isMotionError, type PoseTrack } from "@stepsync/motion";
import type { AppContext } from "../context.ts";
import { referenceVideos } from "../db/schema.ts";
import { newThumbnailKey } from "../modules/library/upload.ts";
import { startHeartbeat } from "./heartbeat.ts";
import { claimReferencePoses } from "./recovery.ts";

export type ReferencePosesJob = { referenceVideoId: number };

/** Where a library video's pose track is stored. */
export const poseTrackKey = (referenceVideoId: number) => `poses/reference-${referenceVideoId}.json`;

/**
 * Computes a library video's poses once, right after upload, and stores the PoseTrack JSON; every
 * comparison against the video then loads it instead of analysing the reference again. A video the
 * engine cannot use (no person found, unreadable…) is marked failed with the reason, for the admin
 * who reviews it. A video uploaded without a thumbnail gets one here, from a frame of the video
 * (before the poses, so a video whose poses fail still has one).
 */
export function referencePosesJobHandler(ctx: AppContext) {
  return async ({ referenceVideoId }: ReferencePosesJob) => {
    const video = await claimReferencePoses(ctx.db, referenceVideoId);
    if (!video) return; // ready, failed or deleted meanwhile
    let track: PoseTrack;
    const stopBeating = startHeartbeat(
      () =>
        ctx.db
          .update(referenceVideos)
          .set({ poseHeartbeatAt: new Date() })
          .where(and(eq(referenceVideos.id, referenceVideoId), eq(referenceVideos.poseStatus, "pending"))),
      ctx.config.jobTimeoutSeconds * 1000,
      ctx.log,
    );
    try {
      const videoPath = await ctx.storage.localPath(video.videoKey);
      if (!video.thumbnailKey)
        await makeThumbnail(ctx, video, videoPath).catch((err: unknown) =>
          ctx.log.warn({ err, referenceVideoId }, "could not store a thumbnail made from the video"),
        );
      track = await analyzeVideo(videoPath, { role: "reference" });
    } catch (error) {
      const reason = isMotionError(error) ? error.message : "The poses could not be computed.";
      if (!isMotionError(error) || error.code === "INTERNAL") {
        ctx.log.error({ err: error, referenceVideoId }, "reference pose analysis crashed");
      }
      await ctx.db
        .update(referenceVideos)
        .set({ poseStatus: "failed", poseError: reason })
        .where(eq(referenceVideos.id, referenceVideoId));
      return;
    } finally {
      stopBeating();
    }
    const key = poseTrackKey(referenceVideoId);
    await ctx.storage.put(key, Readable.from([Buffer.from(JSON.stringify(track))]));
    const [updated] = await ctx.db
      .update(referenceVideos)
      .set({ poseStatus: "ready", poseTrackKey: key, poseError: null })
      .where(and(eq(referenceVideos.id, referenceVideoId)))
      .returning({ id: referenceVideos.id });
    // Deleted meanwhile: do not leave the track behind.
    if (!updated) await ctx.storage.delete(key);
  };
}

/**
 * Stores a frame of the video as its thumbnail, unless one was set meanwhile. A video ffmpeg cannot
 * take a frame from keeps none (its pose analysis then reports why).
 */
async function makeThumbnail(
  ctx: AppContext,
  video: { id: number; contributorId: number | null; durationS: number | null },
  videoPath: string,
): Promise<void> {
  const jpeg = await extractFrame(videoPath, { duration: video.durationS ?? undefined });
  if (!jpeg) return;
  const key = newThumbnailKey(video.contributorId ?? 0);
  await ctx.storage.put(key, Readable.from([jpeg]));
  const [set] = await ctx.db
    .update(referenceVideos)
    .set({ thumbnailKey: key })
    .where(and(eq(referenceVideos.id, video.id), isNull(referenceVideos.thumbnailKey)))
    .returning({ id: referenceVideos.id });
  if (!set) await ctx.storage.delete(key);
}

/** Loads a stored reference track; undefined when there is none (yet) or it cannot be read. */
export async function loadReferenceTrack(ctx: AppContext, key: string | null): Promise<PoseTrack | undefined> {
  if (!key) return undefined;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.open(key)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as PoseTrack;
  } catch (err) {
    ctx.log.warn({ err, key }, "stored reference track unreadable; analysing the reference instead");
    return undefined;
  }
}
