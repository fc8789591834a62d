import { apiRequest } from "./client";

/** GET /api/config: public settings the browser needs. */
export interface AppConfig {
  google_client_id: string | null;
  support_email: string;
}

export function getConfig(): Promise<AppConfig> {
  return apiRequest<AppConfig>("/api/config", { auth: false, notifyUnauthorized: false });
}
