import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertSafeKey, type BlobStore, byteCounter } from "./blob-store.ts";
import { isPartial, partialName, removeStaleFiles } from "./partial-files.ts";

/** A local copy unused this long is removed by the sweep. */
export const LOCAL_COPY_UNUSED_MS = 24 * 60 * 60 * 1000;

export type S3Settings = {
  bucket: string;
  region: string;
  /** Any S3-compatible server (MinIO, R2, a test server); unset = AWS. Path-style addressing then. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

/**
 * Files in an S3 bucket, so that web and worker processes on different machines see the same uploads.
 * ffmpeg needs a real file: `localPath` downloads the object once into `cacheDir` (this machine's
 * copy; safe to delete at any time) and reuses it.
 */
export function s3Store(settings: S3Settings, cacheDir: string): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.endpoint !== undefined,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const localCopy = (key: string) => {
    assertSafeKey(key);
    return path.join(cacheDir, key);
  };

  return {
    async put(key, body, options = {}) {
      assertSafeKey(key);
      const limit = byteCounter(options.maxBytes);
      // The object appears only when the upload completes; one whose body fails (too large, cut off)
      // never completes, and lib-storage aborts its multipart parts.
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: limit } });
      const [fed, stored] = await Promise.allSettled([pipeline(body, limit), upload.done()]);
      if (fed.status === "rejected") {
        if (stored.status === "fulfilled") await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        throw fed.reason;
      }
      if (stored.status === "rejected") throw stored.reason;
      return { size: limit.bytes };
    },
    async open(key, range) {
      assertSafeKey(key);
      const res = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return res.Body as Readable;
    },
    async stat(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      await rm(localCopy(key), { force: true });
    },
    async localPath(key) {
      const target = localCopy(key);
      if (await stat(target).catch(() => undefined)) {
        // Marked as used, so the sweep keeps copies that are still wanted (a reference many compare to).
        const now = new Date();
        await utimes(target, now, now).catch(() => {});
        return target;
      }
      await mkdir(path.dirname(target), { recursive: true });
      // Downloaded under a temporary name and renamed, so a half-copied file is never taken for the object.
      const partial = partialName(target);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(res.Body as Readable, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return target;
    },
    // Multipart uploads a crash left open are the bucket's to expire (README: an
    // AbortIncompleteMultipartUpload lifecycle rule); here this machine's cut-off downloads, and local
    // copies nothing has used for a day (the bucket keeps the object; it is fetched again if wanted).
    async sweepPartials(olderThanMs) {
      return removeStaleFiles(cacheDir, (name) => (isPartial(name) ? olderThanMs : LOCAL_COPY_UNUSED_MS));
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}
