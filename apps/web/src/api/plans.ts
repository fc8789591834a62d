import type { Plan } from "@stepsync/contracts";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./client";
import { keys } from "./keys";

export const PLAN_TEXTS = {
  fetchFailed: "Failed to fetch plans",
  fetchError: "Error fetching plans",
} as const;

/** GET /api/plans: an HTTP failure is 'Failed to fetch plans', a network failure 'Error fetching plans'. */
export async function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  try {
    const res = await apiRequest<{ plans: Plan[] }>("/api/plans", {
      auth: false,
      notifyUnauthorized: false,
      signal,
      fallback: PLAN_TEXTS.fetchFailed,
    });
    return res.plans;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) throw new Error(PLAN_TEXTS.fetchFailed);
    if (error instanceof ApiError) throw new Error(PLAN_TEXTS.fetchError);
    throw error;
  }
}

/** The plans on sale (public). */
export function usePlans() {
  return useQuery({ queryKey: keys.plans(), queryFn: ({ signal }) => getPlans(signal) });
}
