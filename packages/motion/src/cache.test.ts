import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeVideoCached, cacheKey, clearPoseCache, folderTrackStore, type TrackStore } from "./cache.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { makeSyntheticDancer, tempDir } from "./testing/fixtures.ts";

let dir = "";
let cleanup: () => Promise<void> = async () => {};
let dancer = "";

beforeAll(async () => {
  ({ dir, cleanup } = await tempDir());
  dancer = join(dir, "dancer.mp4");
  await makeSyntheticDancer(dancer, 2);
});
afterAll(async () => {
  await shutdownPosePool();
  await cleanup();
});

/** A store another process could share (the server keeps it in its bucket): here, a map. */
function mapStore(): TrackStore & { entries: Map<string, string>; reads: number } {
  const entries = new Map<string, string>();
  const store = {
    entries,
    reads: 0,
    async read(key: string) {
      store.reads += 1;
      return entries.get(key);
    },
    async write(key: string, json: string) {
      entries.set(key, json);
    },
  };
  return store;
}

describe("the pose cache keeps tracks where it is told", () => {
  it("a track stored by one process is found by the next (memory cleared), without analysing again", async () => {
    const store = mapStore();
    const first = await analyzeVideoCached(dancer, { trackStore: store });
    expect(first.cached).toBe(false);
    const key = await cacheKey(dancer, {});
    expect([...store.entries.keys()]).toEqual([key]);

    clearPoseCache(); // what a second worker process starts with
    const second = await analyzeVideoCached(dancer, { trackStore: store });
    expect(second.cached).toBe(true);
    expect(second.track).toEqual(first.track);
    expect(store.reads).toBe(2);
  });

  it("an unreadable stored track is analysed again and replaced; a folder store works the same way", async () => {
    const store = mapStore();
    const key = await cacheKey(dancer, {});
    store.entries.set(key, "{ not json");
    clearPoseCache();
    const result = await analyzeVideoCached(dancer, { trackStore: store });
    expect(result.cached).toBe(false);
    expect(JSON.parse(store.entries.get(key) as string)).toEqual(result.track);

    const folder = folderTrackStore(join(dir, "tracks"));
    await folder.write("k", "{}");
    expect(await folder.read("k")).toBe("{}");
    expect(await folder.read("missing")).toBeUndefined();
  });
});
