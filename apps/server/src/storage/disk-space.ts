import { statfs } from "node:fs/promises";
import { UPLOAD_MESSAGES } from "@stepsync/contracts";
import type { Config } from "../config.ts";
import { HttpError } from "../http/errors.ts";

/**
 * Room on the disk that holds DATA_DIR (the database, uploads, caches). A full disk made every upload
 * a generic 500 while health still said "ok": now uploads are refused up front with 507 and words,
 * and health answers 503 while free space is below MIN_FREE_DISK_MB.
 */
async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/** What is wrong with the disk, in words, or undefined when there is room. */
export async function diskProblem(config: Pick<Config, "dataDir" | "minFreeDiskBytes">): Promise<string | undefined> {
  const free = await freeBytes(config.dataDir).catch(() => Number.POSITIVE_INFINITY);
  if (free >= config.minFreeDiskBytes) return undefined;
  return `Disk space low: ${Math.floor(free / (1024 * 1024))} MB free in the data folder`;
}

/** Refuses an upload (507) before it starts when the disk is nearly full. */
export async function assertRoomForUpload(config: Pick<Config, "dataDir" | "minFreeDiskBytes">): Promise<void> {
  if (await diskProblem(config)) throw new HttpError(507, UPLOAD_MESSAGES.storageFull);
}

/** A write that ran out of room (ENOSPC) as the answer the user gets; anything else as it is. */
export function asStorageFull(error: unknown): unknown {
  return (error as { code?: string } | null)?.code === "ENOSPC"
    ? new HttpError(507, UPLOAD_MESSAGES.storageFull)
    : error;
}
