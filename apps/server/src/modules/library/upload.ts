import type { Readable } from "node:stream";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";
import { BlobTooLargeError, type BlobStore } from "../../storage/blob-store.ts";
import { SNIFF_BYTES, sniffImage, type SniffedImage } from "../videos/sniff.ts";
import { checkedBody, sniffingStream } from "../videos/upload.ts";
import { storageKeys } from "../../storage/keys.ts";

/** A thumbnail: type from its bytes (JPG, PNG or WebP), size limit while streaming. */
export async function storeUploadedImage(
  storage: BlobStore,
  stream: Readable,
  ownerId: number,
  maxBytes: number,
): Promise<{ key: string; sniffed: SniffedImage }> {
  const stem = storageKeys.thumbnail(ownerId);
  let sniffed: SniffedImage | undefined;
  const checked = sniffingStream(
    sniffImage,
    () => new HttpError(415, UPLOAD_MESSAGES.invalidThumbnailType),
    (found) => {
      sniffed = found;
    },
  );
  try {
    await storage.put(stem, checkedBody(stream, checked), { maxBytes });
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

/** The content type of a stored thumbnail, read from its first bytes. */
export async function storedImageMime(storage: BlobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(key, { start: 0, end: SNIFF_BYTES - 1 })) chunks.push(chunk as Buffer);
  return (await sniffImage(Buffer.concat(chunks)))?.mime ?? "image/jpeg";
}
