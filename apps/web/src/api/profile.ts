import {
  MESSAGES,
  type ProfileResponse,
  type UpdateProfileRequest,
  type UpdateProfileResponse,
} from "@stepsync/contracts";
import { apiRequest } from "./client";

export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return apiRequest("/api/profile", { signal });
}

export function updateProfile(input: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return apiRequest("/api/profile", { method: "PUT", body: input, fallback: MESSAGES.profileUpdateFailed });
}
