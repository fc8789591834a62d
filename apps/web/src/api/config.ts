import { type AppConfig, LIMITS } from "@stepsync/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";
import { keys } from "./keys";

export type { AppConfig } from "@stepsync/contracts";

/** GET /api/config: public settings the browser needs. */
export function getConfig(): Promise<AppConfig> {
  return apiRequest<AppConfig>("/api/config", { auth: false, notifyUnauthorized: false });
}

/** Settings change only with a server restart: asked once per page load. */
export const appConfigQuery = () =>
  queryOptions({ queryKey: keys.config(), queryFn: getConfig, staleTime: Number.POSITIVE_INFINITY, retry: 1 });

/** The server's public settings (Google client id, support address, limits, payments release). */
export function useAppConfig() {
  return useQuery(appConfigQuery());
}

/** The server's video size limit (MAX_VIDEO_MB), or the default until it answers. */
export function useMaxVideoBytes(): number {
  return useAppConfig().data?.max_video_bytes ?? LIMITS.maxVideoBytes;
}
