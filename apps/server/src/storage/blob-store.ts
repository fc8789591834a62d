import { Readable, Transform } from "node:stream";

/** Where uploaded files live. Keys are server-made relative names such as "videos/ab12….mp4". */
export type BlobStore = {
  /** Streams a body in; rejects (and leaves nothing behind) when it exceeds maxBytes. */
  put(key: string, body: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** A byte range (inclusive end) or the whole file. */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** A path on this machine for tools that need a real file (ffmpeg), downloaded first if need be. */
  localPath(key: string): Promise<string>;
  /**
   * Removes what uploads cut off by a crash left half-written, when untouched for `olderThanMs`
   * (younger ones may be uploads still arriving in another process). Answers how many went.
   */
  sweepPartials(olderThanMs: number): Promise<number>;
};

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File exceeds ${maxBytes} bytes`);
  }
}

/** Keys never contain "..", absolute paths or odd characters: they are made by the server. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes("..") || key.includes("//")) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/**
 * A pass-through that counts the bytes of an upload and fails with BlobTooLargeError as soon as
 * they pass `maxBytes`, so an oversized body is refused while streaming, not after it was stored.
 */
export function byteCounter(maxBytes: number | undefined): Transform & { readonly bytes: number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (maxBytes !== undefined && bytes > maxBytes) done(new BlobTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.defineProperty(counter, "bytes", { get: () => bytes }) as Transform & { readonly bytes: number };
}

/** A small stored object (a pose track's JSON) read whole, as text. */
export async function readText(store: BlobStore, key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Stores a small text (a pose track's JSON) under `key`. */
export async function writeText(store: BlobStore, key: string, text: string): Promise<void> {
  await store.put(key, Readable.from([Buffer.from(text)]));
}
