import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { once } from "node:events";
import { assertSafeKey, type BlobStore, byteCounter } from "./blob-store.ts";
import { partialName, removeStalePartials } from "./partial-files.ts";

/** Files under one folder on local disk (the embedded default: ./data/uploads). */
export function localDiskStore(root: string): BlobStore {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body, options = {}) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed at the end, so a failed or oversized upload leaves nothing.
      const partial = partialName(target);
      const limit = byteCounter(options.maxBytes);
      const out = createWriteStream(partial);
      try {
        await pipeline(body, limit, out);
        await rename(partial, target);
      } catch (error) {
        // The file is opened asynchronously: when the body fails at once (a refused type), pipeline
        // can settle before the open, and the file would appear after its removal, empty, forever.
        if (!out.closed) await once(out, "close").catch(() => {});
        await rm(partial, { force: true });
        throw error;
      }
      return { size: limit.bytes };
    },
    async open(key, range) {
      return createReadStream(fullPath(key), range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      const file = fullPath(key);
      try {
        const s = await stat(file);
        return s.isFile() ? { size: s.size } : undefined;
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      await rm(fullPath(key), { force: true });
    },
    async localPath(key) {
      return fullPath(key);
    },
    sweepPartials: (olderThanMs) => removeStalePartials(root, olderThanMs),
  };
}
