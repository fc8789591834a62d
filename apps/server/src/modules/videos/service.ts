import { COMPARE_MESSAGES } from "@stepsync/contracts";
import type { Queryable } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { canUseUpload } from "./policy.ts";
import { deleteUploadRow, findUpload, insertUpload, type UploadRow } from "./repository.ts";
import type { StoredVideo } from "./upload.ts";

/** One of the user's own uploads; anyone else's (or a missing one) is "not found", so ids do not leak. */
export async function ownUpload(db: Queryable, id: number, user: { id: number }): Promise<UploadRow> {
  const video = await findUpload(db, id);
  if (!video || !canUseUpload(video, user)) throw new HttpError(404, COMPARE_MESSAGES.videoNotFound);
  return video;
}

/** Records a stored upload (what ffprobe read, not what the client said); answers its id. */
export function recordUpload(
  q: Queryable,
  ownerId: number,
  kind: "user" | "reference",
  stored: StoredVideo,
  originalName: string,
): Promise<number> {
  return insertUpload(q, {
    ownerId,
    kind,
    storageKey: stored.key,
    originalName,
    mimeType: stored.sniffed.mime,
    sizeBytes: stored.size,
    durationS: stored.info.duration,
    width: stored.info.width,
    height: stored.info.height,
  });
}

/** Deletes an upload's row and answers its storage key, for removal once the caller's transaction committed. */
export const deleteUpload = deleteUploadRow;
