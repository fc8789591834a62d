import type { AppConfig } from "@stepsync/contracts";
import { apiRequest } from "./client";

export type { AppConfig } from "@stepsync/contracts";

/** GET /api/config: public settings the browser needs. */
export function getConfig(): Promise<AppConfig> {
  return apiRequest<AppConfig>("/api/config", { auth: false, notifyUnauthorized: false });
}
