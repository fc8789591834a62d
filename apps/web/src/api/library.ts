import {
  COMMENT_TEXTS,
  type CommentResponse,
  type CommentsResponse,
  type FollowersResponse,
  type FollowingResponse,
  type FollowResponse,
  type FriendAnswerResponse,
  type FriendRequestResponse,
  type FriendsList,
  LIBRARY_MESSAGES,
  type LeaderboardEntry,
  type LibraryPage,
  type LibraryQuery,
  type LikeResponse,
  type MessageResponse,
  type VideoComment,
  type MyVideos,
  type OwnReferenceVideoAnswer,
  type ProgressChartPoint,
  type PublicProfileResponse,
  type ReferenceVideoAnswer,
  SOCIAL_MESSAGES,
  type ShareResponse,
  type Timeframe,
  UPLOAD_MESSAGES,
  type UploadReferenceResponse,
  LIMITS,
} from "@stepsync/contracts";
import { apiRequest, uploadForm } from "./client";
import { type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { keys, type MutationCallbacks, useChange } from "./keys";

export function listLibrary(query: LibraryQuery, signal?: AbortSignal): Promise<LibraryPage> {
  return apiRequest("/api/reference-videos", {
    query: query as Record<string, string | number | undefined>,
    signal,
    fallback: LIBRARY_MESSAGES.fetchFailed,
  });
}

/** The contributor's own uploads, any status. */
export const getMyVideos = (signal?: AbortSignal) =>
  apiRequest<MyVideos>("/api/reference-videos/mine", {
    signal,
    fallback: "Failed to fetch videos",
  });

/** The form of the contributor's edit dialog (tags comma-separated). */
export interface MyVideoEdit {
  title: string;
  description: string;
  category: string;
  difficulty: string;
  tags: string;
}

export const updateMyVideo = (id: number, input: MyVideoEdit) =>
  apiRequest<OwnReferenceVideoAnswer>(`/api/reference-videos/${id}`, {
    method: "PUT",
    body: input,
    fallback: "Failed to update video",
  });

export const deleteMyVideo = (id: number) =>
  apiRequest<MessageResponse>(`/api/reference-videos/${id}`, {
    method: "DELETE",
    fallback: "Failed to delete video",
  });

/** One approved video (the card a shared link points at); 404 'Video not found' otherwise. */
export const getReferenceVideo = (id: number, signal?: AbortSignal) =>
  apiRequest<ReferenceVideoAnswer>(`/api/reference-videos/${id}`, {
    signal,
    fallback: LIBRARY_MESSAGES.videoNotFound,
  });

/** A video's comments, oldest first (public). */
export const getComments = (videoId: number, signal?: AbortSignal) =>
  apiRequest<CommentsResponse>(`/api/reference-videos/${videoId}/comments`, {
    signal,
    fallback: COMMENT_TEXTS.fetchFailed,
  });

export const postComment = (videoId: number, content: string) =>
  apiRequest<CommentResponse>(`/api/reference-videos/${videoId}/comments`, {
    method: "POST",
    body: { content },
    fallback: COMMENT_TEXTS.postFailed,
  });

/** Deletes one's own comment (admins any). */
export const deleteComment = (commentId: number) =>
  apiRequest<MessageResponse>(`/api/comments/${commentId}`, {
    method: "DELETE",
    fallback: COMMENT_TEXTS.deleteFailed,
  });

export const likeVideo = (id: number, liked: boolean) =>
  apiRequest<LikeResponse>(`/api/reference-videos/${id}/${liked ? "like" : "unlike"}`, {
    method: "POST",
  });

export const followUser = (id: number, follow: boolean) =>
  apiRequest<FollowResponse>(`/api/users/${id}/${follow ? "follow" : "unfollow"}`, {
    method: "POST",
  });

export const shareVideo = (id: number) =>
  apiRequest<ShareResponse>(`/api/videos/${id}/share`, {
    method: "POST",
    body: { share_type: "public" },
    fallback: SOCIAL_MESSAGES.shareFailed,
  });

export const sendFriendRequest = (userId: number) =>
  apiRequest<FriendRequestResponse>("/api/friends/request", {
    method: "POST",
    body: { user_id: userId },
    fallback: SOCIAL_MESSAGES.friendRequestFailed,
  });

export const getFriends = (signal?: AbortSignal) => apiRequest<FriendsList>("/api/friends", { signal });
export const answerFriendRequest = (requestId: number, accept: boolean) =>
  apiRequest<FriendAnswerResponse>(`/api/friends/${requestId}/${accept ? "accept" : "decline"}`, { method: "POST" });

export const getPublicProfile = (userId: string, signal?: AbortSignal) =>
  apiRequest<PublicProfileResponse>(`/api/users/${encodeURIComponent(userId)}/profile`, {
    signal,
    fallback: SOCIAL_MESSAGES.profileNotFound,
  });
export const getFollowers = (userId: string, signal?: AbortSignal) =>
  apiRequest<FollowersResponse>(`/api/users/${encodeURIComponent(userId)}/followers`, { signal });
export const getFollowing = (userId: string, signal?: AbortSignal) =>
  apiRequest<FollowingResponse>(`/api/users/${encodeURIComponent(userId)}/following`, { signal });

export const getLeaderboard = (timeframe: Timeframe, activityType?: string, signal?: AbortSignal) =>
  apiRequest<LeaderboardEntry[]>("/api/leaderboard", {
    query: { timeframe, activity_type: activityType },
    signal,
    fallback: SOCIAL_MESSAGES.leaderboardFailed,
  });

export const getCommunityProgress = (timeframe: Timeframe, activityType?: string, signal?: AbortSignal) =>
  apiRequest<ProgressChartPoint[]>("/api/community/progress", {
    query: { timeframe, activity_type: activityType },
    signal,
    fallback: SOCIAL_MESSAGES.progressFailed,
  });

/** Uploads a reference video; `onProgress` gets 0–100. */
export function uploadReferenceVideo(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadReferenceResponse> {
  return uploadForm("/api/reference-videos", form, onProgress, {
    fallback: UPLOAD_MESSAGES.uploadFailed,
    networkFallback: UPLOAD_MESSAGES.uploadFailedRetry,
  });
}

// Queries ------------------------------------------------------------------------------------------

/** The next page of a paged answer, or none after the last. */
const nextPage = (last: { pagination?: { has_more: boolean; page: number } }) =>
  last.pagination?.has_more ? last.pagination.page + 1 : undefined;

/** The library's cards for these filters, a page at a time. */
export function useLibraryPages(filters: LibraryQuery) {
  return useInfiniteQuery({
    queryKey: keys.library.list(filters),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      listLibrary({ ...filters, page: pageParam, limit: LIMITS.libraryPageSize }, signal),
    getNextPageParam: nextPage,
  });
}

/**
 * A contributor's videos after the first page a profile shows: pages the size of that one, from the
 * second on, newest first; asked only once `enabled`.
 */
export function useMoreContributorVideos(userId: string, contributorId: number, pageSize: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...keys.social.profile(userId), "videos"],
    initialPageParam: 2,
    queryFn: ({ pageParam, signal }) =>
      listLibrary({ contributor_id: contributorId, sort_by: "recent", page: pageParam, limit: pageSize }, signal),
    getNextPageParam: nextPage,
    enabled,
  });
}

/** The contributor's own uploads. */
export function useMyVideos() {
  return useQuery({ queryKey: keys.library.mine(), queryFn: ({ signal }) => getMyVideos(signal) });
}

/** One library video (a shared link's card). Every fetch counts a view on the server: fetched once per visit. */
export function useReferenceVideo(id: number | null) {
  return useQuery({
    queryKey: keys.library.video(id ?? 0),
    queryFn: ({ signal }) => getReferenceVideo(id ?? 0, signal),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A video's comments, oldest first. */
export function useComments(videoId: number) {
  return useQuery({ queryKey: keys.library.comments(videoId), queryFn: ({ signal }) => getComments(videoId, signal) });
}

export function useFriends() {
  return useQuery({ queryKey: keys.social.friends(), queryFn: ({ signal }) => getFriends(signal) });
}

/** A user's public profile; a missing one is an answer, not retried. */
export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: keys.social.profile(userId),
    queryFn: ({ signal }) => getPublicProfile(userId, signal),
    retry: false,
  });
}

/** Who follows a user, or whom they follow. */
export function useFollows(userId: string, which: "followers" | "following") {
  return useQuery({
    queryKey: keys.social.follows(userId, which),
    queryFn: async ({ signal }) =>
      which === "followers"
        ? (await getFollowers(userId, signal)).followers
        : (await getFollowing(userId, signal)).following,
  });
}

/** The leaderboard of a timeframe, for one style or ("" ) all. */
export function useLeaderboard(timeframe: Timeframe, style: string) {
  return useQuery({
    queryKey: keys.social.leaderboard(timeframe, style),
    queryFn: ({ signal }) => getLeaderboard(timeframe, style || undefined, signal),
  });
}

// Changes ------------------------------------------------------------------------------------------

/** A change of the library's videos: every list and card of the library reloads. */
const libraryReload = (client: QueryClient) => void client.invalidateQueries({ queryKey: keys.library.all() });

/** A video's comment list, changed in place (nothing reloaded). */
const editComments = (client: QueryClient, videoId: number, change: (list: VideoComment[]) => VideoComment[]) =>
  client.setQueryData<CommentsResponse>(keys.library.comments(videoId), (old) => ({
    comments: change(old?.comments ?? []),
  }));

/** Posting a comment: the video's comment list shows it at once. */
export function usePostComment(videoId: number, callbacks: MutationCallbacks<CommentResponse, string> = {}) {
  return useChange(
    {
      mutationFn: (content: string) => postComment(videoId, content),
      update: (client, { comment }) =>
        editComments(client, videoId, (list) => [...list.filter((c) => c.id !== comment.id), comment]),
    },
    callbacks,
  );
}

/** Deleting a comment (by its id): it leaves the video's comment list at once. */
export function useDeleteComment(videoId: number, callbacks: MutationCallbacks<MessageResponse, number> = {}) {
  return useChange(
    {
      mutationFn: deleteComment,
      update: (client, _, commentId) => editComments(client, videoId, (list) => list.filter((c) => c.id !== commentId)),
    },
    callbacks,
  );
}

/** A contributor's edit of their video (an approved one waits for review). */
export function useUpdateMyVideo(id: number, callbacks: MutationCallbacks<OwnReferenceVideoAnswer, MyVideoEdit> = {}) {
  return useChange({ mutationFn: (input: MyVideoEdit) => updateMyVideo(id, input), update: libraryReload }, callbacks);
}

/** A contributor deletes their video. */
export function useDeleteMyVideo(id: number, callbacks: MutationCallbacks<MessageResponse, void> = {}) {
  return useChange({ mutationFn: () => deleteMyVideo(id), update: libraryReload }, callbacks);
}

/** Accepting or declining a friend request: the friends list reloads. */
export function useAnswerFriendRequest(
  callbacks: MutationCallbacks<FriendAnswerResponse, { requestId: number; accept: boolean }> = {},
) {
  return useChange(
    {
      mutationFn: ({ requestId, accept }: { requestId: number; accept: boolean }) =>
        answerFriendRequest(requestId, accept),
      reload: (client) => client.invalidateQueries({ queryKey: keys.social.friends() }),
    },
    callbacks,
  );
}
