import {
  REFERENCE_ANALYSIS_MESSAGES,
  type ReferenceAnalysisResponse,
  type ReferenceAnalysisStatus,
} from "@stepsync/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest, isApiError } from "./client";
import { keys } from "./keys";

/**
 * A library video's poses and counting, for scoring a dance-along take live; null while the video
 * is not analysed yet (the server's 404). The browser's HTTP cache keeps the answer by its ETag.
 */
export function getReferenceAnalysis(id: number, signal?: AbortSignal): Promise<ReferenceAnalysisResponse | null> {
  return analysisAt(`/api/reference-videos/${id}/analysis`, signal);
}

/**
 * The analysis of the reference one of the user's comparisons was made against (an uploaded video's
 * too, once its poses are known); null while they are not.
 */
export function getComparisonReferenceAnalysis(
  comparisonId: number,
  signal?: AbortSignal,
): Promise<ReferenceAnalysisResponse | null> {
  return analysisAt(`/api/comparisons/${comparisonId}/reference-analysis`, signal);
}

async function analysisAt(path: string, signal?: AbortSignal): Promise<ReferenceAnalysisResponse | null> {
  try {
    return await apiRequest<ReferenceAnalysisResponse>(path, {
      signal,
      fallback: REFERENCE_ANALYSIS_MESSAGES.notAnalysed,
    });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Where a dance-along's reference analysis comes from: a library video, or a comparison's reference. */
export type AnalysisSource = { videoId: number } | { comparisonId: number };

/** The analysis of `source`'s reference (none asked for without one or while not `enabled`). */
export function useAnalysisOf(source: AnalysisSource | null, enabled = true) {
  const byComparison = source !== null && "comparisonId" in source;
  const library = useReferenceAnalysis(source && "videoId" in source ? source.videoId : null, enabled);
  const comparison = useQuery({
    queryKey: keys.comparisons.referenceAnalysis(byComparison ? source.comparisonId : 0),
    queryFn: ({ signal }) => getComparisonReferenceAnalysis((source as { comparisonId: number }).comparisonId, signal),
    enabled: enabled && byComparison,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isApiError(error) && count < 2,
  });
  return byComparison ? comparison : library;
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

/** How often a page waiting on a library video's analysis asks how far it is. */
export const ANALYSIS_STATUS_POLL_MS = 2000;

export function getReferenceAnalysisStatus(id: number, signal?: AbortSignal): Promise<ReferenceAnalysisStatus> {
  return apiRequest<ReferenceAnalysisStatus>(`/api/reference-videos/${id}/analysis-status`, { signal });
}

/**
 * Where library video `id`'s analysis stands, asked every ANALYSIS_STATUS_POLL_MS while it is pending
 * and `enabled` (a page waiting to score live against it); once ready, its analysis is asked again.
 */
export function useReferenceAnalysisStatus(id: number | null, enabled = true) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.library.analysisStatus(id ?? 0),
    queryFn: ({ signal }) => getReferenceAnalysisStatus(id as number, signal),
    enabled: enabled && id !== null,
    refetchInterval: (q) => (q.state.data?.status === "pending" ? ANALYSIS_STATUS_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
  const ready = query.data?.status === "ready";
  useEffect(() => {
    if (ready && id !== null) void client.invalidateQueries({ queryKey: keys.library.analysis(id) });
  }, [ready, id, client]);
  return query;
}
