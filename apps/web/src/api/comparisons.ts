import {
  type AnalyseAnywayResponse,
  type ComparisonSummary,
  COMPARE_MESSAGES,
  type ComparisonDetail,
  type ComparisonListResponse,
  type CompareRequestForm,
  type ComparisonStats,
  type ProcessingStatus,
  type RoutineProgress,
  type StartComparisonResponse,
  type CompactTrack,
  LIMITS,
} from "@stepsync/contracts";
import {
  type InfiniteData,
  type Query,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError, apiRequest, isApiError } from "./client";
import { mapPages } from "./history-pages";
import { invalidate, keys, type MutationCallbacks, staleAfter, useChange } from "./keys";

export function listComparisons(
  params: { page?: number; limit?: number; activity_type?: string } = {},
  signal?: AbortSignal,
): Promise<ComparisonListResponse> {
  return apiRequest("/api/comparisons", { query: params, signal });
}

export function getComparisonStats(signal?: AbortSignal): Promise<ComparisonStats> {
  return apiRequest("/api/comparisons/stats", { signal });
}

// ---- Comparison detail, start, delete, processing status ----

export function getComparison(id: number | string, signal?: AbortSignal): Promise<{ comparison: ComparisonDetail }> {
  return apiRequest(`/api/comparisons/${encodeURIComponent(String(id))}`, { signal });
}

/** Earlier scores on the same library routine and the change since last time. */
export function getRoutineProgress(id: number | string, signal?: AbortSignal): Promise<RoutineProgress> {
  return apiRequest(`/api/comparisons/${encodeURIComponent(String(id))}/progress`, { signal });
}

export function deleteComparison(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/comparisons/${id}`, { method: "DELETE", fallback: COMPARE_MESSAGES.deleteFailed });
}

/** "It is this routine — analyse it anyway" on a refused result: one more credit, analysed again as the routine. */
export function analyseAnyway(id: number): Promise<AnalyseAnywayResponse> {
  return apiRequest(`/api/comparisons/${id}/analyse-anyway`, {
    method: "POST",
    fallback: COMPARE_MESSAGES.analyseAnywayFailed,
  });
}

export function getProcessingStatus(signal?: AbortSignal): Promise<ProcessingStatus> {
  return apiRequest("/api/comparisons/processing-status", { signal });
}

export interface StartComparisonInput {
  activityType: string;
  referenceFile?: File | null;
  referenceVideoId?: number | string | null;
  userFile?: File | null;
  userVideoId?: number | string | null;
  /** "Practise this part": a span of the parent comparison's reference (which the server takes from it). */
  part?: { startS: number; endS: number; parentId: number; label: string } | null;
  /**
   * Dance along: the user's video is a take recorded in the app while the reference played, and the
   * reference's start (or the part's) played this many seconds into it. Only such a take has it.
   */
  takeOffsetS?: number | null;
  /**
   * The dance-along take's poses as the browser estimated them live (analysis frames, compact), for
   * the server to use when it can check them; sent only with that take and its offset.
   */
  poseTrack?: CompactTrack | null;
}

/**
 * The take's pose track travels as a file part (JSON): a minute of poses is far more than a text
 * field may hold (the server's multipart fieldSize), and a server that does not read it skips it.
 */
export const POSE_TRACK_FIELD = "pose_track";

/** A form field's name, checked against the compare request's contract. */
const field = (name: keyof CompareRequestForm) => name;

export function buildCompareForm(input: StartComparisonInput): FormData {
  const form = new FormData();
  form.append(field("activity_type"), input.activityType);
  if (input.part) {
    form.append(field("reference_start_s"), String(input.part.startS));
    form.append(field("reference_end_s"), String(input.part.endS));
    form.append(field("parent_comparison_id"), String(input.part.parentId));
    form.append(field("part_label"), input.part.label);
  }
  // It belongs to the take uploaded with it.
  const danced = input.userFile && input.takeOffsetS != null && Number.isFinite(input.takeOffsetS);
  if (danced) form.append(field("take_offset_s"), (input.takeOffsetS as number).toFixed(3));
  if (danced && input.poseTrack)
    form.append(
      POSE_TRACK_FIELD,
      new Blob([JSON.stringify(input.poseTrack)], { type: "application/json" }),
      "pose-track.json",
    );
  if (input.referenceFile) form.append("reference_video", input.referenceFile, input.referenceFile.name);
  else if (input.referenceVideoId != null) form.append(field("reference_video_id"), String(input.referenceVideoId));
  if (input.userFile) form.append("user_video", input.userFile, input.userFile.name);
  else if (input.userVideoId != null) form.append(field("user_video_id"), String(input.userVideoId));
  return form;
}

/**
 * POST /api/videos/compare as multipart through XMLHttpRequest, so the upload reports progress
 * (fetch cannot). Fields go first so the server reads the style before the files.
 */
export function startComparison(
  input: StartComparisonInput,
  onUploadProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<StartComparisonResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/videos/compare");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onUploadProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const body = data as StartComparisonResponse | null;
        if (!body || typeof body.comparison_id !== "number") {
          reject(new ApiError(xhr.status, COMPARE_MESSAGES.noResults, data));
          return;
        }
        resolve(body);
        return;
      }
      const record = (data ?? {}) as Record<string, unknown>;
      const message =
        typeof record.error === "string" && record.error
          ? record.error
          : typeof record.message === "string" && record.message
            ? record.message
            : COMPARE_MESSAGES.failed;
      reject(new ApiError(xhr.status, message, data));
    };
    xhr.onerror = () => reject(new ApiError(0, COMPARE_MESSAGES.failed));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(buildCompareForm(input));
  });
}

// Queries ------------------------------------------------------------------------------------------

/** The history grid for one style ("all": every style), a page at a time. */
export function useComparisonHistory(filter: string) {
  return useInfiniteQuery({
    queryKey: keys.comparisons.history(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      listComparisons(
        { page: pageParam, limit: LIMITS.historyPageSize, activity_type: filter === "all" ? undefined : filter },
        signal,
      ),
    getNextPageParam: (last) => (last.pagination?.has_more ? last.pagination.page + 1 : undefined),
  });
}

/** The newest `limit` comparisons (the dashboard's Comparisons tab). */
export function useComparisonsPage(limit: number) {
  return useQuery({
    queryKey: keys.comparisons.page(limit),
    queryFn: ({ signal }) => listComparisons({ limit }, signal),
  });
}

/** Totals, best, average and trend of the user's comparisons. */
export function useComparisonStats() {
  return useQuery({ queryKey: keys.comparisons.stats(), queryFn: ({ signal }) => getComparisonStats(signal) });
}

/** Earlier attempts on a result's library routine (GET /api/comparisons/:id/progress); off without one. */
export function useRoutineProgress(comparisonId: number, referenceVideoId: number | null) {
  return useQuery({
    queryKey: keys.comparisons.progress(comparisonId),
    queryFn: ({ signal }) => getRoutineProgress(comparisonId, signal),
    enabled: referenceVideoId !== null,
  });
}

/** How often a running analysis is asked for its progress. */
export const COMPARISON_POLL_MS = 1000;

/** A 404, 400 or 401 ends the watch: the comparison is gone (or the id is no id), or so is the session. */
export function isFinalError(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400) || isApiError(error, 401);
}

function pollEvery(query: Query<ComparisonDetail, Error, ComparisonDetail, readonly unknown[]>): number | false {
  if (isFinalError(query.state.error)) return false;
  const data = query.state.data;
  // Not loaded yet (a passing network failure included): keep asking.
  return !data || data.status === "processing" ? COMPARISON_POLL_MS : false;
}

/**
 * One comparison with its result (GET /api/comparisons/:id); while it is analysed, asked again about
 * once a second, in a background tab too, until it completes or fails. `null`: none. When one seen
 * running (or `startedHere`) ends, what its end changes (history, scores, a refund) is reloaded.
 */
export function useComparison(id: number | string | null, { startedHere = false } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keys.comparisons.detail(id ?? ""),
    queryFn: ({ signal }) => getComparison(id ?? "", signal).then((r) => r.comparison),
    enabled: id !== null,
    refetchInterval: pollEvery,
    refetchIntervalInBackground: true,
  });

  const key = id === null ? null : String(id);
  const status = query.data?.status;
  const running = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    if (status === "processing" || (status === undefined && startedHere)) running.current = key;
    else if (status !== undefined && running.current === key) {
      running.current = null;
      void invalidate(client, staleAfter.comparison());
    }
  }, [key, status, startedHere, client]);

  return query;
}

// Changes ------------------------------------------------------------------------------------------

/** Refused for want of credits (402): the balance had not caught up, it reloads. */
const balanceOnRefusal = (client: QueryClient, error: Error) => {
  if (isApiError(error, 402)) void client.invalidateQueries({ queryKey: keys.credits.balance() });
};

/**
 * Starting a comparison (the upload's progress to `onUploadProgress`): started, the credit is
 * charged and it is listed as processing.
 */
export function useStartComparison({
  onUploadProgress,
  ...callbacks
}: MutationCallbacks<StartComparisonResponse, StartComparisonInput> & {
  onUploadProgress?: (percent: number) => void;
} = {}) {
  return useChange(
    {
      mutationFn: (input: StartComparisonInput) => startComparison(input, onUploadProgress),
      update: (client) => void invalidate(client, staleAfter.comparison()),
      refused: balanceOnRefusal,
    },
    callbacks,
  );
}

/** "Analyse it anyway" on a refused result: the page follows the new analysis (progress, then the result). */
export function useAnalyseAnyway(comparisonId: number) {
  return useChange({
    mutationFn: () => analyseAnyway(comparisonId),
    update: (client, answer) =>
      client.setQueryData<ComparisonDetail>(keys.comparisons.detail(comparisonId), (d) =>
        d ? { ...d, status: answer.status, progress: answer.progress, dancer_call: true } : d,
      ),
    reload: (client) => invalidate(client, [keys.comparisons.detail(comparisonId), ...staleAfter.comparison()]),
    refused: balanceOnRefusal,
  });
}

/** Deleting a comparison: its card leaves every loaded list at once, then the lists and figures reload. */
export function useDeleteComparison(callbacks: MutationCallbacks<{ message: string }, ComparisonSummary> = {}) {
  return useChange(
    {
      mutationFn: (item: ComparisonSummary) => deleteComparison(item.id),
      update: (client, _, item) =>
        client.setQueriesData<InfiniteData<ComparisonListResponse>>({ queryKey: keys.comparisons.lists() }, (old) =>
          old && "pages" in old ? mapPages(old, (i) => (i.id === item.id ? null : i)) : old,
        ),
      reload: (client) => invalidate(client, staleAfter.comparison()),
    },
    callbacks,
  );
}
