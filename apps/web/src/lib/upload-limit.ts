import { LIMITS } from "@stepsync/contracts";
import { useAppConfig } from "../components/GoogleSignIn";

/** The server's video size limit (MAX_VIDEO_MB, from /api/config), or the default until it answers. */
export function useMaxVideoBytes(): number {
  return useAppConfig().data?.max_video_bytes ?? LIMITS.maxVideoBytes;
}
