import { MESSAGES, type Profile, type UpdateProfileRequest } from "@stepsync/contracts";
import { apiRequest } from "./client";

export function getProfile(signal?: AbortSignal): Promise<{ profile: Profile }> {
  return apiRequest("/api/profile", { signal });
}

export function updateProfile(input: UpdateProfileRequest): Promise<{ profile: Profile; message?: string }> {
  return apiRequest("/api/profile", { method: "PUT", body: input, fallback: MESSAGES.profileUpdateFailed });
}
