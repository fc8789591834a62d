import type { TrackStore } from "@stepsync/motion";
import { type BlobStore, readText, writeText } from "./blob-store.ts";
import { storageKeys } from "./keys.ts";

/**
 * The engine's pose cache kept in the app's storage (`pose-cache/<key>.json`), so every worker
 * process, on any machine, reuses a reference track another one computed.
 */
export function storedPoseCache(storage: BlobStore): TrackStore {
  return {
    async read(cacheKey) {
      const key = storageKeys.poseCache(cacheKey);
      return (await storage.stat(key)) ? readText(storage, key) : undefined;
    },
    async write(cacheKey, json) {
      await writeText(storage, storageKeys.poseCache(cacheKey), json);
    },
  };
}
