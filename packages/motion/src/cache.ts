import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type AnalyzeOptions, analyzeVideo, DEFAULTS, tooLong } from "./analyze.ts";
import { analyzeAudio } from "./audio/index.ts";
import { AUDIO_ANALYSIS_VERSION } from "./audio/index.ts";
import { poseEngineKey } from "./pose/models.ts";
import type { PoseTrack } from "./types.ts";

/**
 * Pose tracks of reference videos are computed once and reused: a reference is compared against
 * many users. Keyed by the file's content hash and the analysis settings, kept in memory (a few
 * recent tracks) and, when a directory is given, on disk as JSON.
 */
const MEMORY_ENTRIES = 8;
const memory = new Map<string, Promise<PoseTrack>>();

export async function fileHash(path: string): Promise<string> {
  const h = createHash("sha256");
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest("hex");
}

/** Where cached tracks persist beyond memory, as JSON under the cache key (a folder, a bucket…). */
export interface TrackStore {
  read(key: string): Promise<string | undefined>;
  write(key: string, json: string): Promise<void>;
}

export interface CacheOptions {
  /** Directory for cached tracks on disk (default: env STEPSYNC_POSE_CACHE_DIR, else memory only). */
  cacheDir?: string;
  /** Persist cached tracks here instead of a directory (e.g. the server's shared storage). */
  trackStore?: TrackStore;
}

/** Tracks as `<key>.json` files in a folder on this machine. */
export function folderTrackStore(dir: string): TrackStore {
  return {
    read: (key) => readFile(join(dir, `${key}.json`), "utf8").catch(() => undefined),
    async write(key, json) {
      const file = join(dir, `${key}.json`);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a track.
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, json);
      await rename(tmp, file);
    },
  };
}

function persistence(opts: CacheOptions): TrackStore | undefined {
  if (opts.trackStore) return opts.trackStore;
  const dir = opts.cacheDir ?? process.env.STEPSYNC_POSE_CACHE_DIR;
  return dir ? folderTrackStore(dir) : undefined;
}

/**
 * The file's content, what produced the track (model, its adapter's revision, the pose engine's
 * version: a new one misses the tracks of the old) and the analysis settings.
 */
export async function cacheKey(path: string, opts: AnalyzeOptions): Promise<string> {
  const settings = [
    poseEngineKey(opts.model ?? DEFAULTS.model),
    opts.fps ?? DEFAULTS.fps,
    opts.maxSide ?? DEFAULTS.maxSide,
    opts.chunkFrames ?? DEFAULTS.chunkFrames,
  ].join("-");
  return `${await fileHash(path)}-${settings}`;
}

/** analyzeVideo through the cache. */
export async function analyzeVideoCached(
  path: string,
  opts: AnalyzeOptions & CacheOptions = {},
): Promise<{ track: PoseTrack; cached: boolean }> {
  const key = await cacheKey(path, opts);
  const found = await lookup(key, opts);
  // A cached track still obeys this call's length limit.
  const limit = opts.maxDuration ?? DEFAULTS.maxDuration;
  if (found && found.track.duration > limit) throw tooLong(found.track.duration, limit);
  if (found && found.track.audio !== null && found.track.audio?.version !== AUDIO_ANALYSIS_VERSION) {
    // Cached before tracks carried their music, or with an older analysis of it: find it again (a
    // fraction of a second) rather than redo the poses.
    const track = await withAudio(found.track, path, limit);
    remember(key, Promise.resolve(track));
    await store(key, track, opts);
    return { track, cached: true };
  }
  return found ?? analyzeAndStore(key, path, opts);
}

/** A track (stored before audio analysis existed, or with an older one) with its sound track's beats found now. */
export async function withAudio(track: PoseTrack, path: string, maxSeconds: number): Promise<PoseTrack> {
  // Music found by an older analysis is found again (a silent video, null, stays silent).
  if (track.audio === null || track.audio?.version === AUDIO_ANALYSIS_VERSION) return track;
  return { ...track, audio: await analyzeAudio(path, { maxSeconds: maxSeconds + 1 }).catch(() => null) };
}

async function store(key: string, track: PoseTrack, opts: CacheOptions): Promise<void> {
  await persistence(opts)?.write(key, JSON.stringify(track));
}

async function lookup(key: string, opts: CacheOptions): Promise<{ track: PoseTrack; cached: true } | undefined> {
  const hit = memory.get(key);
  if (hit) {
    try {
      const track = await hit;
      // Refresh recency.
      memory.delete(key);
      memory.set(key, hit);
      return { track, cached: true };
    } catch {
      memory.delete(key);
    }
  }
  const json = await persistence(opts)
    ?.read(key)
    .catch(() => undefined);
  if (json) {
    try {
      const track = JSON.parse(json) as PoseTrack;
      if (track.version === 1) {
        remember(key, Promise.resolve(track));
        return { track, cached: true };
      }
    } catch {
      // Unreadable: analyse again (and overwrite it).
    }
  }
  return undefined;
}

async function analyzeAndStore(
  key: string,
  path: string,
  opts: AnalyzeOptions & CacheOptions,
): Promise<{ track: PoseTrack; cached: boolean }> {
  const pending = analyzeVideo(path, opts);
  remember(key, pending);
  let track: PoseTrack;
  try {
    track = await pending;
  } catch (e) {
    memory.delete(key);
    throw e;
  }
  await store(key, track, opts);
  return { track, cached: false };
}

function remember(key: string, p: Promise<PoseTrack>): void {
  memory.set(key, p);
  while (memory.size > MEMORY_ENTRIES) {
    const oldest = memory.keys().next().value;
    if (oldest === undefined) break;
    memory.delete(oldest);
  }
}

/** Forgets the in-memory cache (tests, memory pressure). */
export function clearPoseCache(): void {
  memory.clear();
}
