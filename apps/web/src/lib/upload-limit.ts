import { LIMITS } from "@stepsync/contracts";
import { useAppConfig } from "../api/config";

/** The server's video size limit (MAX_VIDEO_MB, from /api/config), or the default until it answers. */
export function useMaxVideoBytes(): number {
  return useAppConfig().data?.max_video_bytes ?? LIMITS.maxVideoBytes;
}
