import { PAYMENT_COMING_SOON, SUBSCRIBE_MESSAGES, type SuccessResponse } from "@stepsync/contracts";
import { apiRequest } from "./client";

/** POST /api/notifications/subscribe: "Notify Me" on the payments coming-soon page. */
export function subscribeToFeature(email: string): Promise<SuccessResponse> {
  return apiRequest("/api/notifications/subscribe", {
    method: "POST",
    auth: false,
    body: { email, feature_name: PAYMENT_COMING_SOON.featureName, source_page: PAYMENT_COMING_SOON.sourcePage },
    fallback: SUBSCRIBE_MESSAGES.failed,
  });
}
