import type { Queryable } from "../../db/client.ts";
import type { BlobStore } from "../../storage/blob-store.ts";
import { deleteVideoRow, deleteVideoRowsOf, type LibraryVideoRow } from "./repository.ts";

/** The stored files of a library video: the video, its thumbnail and its pose track. */
function filesOf(video: LibraryVideoRow): string[] {
  return [video.videoKey, video.thumbnailKey, video.poseTrackKey].filter((k): k is string => !!k);
}

/**
 * Removes stored files once the rows that named them are gone (committed): a failed removal leaves an
 * orphan file, never a row pointing at nothing, so it is not an error.
 */
export async function removeStoredFiles(storage: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/**
 * Deletes a library video with its files: the row first (likes, shares and comments cascade;
 * comparisons against it keep their copied title), then the files. Undefined when there was none.
 */
export async function deleteLibraryVideo(
  deps: { db: Queryable; storage: BlobStore },
  id: number,
): Promise<LibraryVideoRow | undefined> {
  const video = await deleteVideoRow(deps.db, id);
  if (video) await removeStoredFiles(deps.storage, filesOf(video));
  return video;
}

/**
 * Deletes every library video of a contributor inside the caller's transaction (an account being
 * deleted) and answers their file keys, for `removeStoredFiles` once that transaction committed.
 */
export async function deleteLibraryVideosOf(tx: Queryable, contributorId: number): Promise<string[]> {
  return (await deleteVideoRowsOf(tx, contributorId)).flatMap(filesOf);
}
