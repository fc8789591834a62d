import { randomBytes } from "node:crypto";

/**
 * Every name a stored file gets, built (and read back) here alone, as immich's StorageCore does:
 * the areas ask for a key and never compose one. Keys are relative names inside the BlobStore;
 * the formats are what files already stored are found by, so they only ever gain new kinds.
 */

/** The random part of a new file's name: an upload's name is the server's, never the user's. */
const fresh = () => randomBytes(12).toString("hex");

const VIDEOS = "videos/";

export const storageKeys = {
  /** An uploaded video: `videos/u<owner>/<which>-<random>`, no extension (its type is read from its bytes). */
  video: (ownerId: number, which: "reference" | "user") => `${VIDEOS}u${ownerId}/${which}-${fresh()}`,

  /** A library video's thumbnail, uploaded or made from the video by the pose job. */
  thumbnail: (ownerId: number) => `thumbnails/u${ownerId}/${fresh()}`,

  /** A rehearsal's thumbnail, made from its video once analysed (one per rehearsal: a retry overwrites it). */
  rehearsalThumbnail: (rehearsalId: number) => `thumbnails/rehearsal-${rehearsalId}.jpg`,

  /** A library video's pose track, written by the pose job. */
  referencePoses: (referenceVideoId: number) => `poses/reference-${referenceVideoId}.json`,

  /**
   * The browser's pose track of a dance-along take, kept beside the take's video (by that video's
   * key) until its comparison has run: "videos/u1/user-ab12" → "pose-tracks/u1/user-ab12.json".
   */
  takeTrack: (videoKey: string) =>
    `pose-tracks/${videoKey.startsWith(VIDEOS) ? videoKey.slice(VIDEOS.length) : videoKey}.json`,

  /** An entry of the engine's pose cache, shared by every worker process. */
  poseCache: (cacheKey: string) => `pose-cache/${cacheKey}.json`,
};
