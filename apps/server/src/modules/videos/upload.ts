import { finished, Transform, type Readable } from "node:stream";
import { DEFAULTS, isMotionError, probeVideo, tooLong, type VideoInfo } from "@stepsync/motion";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import { asStorageFull } from "../../storage/disk-space.ts";
import { HttpError } from "../../http/errors.ts";
import { BlobTooLargeError, type BlobStore } from "../../storage/blob-store.ts";
import { SNIFF_BYTES, sniffVideo, type SniffedVideo } from "./sniff.ts";
import { storageKeys } from "../../storage/keys.ts";

export type StoredVideo = { key: string; size: number; sniffed: SniffedVideo; info: VideoInfo };

/**
 * Passes a stream through unchanged, but first checks its opening bytes (up to `SNIFF_BYTES`) with
 * `sniff`; fails the stream with `reject` when they are not what we accept.
 */
export function sniffingStream<T>(
  sniff: (head: Buffer) => T | undefined | Promise<T | undefined>,
  reject: () => Error,
  onSniffed: (found: T) => void,
) {
  let head: Buffer | undefined = Buffer.alloc(0);
  const check = async (bytes: Buffer, done: (error?: Error | null, data?: Buffer) => void) => {
    let found: T | undefined;
    try {
      found = bytes.length > 0 ? await sniff(bytes) : undefined;
    } catch (error) {
      return done(error as Error);
    }
    if (found === undefined) return done(reject());
    onSniffed(found);
    done(null, bytes);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return done();
      const all = head;
      head = undefined;
      void check(all, done);
    },
    flush(done) {
      if (!head) return done();
      const all = head;
      head = undefined;
      void check(all, (error, data) => {
        if (error) return done(error);
        done(null, data);
      });
    },
  });
}

/**
 * `source` through `check`, for storage. `pipe` alone never passes a failure of the source on: a
 * client that drops the connection would leave storage waiting forever on a half-written file.
 */
export function checkedBody(source: Readable, check: Transform): Readable {
  finished(source, (err) => {
    if (err) check.destroy(err);
  });
  // Bytes flow (and may fail the check) before storage attaches its own listeners; storage still
  // sees the failure through the stream's errored state.
  check.on("error", () => {});
  return source.pipe(check);
}

/**
 * Takes one uploaded video in, the way PeerTube does it: type from the file's bytes, size limit
 * while streaming, then ffprobe must read it as a video. Server-made name; on any failure nothing
 * is left in storage.
 */
export async function storeUploadedVideo(
  storage: BlobStore,
  stream: Readable,
  ownerId: number,
  which: "reference" | "user",
  maxBytes: number,
): Promise<StoredVideo> {
  // The type is only known from the bytes once they arrive, so the name carries no extension.
  const key = storageKeys.video(ownerId, which);
  let sniffed: SniffedVideo | undefined;
  const checked = sniffingStream(
    sniffVideo,
    () => new HttpError(415, UPLOAD_MESSAGES.invalidVideoType),
    (found) => {
      sniffed = found;
    },
  );
  let size: number;
  try {
    ({ size } = await storage.put(key, checkedBody(stream, checked), { maxBytes }));
  } catch (error) {
    // Drain what is left of this part so the rest of the request can still be read.
    stream.resume();
    if (error instanceof BlobTooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.videoTooLarge(maxBytes));
    throw asStorageFull(error);
  }
  if (!sniffed) throw new HttpError(415, UPLOAD_MESSAGES.invalidVideoType);
  try {
    const info = await probeVideo(await storage.localPath(key));
    // The engine would refuse it after the credit is taken: refuse it now, before.
    if (info.duration > DEFAULTS.maxDuration) throw tooLong(info.duration, DEFAULTS.maxDuration);
    return { key, size, sniffed, info };
  } catch (error) {
    await storage.delete(key);
    if (isMotionError(error)) {
      const label = which === "reference" ? "Reference video" : "Your video";
      throw new HttpError(400, `${label}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`);
    }
    throw error;
  }
}
