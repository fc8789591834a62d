import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { promisify } from "node:util";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";
import { BlobTooLargeError, type BlobStore } from "../../storage/blob-store.ts";
import { sniffImage, type SniffedImage } from "../videos/sniff.ts";
import { sniffingStream } from "../videos/upload.ts";

const run = promisify(execFile);

/** A thumbnail: type from its bytes (JPG, PNG or WebP), size limit while streaming. */
export async function storeUploadedImage(
  storage: BlobStore,
  stream: Readable,
  ownerId: number,
  maxBytes: number,
): Promise<{ key: string; sniffed: SniffedImage }> {
  const stem = `thumbnails/u${ownerId}/${randomBytes(12).toString("hex")}`;
  let sniffed: SniffedImage | undefined;
  const checked = sniffingStream(
    sniffImage,
    () => new HttpError(415, UPLOAD_MESSAGES.invalidThumbnailType),
    (found) => {
      sniffed = found;
    },
  );
  checked.on("error", () => {});
  try {
    await storage.put(stem, stream.pipe(checked), { maxBytes });
  } catch (error) {
    stream.resume();
    if (error instanceof BlobTooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.thumbnailTooLarge);
    throw error;
  }
  if (!sniffed) {
    await storage.delete(stem);
    throw new HttpError(415, UPLOAD_MESSAGES.invalidThumbnailType);
  }
  return { key: stem, sniffed };
}

/** Grabs one frame (at 1 s, or the middle of shorter clips) as a 480-px-wide JPEG. Undefined when ffmpeg cannot. */
export async function makeThumbnail(
  storage: BlobStore,
  videoPath: string,
  durationS: number,
  ownerId: number,
): Promise<string | undefined> {
  const dir = await mkdtemp(path.join(tmpdir(), "stepsync-thumb-"));
  try {
    const out = path.join(dir, "thumb.jpg");
    const at = Math.max(0, Math.min(1, durationS / 2));
    await run(
      ffmpeg.path,
      [
        "-y",
        "-loglevel",
        "error",
        "-ss",
        at.toFixed(2),
        "-i",
        videoPath,
        "-frames:v",
        "1",
        "-vf",
        "scale=480:-2",
        "-q:v",
        "4",
        out,
      ],
      { timeout: 60_000 },
    );
    const key = `thumbnails/u${ownerId}/${randomBytes(12).toString("hex")}`;
    await storage.put(key, createReadStream(out));
    return key;
  } catch {
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The content type of a stored thumbnail, read from its first bytes. */
export async function storedImageMime(storage: BlobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key, { start: 0, end: 15 })) chunks.push(chunk as Buffer);
  return sniffImage(Buffer.concat(chunks))?.mime ?? "image/jpeg";
}
