import { type ReferenceVideo, SOCIAL_MESSAGES } from "@stepsync/contracts";
import { type InfiniteData, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { followUser, likeVideo, sendFriendRequest, shareVideo } from "../api/library";
import { errorMessage } from "../api/client";
import { useAuth } from "../auth/context";
import type { VideoCardActions } from "./VideoCard";
import { toast } from "../lib/toast";

type Pages =
  | InfiniteData<{ videos: ReferenceVideo[] }>
  | { profile: { recent_videos: ReferenceVideo[] } }
  | { video: ReferenceVideo };

/** Applies a change to every cached copy of the video cards (library pages, profile lists, one shared video). */
function patchCards(
  client: ReturnType<typeof useQueryClient>,
  prefixes: QueryKey[],
  patch: (v: ReferenceVideo) => ReferenceVideo,
) {
  for (const prefix of prefixes) {
    client.setQueriesData<Pages>({ queryKey: prefix }, (old) => {
      if (!old) return old;
      if ("pages" in old) return { ...old, pages: old.pages.map((p) => ({ ...p, videos: p.videos.map(patch) })) };
      if ("profile" in old)
        return { ...old, profile: { ...old.profile, recent_videos: old.profile.recent_videos.map(patch) } };
      if ("video" in old && old.video) return { ...old, video: patch(old.video) };
      return old;
    });
  }
}

/** The card actions: visitors go to /login; like and follow toggle at once (failures silently ignored). */
export function useVideoActions(cacheKeys: QueryKey[]): VideoCardActions {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const toLogin = () => navigate("/login", { state: { from: location } });

  return {
    onPractice(video) {
      navigate("/compare", {
        state: {
          referenceVideo: {
            id: video.id,
            title: video.title,
            category: video.category,
            instructor: video.contributor_name ?? "",
            duration: video.duration,
            description: video.description ?? "",
            videoUrl: video.file_path,
          },
        },
      });
    },
    onLike(video) {
      if (!user) return toLogin();
      const liked = !video.is_liked;
      patchCards(client, cacheKeys, (v) =>
        v.id === video.id ? { ...v, is_liked: liked, likes_count: Math.max(0, v.likes_count + (liked ? 1 : -1)) } : v,
      );
      likeVideo(video.id, liked).catch(() => {});
    },
    onFollow(video) {
      if (!user) return toLogin();
      if (!video.contributor_id) return;
      const following = !video.is_following;
      patchCards(client, cacheKeys, (v) =>
        v.contributor_id === video.contributor_id ? { ...v, is_following: following } : v,
      );
      followUser(video.contributor_id, following).catch(() => {});
    },
    onShare(video) {
      if (!user) return toLogin();
      shareVideo(video.id)
        .then(async ({ share_url }) => {
          try {
            await navigator.clipboard?.writeText(share_url);
          } catch {
            // Clipboard may be refused; the share is still recorded.
          }
          toast.success(SOCIAL_MESSAGES.shared);
        })
        .catch(() => toast.error(SOCIAL_MESSAGES.shareFailed));
    },
    onCommentsChanged(video, delta) {
      patchCards(client, cacheKeys, (v) =>
        v.id === video.id ? { ...v, comments_count: Math.max(0, v.comments_count + delta) } : v,
      );
    },
    onFriend(video) {
      if (!user) return toLogin();
      if (!video.contributor_id) return;
      sendFriendRequest(video.contributor_id)
        .then(() => toast.success(SOCIAL_MESSAGES.friendRequestSent))
        .catch((e) => toast.error(errorMessage(e, SOCIAL_MESSAGES.friendRequestFailed)));
    },
  };
}
