import { Readable } from "node:stream";
import type { TrackStore } from "@stepsync/motion";
import type { BlobStore } from "./blob-store.ts";

/**
 * The engine's pose cache kept in the app's storage (`pose-cache/<key>.json`), so every worker
 * process, on any machine, reuses a reference track another one computed.
 */
export function storedPoseCache(storage: BlobStore): TrackStore {
  const keyOf = (cacheKey: string) => `pose-cache/${cacheKey}.json`;
  return {
    async read(cacheKey) {
      const key = keyOf(cacheKey);
      if (!(await storage.stat(key))) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.open(key)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    async write(cacheKey, json) {
      await storage.put(keyOf(cacheKey), Readable.from([Buffer.from(json)]));
    },
  };
}
