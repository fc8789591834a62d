import type { Readable } from "node:stream";
import { POSE_TRACK_LIMITS, type PoseTrackUpload, poseTrackField } from "@stepsync/contracts";
import type { FastifyBaseLogger } from "fastify";
import { type BlobStore, readText, writeText } from "../../storage/blob-store.ts";
import { storageKeys } from "../../storage/keys.ts";

/**
 * A dance-along take's pose track as the browser sent it (contracts: poseTrackField), kept beside
 * the take's video until its comparison has run: the job, perhaps in another process, reads it
 * from the same storage. Never a reason to refuse the upload: a bad track is logged and left out.
 */

export type { PoseSource } from "@stepsync/contracts";

/** A file part's text, read no further than one byte past the limit (more is too large anyway). */
export async function readTrackPart(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size > POSE_TRACK_LIMITS.maxBytes) continue; // drained, not kept
    chunks.push(chunk);
    size += chunk.length;
  }
  return Buffer.concat(chunks)
    .toString("utf8")
    .slice(0, POSE_TRACK_LIMITS.maxBytes + 1);
}

/** The field's track when it is one (POSE_TRACK_MESSAGES says why not, in the log). */
export function acceptTakeTrack(text: string | undefined, log: FastifyBaseLogger): PoseTrackUpload | undefined {
  if (text === undefined) return undefined;
  const parsed = poseTrackField.safeParse(text);
  if (parsed.success) return parsed.data;
  log.warn(
    { reason: parsed.error.issues[0]?.message, bytes: text.length },
    "pose_track ignored: the take is analysed in full",
  );
  return undefined;
}

export async function keepTakeTrack(storage: BlobStore, userKey: string, track: PoseTrackUpload): Promise<void> {
  await writeText(storage, storageKeys.takeTrack(userKey), JSON.stringify(track));
}

/** The kept track of the take, if it came with one. */
export async function keptTakeTrack(storage: BlobStore, userKey: string): Promise<PoseTrackUpload | undefined> {
  const key = storageKeys.takeTrack(userKey);
  if (!(await storage.stat(key))) return undefined;
  return JSON.parse(await readText(storage, key)) as PoseTrackUpload;
}

export async function dropTakeTrack(storage: BlobStore, userKey: string): Promise<void> {
  await storage.delete(storageKeys.takeTrack(userKey)).catch(() => undefined);
}
