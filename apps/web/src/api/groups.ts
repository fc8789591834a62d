import {
  type BoardResponse,
  type BoardSort,
  type CreateGroupRequest,
  GROUP_MESSAGES,
  type GiveCreditsResponse,
  type GroupDetailResponse,
  type GroupResponse,
  type GroupsResponse,
  type InvitationsResponse,
  type InvitePreviewResponse,
  type MessageResponse,
  type NudgeAudience,
  type NudgeResponse,
  type RoutineUploadResponse,
  UPLOAD_MESSAGES,
  type UpdateGroupRequest,
} from "@stepsync/contracts";
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { apiRequest, isApiError, uploadForm } from "./client";
import { invalidate, keys, type MutationCallbacks, useChange } from "./keys";

// Requests -----------------------------------------------------------------------------------------

export const listGroups = (signal?: AbortSignal) => apiRequest<GroupsResponse>("/api/groups", { signal });

export const getGroup = (id: number, signal?: AbortSignal) =>
  apiRequest<GroupDetailResponse>(`/api/groups/${id}`, { signal, fallback: GROUP_MESSAGES.notFound });

export const getBoard = (id: number, sort: BoardSort, signal?: AbortSignal) =>
  apiRequest<BoardResponse>(`/api/groups/${id}/board`, { query: { sort }, signal, fallback: GROUP_MESSAGES.notFound });

export const getInvite = (code: string, signal?: AbortSignal) =>
  apiRequest<InvitePreviewResponse>(`/api/groups/invites/${encodeURIComponent(code)}`, {
    signal,
    fallback: GROUP_MESSAGES.inviteNotFound,
  });

export const createGroup = (input: CreateGroupRequest) =>
  apiRequest<GroupResponse>("/api/groups", { method: "POST", body: input });

export const updateGroup = (id: number, input: UpdateGroupRequest) =>
  apiRequest<GroupResponse>(`/api/groups/${id}`, { method: "PATCH", body: input });

export const deleteGroup = (id: number) => apiRequest<MessageResponse>(`/api/groups/${id}`, { method: "DELETE" });

export const joinGroup = (code: string) =>
  apiRequest<GroupResponse>("/api/groups/join", { method: "POST", body: { invite_code: code } });

/** A new invite link (the old one stops working), or (`on` false) the link ended. */
export const setInviteLink = (id: number, on: boolean) =>
  apiRequest<GroupResponse>(`/api/groups/${id}/invite-link`, { method: on ? "POST" : "DELETE" });

export const sendInvitations = (id: number, emails: string[]) =>
  apiRequest<InvitationsResponse>(`/api/groups/${id}/invitations`, { method: "POST", body: { emails } });

/** The organiser removes a member; a member passing their own id leaves. */
export const removeMember = (id: number, userId: number) =>
  apiRequest<MessageResponse>(`/api/groups/${id}/members/${userId}`, { method: "DELETE" });

export const sendNudge = (id: number, input: { to: NudgeAudience; message?: string }) =>
  apiRequest<NudgeResponse>(`/api/groups/${id}/nudges`, { method: "POST", body: input });

export type GiveCreditsInput = { userId: number; credits: number; idempotencyKey: string };

export const giveCredits = (id: number, { userId, credits, idempotencyKey }: GiveCreditsInput) =>
  apiRequest<GiveCreditsResponse>(`/api/groups/${id}/credits`, {
    method: "POST",
    body: { user_id: userId, credits, idempotency_key: idempotencyKey },
  });

export type RoutineUpload = { file: File; title: string; category?: string };

/** A routine for a group only (analysed like a library video); `onProgress` gets the upload's 0–100. */
export function uploadRoutine(
  { file, title, category }: RoutineUpload,
  onProgress: (percent: number) => void,
): Promise<RoutineUploadResponse> {
  const form = new FormData();
  form.set("title", title);
  if (category) form.set("category", category);
  form.set("video", file, file.name);
  return uploadForm("/api/groups/routine-videos", form, onProgress, {
    fallback: UPLOAD_MESSAGES.uploadFailed,
    networkFallback: UPLOAD_MESSAGES.uploadFailedRetry,
  });
}

// Queries ------------------------------------------------------------------------------------------

/** A missing group or ended link is an answer (404), not retried. */
const notRetried404 = (count: number, error: Error) => !isApiError(error, 404) && count < 2;

/** The viewer's groups. */
export function useGroups() {
  return useQuery({ queryKey: keys.groups.list(), queryFn: ({ signal }) => listGroups(signal) });
}

/**
 * A group's page: the group, its members and routine. Asked again every `pollMs` while the routine
 * is being analysed, so its parts can be named as soon as its moves are known.
 */
export function useGroup(id: number, pollMs = 3000) {
  return useQuery({
    queryKey: keys.groups.detail(id),
    queryFn: ({ signal }) => getGroup(id, signal),
    retry: notRetried404,
    refetchInterval: (query) => (query.state.data?.routine?.pose_status === "pending" ? pollMs : false),
  });
}

/** A group's board in one order (the last order stays shown while another loads); the organiser's every row, a member's own. */
export function useBoard(id: number, sort: BoardSort, enabled = true) {
  return useQuery({
    queryKey: keys.groups.board(id, sort),
    queryFn: ({ signal }) => getBoard(id, sort, signal),
    placeholderData: keepPreviousData,
    retry: notRetried404,
    enabled,
    refetchOnWindowFocus: true,
  });
}

/** What an invite link joins (signed in only). */
export function useInvite(code: string, enabled = true) {
  return useQuery({
    queryKey: keys.groups.invite(code),
    queryFn: ({ signal }) => getInvite(code, signal),
    retry: notRetried404,
    enabled,
  });
}

// Changes ------------------------------------------------------------------------------------------

/** Every group screen reloads (the list, pages and boards). */
const reloadGroups = (client: QueryClient) => invalidate(client, [keys.groups.all()]);

/** The group just answered, shown at once in its page's cache. */
const showGroup = (client: QueryClient, { group }: GroupResponse) =>
  client.setQueryData<GroupDetailResponse>(keys.groups.detail(group.id), (old) => (old ? { ...old, group } : old));

export function useCreateGroup(callbacks: MutationCallbacks<GroupResponse, CreateGroupRequest> = {}) {
  return useChange({ mutationFn: createGroup, reload: reloadGroups }, callbacks);
}

/** Uploading a routine for the group; the upload's progress goes to `onProgress`. */
export function useUploadRoutine({
  onProgress,
  ...callbacks
}: MutationCallbacks<RoutineUploadResponse, RoutineUpload> & { onProgress: (percent: number) => void }) {
  return useChange({ mutationFn: (input: RoutineUpload) => uploadRoutine(input, onProgress) }, callbacks);
}

export function useUpdateGroup(id: number, callbacks: MutationCallbacks<GroupResponse, UpdateGroupRequest> = {}) {
  return useChange(
    { mutationFn: (input: UpdateGroupRequest) => updateGroup(id, input), update: showGroup, reload: reloadGroups },
    callbacks,
  );
}

export function useDeleteGroup(id: number, callbacks: MutationCallbacks<MessageResponse, void> = {}) {
  return useChange(
    {
      mutationFn: () => deleteGroup(id),
      update: (client) => client.removeQueries({ queryKey: keys.groups.detail(id) }),
      reload: reloadGroups,
    },
    callbacks,
  );
}

export function useJoinGroup(callbacks: MutationCallbacks<GroupResponse, string> = {}) {
  return useChange({ mutationFn: joinGroup, reload: reloadGroups }, callbacks);
}

/** A new invite link (true) or the link ended (false). */
export function useInviteLink(id: number, callbacks: MutationCallbacks<GroupResponse, boolean> = {}) {
  return useChange({ mutationFn: (on: boolean) => setInviteLink(id, on), update: showGroup }, callbacks);
}

export function useSendInvitations(id: number, callbacks: MutationCallbacks<InvitationsResponse, string[]> = {}) {
  return useChange({ mutationFn: (emails: string[]) => sendInvitations(id, emails) }, callbacks);
}

/**
 * Removing a member (or leaving, with one's own id): the member leaves the page's list at once; a
 * member who left sees the group no more.
 */
export function useRemoveMember(id: number, callbacks: MutationCallbacks<MessageResponse, number> = {}) {
  return useChange(
    {
      mutationFn: (userId: number) => removeMember(id, userId),
      update: (client, _, userId) =>
        client.setQueryData<GroupDetailResponse>(keys.groups.detail(id), (old) =>
          old
            ? {
                ...old,
                group: { ...old.group, member_count: Math.max(0, old.group.member_count - 1) },
                members: old.members.filter((m) => m.user_id !== userId),
              }
            : old,
        ),
      reload: (client) => invalidate(client, [keys.groups.list(), keys.groups.boards(id), keys.notifications.all()]),
    },
    callbacks,
  );
}

export function useSendNudge(
  id: number,
  callbacks: MutationCallbacks<NudgeResponse, { to: NudgeAudience; message?: string }> = {},
) {
  return useChange({ mutationFn: (input: { to: NudgeAudience; message?: string }) => sendNudge(id, input) }, callbacks);
}

/**
 * Giving a member credits: the giver's balance is the answer's (shown at once); the ledger reloads.
 * The same idempotency key with every retry of one transfer: it moves credits once.
 */
export function useGiveCredits(id: number, callbacks: MutationCallbacks<GiveCreditsResponse, GiveCreditsInput> = {}) {
  return useChange(
    {
      mutationFn: (input: GiveCreditsInput) => giveCredits(id, input),
      update: (client, { balance }) => client.setQueryData(keys.credits.balance(), { credits: balance }),
      reload: (client) => invalidate(client, [keys.credits.all(), keys.profile()]),
      refused: (client) => void client.invalidateQueries({ queryKey: keys.credits.balance() }),
    },
    callbacks,
  );
}
