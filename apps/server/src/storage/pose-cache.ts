import type { TrackStore } from "@stepsync/motion";
import { type BlobStore, readText, writeText } from "./blob-store.ts";

/**
 * The engine's pose cache kept in the app's storage (`pose-cache/<key>.json`), so every worker
 * process, on any machine, reuses a reference track another one computed.
 */
export function storedPoseCache(storage: BlobStore): TrackStore {
  const keyOf = (cacheKey: string) => `pose-cache/${cacheKey}.json`;
  return {
    async read(cacheKey) {
      const key = keyOf(cacheKey);
      return (await storage.stat(key)) ? readText(storage, key) : undefined;
    },
    async write(cacheKey, json) {
      await writeText(storage, keyOf(cacheKey), json);
    },
  };
}
