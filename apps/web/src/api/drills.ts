import type { DrilledMove, DrillRequest, DrillsResponse } from "@stepsync/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./client";

/**
 * "Drill this move": a drill is kept when its dialog closes or the move is mastered, and
 * the result page lists the routine's drilled moves. Keys kept here (the drills' own area): a saved
 * drill invalidates `drillKeys.routine(videoId)`.
 */
export const drillKeys = {
  routine: (videoId: number) => ["drills", videoId] as const,
};

export function saveDrill(drill: DrillRequest): Promise<DrilledMove> {
  return apiRequest("/api/progress/drills", {
    method: "POST",
    body: drill,
    fallback: "Your practice could not be saved.",
  });
}

export function getDrills(videoId: number, signal?: AbortSignal): Promise<DrillsResponse> {
  return apiRequest("/api/progress/drills", { query: { reference_video_id: videoId }, signal });
}

/** The signed-in user's drilled moves of library video `videoId` (nothing asked for without one). */
export function useDrills(videoId: number | null) {
  return useQuery({
    queryKey: drillKeys.routine(videoId ?? 0),
    queryFn: ({ signal }) => getDrills(videoId as number, signal),
    enabled: videoId !== null,
  });
}
