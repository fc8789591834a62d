import { apiRequest } from "./client";

/** GET /api/config: public settings the browser needs. */
export interface AppConfig {
  google_client_id: string | null;
  support_email: string;
  /** The server's upload limit (MAX_VIDEO_MB); absent from servers older than this field. */
  max_video_bytes?: number;
}

export function getConfig(): Promise<AppConfig> {
  return apiRequest<AppConfig>("/api/config", { auth: false, notifyUnauthorized: false });
}
