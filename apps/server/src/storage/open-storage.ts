import type { Config } from "../config.ts";
import type { BlobStore } from "./blob-store.ts";
import { localDiskStore } from "./local-disk.ts";
import { s3Store } from "./s3.ts";

/** The store STORAGE names: a folder on this machine, or an S3 bucket every process shares. */
export function openStorage(config: Pick<Config, "storage" | "uploadsDir">): BlobStore {
  return config.storage.kind === "s3"
    ? s3Store(config.storage.s3, config.storage.cacheDir)
    : localDiskStore(config.uploadsDir);
}
