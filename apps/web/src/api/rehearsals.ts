import {
  REHEARSAL_MESSAGES,
  type RehearsalDancerResponse,
  type RehearsalListResponse,
  type RehearsalResponse,
  type RehearsalStatus,
  type StartRehearsalResponse,
  UPLOAD_MESSAGES,
} from "@stepsync/contracts";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiRequest, isApiError, uploadForm } from "./client";
import { getGroup } from "./groups";
import { invalidate, keys, type MutationCallbacks, staleAfter, useChange } from "./keys";

/** The rehearsal screens' words where the server gives none. */
export const REHEARSAL_FALLBACKS = {
  notFound: REHEARSAL_MESSAGES.notFound,
  dancerNotFound: REHEARSAL_MESSAGES.dancerNotFound,
  tagFailed: "The dancer could not be named. Please try again.",
} as const;

// Keys ---------------------------------------------------------------------------------------------

export const rehearsalKeys = {
  all: () => ["rehearsals"] as const,
  mine: () => ["rehearsals", "mine"] as const,
  group: (groupId: number) => ["rehearsals", "group", groupId] as const,
  detail: (id: number) => ["rehearsals", "detail", id] as const,
  dancer: (id: number, dancerId: number) => ["rehearsals", "detail", id, "dancer", dancerId] as const,
};

// Requests -----------------------------------------------------------------------------------------

export type StartRehearsalInput = {
  file: File;
  referenceVideoId: number;
  style: string;
  groupId: number | null;
};

/** The multipart body: fields first so the server reads them before the file. */
export function buildRehearsalForm({ file, referenceVideoId, style, groupId }: StartRehearsalInput): FormData {
  const form = new FormData();
  form.set("reference_video_id", String(referenceVideoId));
  form.set("style", style);
  if (groupId !== null) form.set("group_id", String(groupId));
  form.set("group_video", file, file.name);
  return form;
}

/** POST /api/rehearsals; `onProgress` gets the upload's 0–100. */
export function startRehearsal(input: StartRehearsalInput, onProgress: (percent: number) => void) {
  return uploadForm<StartRehearsalResponse>("/api/rehearsals", buildRehearsalForm(input), onProgress, {
    fallback: UPLOAD_MESSAGES.uploadFailed,
    networkFallback: UPLOAD_MESSAGES.uploadFailedRetry,
  });
}

export const listMyRehearsals = (signal?: AbortSignal) =>
  apiRequest<RehearsalListResponse>("/api/rehearsals", { signal });

export const listGroupRehearsals = (groupId: number, signal?: AbortSignal) =>
  apiRequest<RehearsalListResponse>(`/api/groups/${groupId}/rehearsals`, { signal });

export const getRehearsal = (id: number, signal?: AbortSignal) =>
  apiRequest<RehearsalResponse>(`/api/rehearsals/${id}`, { signal, fallback: REHEARSAL_FALLBACKS.notFound });

export const getRehearsalDancer = (id: number, dancerId: number, signal?: AbortSignal) =>
  apiRequest<RehearsalDancerResponse>(`/api/rehearsals/${id}/dancers/${dancerId}`, {
    signal,
    fallback: REHEARSAL_FALLBACKS.dancerNotFound,
  });

export const tagDancer = (id: number, dancerId: number, userId: number | null) =>
  apiRequest<RehearsalResponse>(`/api/rehearsals/${id}/dancers/${dancerId}`, {
    method: "PUT",
    body: { user_id: userId },
    fallback: REHEARSAL_FALLBACKS.tagFailed,
  });

// Queries ------------------------------------------------------------------------------------------

const notRetried404 = (count: number, error: Error) => !isApiError(error, 404) && count < 2;

const running = (status: RehearsalStatus | undefined) => status === "pending" || status === "processing";

/** One rehearsal; asked again every `pollMs` while it is analysed. */
export function useRehearsal(id: number, pollMs = 2000) {
  return useQuery({
    queryKey: rehearsalKeys.detail(id),
    queryFn: ({ signal }) => getRehearsal(id, signal),
    retry: notRetried404,
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => (running(query.state.data?.rehearsal.status) ? pollMs : false),
  });
}

/** One dancer of a finished rehearsal, with their own result. */
export function useRehearsalDancer(id: number, dancerId: number) {
  return useQuery({
    queryKey: rehearsalKeys.dancer(id, dancerId),
    queryFn: ({ signal }) => getRehearsalDancer(id, dancerId, signal),
    retry: notRetried404,
    enabled: Number.isInteger(id) && id > 0 && Number.isInteger(dancerId) && dancerId > 0,
  });
}

/** The rehearsals I uploaded, newest first; asked again while one is analysed. */
export function useMyRehearsals(pollMs = 4000) {
  return useQuery({
    queryKey: rehearsalKeys.mine(),
    queryFn: ({ signal }) => listMyRehearsals(signal),
    refetchInterval: (query) => (query.state.data?.rehearsals.some((r) => running(r.status)) ? pollMs : false),
  });
}

/** A group's rehearsals (members only); asked again while one is analysed. */
export function useGroupRehearsals(groupId: number, pollMs = 4000) {
  return useQuery({
    queryKey: rehearsalKeys.group(groupId),
    queryFn: ({ signal }) => listGroupRehearsals(groupId, signal),
    retry: notRetried404,
    refetchInterval: (query) => (query.state.data?.rehearsals.some((r) => running(r.status)) ? pollMs : false),
  });
}

// Changes ------------------------------------------------------------------------------------------

/** Uploading a rehearsal: credits are held, and the lists that show it reload. */
export function useStartRehearsal({
  onProgress,
  ...callbacks
}: MutationCallbacks<StartRehearsalResponse, StartRehearsalInput> & { onProgress: (percent: number) => void }) {
  return useChange(
    {
      mutationFn: (input: StartRehearsalInput) => startRehearsal(input, onProgress),
      reload: (client: QueryClient) => invalidate(client, [rehearsalKeys.all(), keys.credits.all(), keys.profile()]),
      refused: (client) => void client.invalidateQueries({ queryKey: keys.credits.balance() }),
    },
    callbacks,
  );
}

export type TagInput = { dancerId: number; userId: number | null };

/**
 * Tagging a dancer to a member (or untagging): the rehearsal as answered shows at once; the group's
 * board and the member's history count the result from now on.
 */
export function useTagDancer(id: number, callbacks: MutationCallbacks<RehearsalResponse, TagInput> = {}) {
  return useChange(
    {
      mutationFn: ({ dancerId, userId }: TagInput) => tagDancer(id, dancerId, userId),
      update: (client, answer) => client.setQueryData(rehearsalKeys.detail(id), answer),
      reload: (client) =>
        invalidate(client, [
          keys.groups.all(),
          ...staleAfter.comparison(),
          rehearsalKeys.mine(),
          ["rehearsals", "group"],
          ["rehearsals", "detail", id, "dancer"],
        ]),
    },
    callbacks,
  );
}

/** The group a rehearsal is for (its routine is the reference by default); off without one. */
export function useRehearsalGroup(groupId: number | null) {
  return useQuery({
    queryKey: keys.groups.detail(groupId ?? 0),
    queryFn: ({ signal }) => getGroup(groupId as number, signal),
    retry: notRetried404,
    enabled: groupId !== null,
  });
}

export const deleteRehearsal = (id: number) =>
  apiRequest<{ message: string }>(`/api/rehearsals/${id}`, { method: "DELETE" });

/**
 * Deleting a rehearsal (its uploader or the group's organiser): it leaves every list; a named
 * member's comparison goes with it, so the board and histories reload; one still analysed gives its
 * credit back.
 */
export function useDeleteRehearsal(id: number, callbacks: MutationCallbacks<{ message: string }, void> = {}) {
  return useChange(
    {
      mutationFn: () => deleteRehearsal(id),
      update: (client) => client.removeQueries({ queryKey: rehearsalKeys.detail(id) }),
      reload: (client) =>
        invalidate(client, [
          rehearsalKeys.mine(),
          ["rehearsals", "group"],
          keys.groups.all(),
          ...staleAfter.comparison(),
        ]),
    },
    callbacks,
  );
}
