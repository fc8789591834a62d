import {
  MESSAGES,
  type ProfileResponse,
  type UpdateProfileRequest,
  type UpdateProfileResponse,
} from "@stepsync/contracts";
import { apiRequest } from "./client";
import { useQuery } from "@tanstack/react-query";
import { keys } from "./keys";

export function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return apiRequest("/api/profile", { signal });
}

export function updateProfile(input: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return apiRequest("/api/profile", { method: "PUT", body: input, fallback: MESSAGES.profileUpdateFailed });
}

/** The signed-in user's own profile. */
export function useProfile() {
  return useQuery({ queryKey: keys.profile(), queryFn: ({ signal }) => getProfile(signal).then((r) => r.profile) });
}
