import { REFERENCE_ANALYSIS_MESSAGES, type ReferenceAnalysisResponse } from "@stepsync/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest, isApiError } from "./client";
import { keys } from "./keys";

/**
 * A library video's poses and counting, for scoring a dance-along take live; null while the video
 * is not analysed yet (the server's 404). The browser's HTTP cache keeps the answer by its ETag.
 */
export async function getReferenceAnalysis(
  id: number,
  signal?: AbortSignal,
): Promise<ReferenceAnalysisResponse | null> {
  try {
    return await apiRequest<ReferenceAnalysisResponse>(`/api/reference-videos/${id}/analysis`, {
      signal,
      fallback: REFERENCE_ANALYSIS_MESSAGES.notAnalysed,
    });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** The analysis of library video `id` (none asked for without an id or while not `enabled`). */
export function useReferenceAnalysis(id: number | null, enabled = true) {
  return useQuery({
    queryKey: keys.library.analysis(id ?? 0),
    queryFn: ({ signal }) => getReferenceAnalysis(id as number, signal),
    enabled: enabled && id !== null,
    // An analysis changes only with the engine: kept for the session.
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isApiError(error) && count < 2,
  });
}
