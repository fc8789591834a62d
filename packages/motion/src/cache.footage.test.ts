import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIO_ANALYSIS_VERSION } from "./audio/index.ts";
import { analyzeVideoCached, cacheKey, clearPoseCache, folderTrackStore, type TrackStore, withAudio } from "./cache.ts";
import { shutdownPosePool } from "./pose/pool.ts";
import { devVideo, hasDevFixtures, makeSyntheticDancer, tempDir } from "../test-support/fixtures.ts";

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

describe.skipIf(!hasDevFixtures)("music found by an older analysis", () => {
  it("is found again when a stored track is used (a silent one stays silent)", async () => {
    const path = devVideo("dance_woman_room.mp4");
    const stored = {
      version: 1 as const,
      model: "movenet-lightning" as const,
      keypointNames: [],
      fps: 7,
      width: 514,
      height: 496,
      duration: 9.76,
      minScore: 0.25,
      frames: [],
      // As an earlier engine stored it: no version, and no beats found in this song.
      audio: { bpm: 120, beats: [], confidence: 0.1, onset: { rate: 100, values: [] } },
    };
    const refreshed = await withAudio(stored, path, 600);
    expect(refreshed.audio?.version).toBe(AUDIO_ANALYSIS_VERSION);
    expect(refreshed.audio?.confidence).toBeGreaterThan(0.5);
    expect(refreshed.audio?.bpm).toBeGreaterThan(95);
    expect(await withAudio({ ...stored, audio: null }, path, 600)).toMatchObject({ audio: null });
    expect(await withAudio(refreshed, "/no/such/file.mp4", 600)).toBe(refreshed);
  });
});
