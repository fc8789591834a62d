import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { analyzeVideo, isMotionError, type PoseTrack } from "@stepsync/motion";
import type { AppContext } from "../context.ts";
import { referenceVideos } from "../db/schema.ts";
import type { JobQueue } from "./queue.ts";
import { JOB_NAMES } from "./queue.ts";

export type ReferencePosesJob = { referenceVideoId: number };

/** Where a library video's pose track is stored. */
export const poseTrackKey = (referenceVideoId: number) => `poses/reference-${referenceVideoId}.json`;

/** Counters tests (and logs) use to see that a stored track was reused instead of a fresh analysis. */
export const referencePoseStats = { computed: 0, reusedByComparisons: 0, analysedByComparisons: 0 };

/**
 * Computes a library video's poses once, right after upload, and stores the PoseTrack JSON; every
 * comparison against the video then loads it instead of analysing the reference again. A video the
 * engine cannot use (no person found, unreadable…) is marked failed with the reason, for the admin
 * who reviews it.
 */
export function referencePosesJobHandler(ctx: AppContext) {
  return async ({ referenceVideoId }: ReferencePosesJob) => {
    const [video] = await ctx.db.select().from(referenceVideos).where(eq(referenceVideos.id, referenceVideoId));
    if (!video || video.poseStatus === "ready") return;
    let track: PoseTrack;
    try {
      track = await analyzeVideo(await ctx.storage.localPath(video.videoKey), { role: "reference" });
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
    else referencePoseStats.computed += 1;
  };
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

/** Re-queues poses still pending (an in-process queue loses its jobs on restart). */
export async function recoverPendingReferencePoses(ctx: AppContext, queue: JobQueue): Promise<void> {
  const rows = await ctx.db
    .select({ id: referenceVideos.id })
    .from(referenceVideos)
    .where(eq(referenceVideos.poseStatus, "pending"));
  for (const row of rows) await queue.send(JOB_NAMES.referencePoses, { referenceVideoId: row.id });
}
