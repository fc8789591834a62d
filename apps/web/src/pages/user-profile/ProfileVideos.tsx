import { LIBRARY_MESSAGES, type PublicProfile, type ReferenceVideo } from "@stepsync/contracts";
import { Video } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { VideoCard, type VideoCardActions } from "../../components/VideoCard";
import { useMoreContributorVideos } from "../../api/library";

/**
 * A profile's Videos tab: the newest approved videos the profile came with, then Load More pages
 * through the rest of the contributor's library videos (as many as videos_count says there are).
 */
export function ProfileVideos({
  userId,
  profile,
  viewerId,
  actions,
}: {
  /** The profile's address part (its cache key). */
  userId: string;
  profile: PublicProfile;
  viewerId: number | undefined;
  actions: VideoCardActions;
}) {
  const first = profile.recent_videos;
  const [wantMore, setWantMore] = useState(false);
  // Pages the size of the first one, from the second on: newest first, as recent_videos are.
  const more = useMoreContributorVideos(userId, profile.id, Math.max(first.length, 1), wantMore);
  const videos = uniqueById([...first, ...(more.data?.pages.flatMap((p) => p.videos) ?? [])]);
  const hasMore = more.data ? more.hasNextPage : profile.videos_count > first.length;

  if (first.length === 0)
    return <EmptyState icon={<Video className="size-7" aria-hidden />}>No videos yet.</EmptyState>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Videos">
        {videos.map((v) => (
          <li key={v.id} className="flex flex-col">
            <VideoCard video={v} viewerId={viewerId} actions={actions} />
          </li>
        ))}
      </ul>
      {more.isError ? <Alert className="mt-4">{LIBRARY_MESSAGES.fetchFailed}</Alert> : null}
      {hasMore ? (
        <div className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-400">
            Showing {videos.length} of {profile.videos_count}
          </p>
          <Button
            variant="secondary"
            loading={more.isFetching}
            onClick={() => {
              if (!wantMore) setWantMore(true);
              else if (!more.data) void more.refetch();
              else void more.fetchNextPage();
            }}
          >
            {LIBRARY_MESSAGES.loadMore}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** A video approved while paging can shift the pages by one: each shows once. */
function uniqueById(videos: ReferenceVideo[]): ReferenceVideo[] {
  const seen = new Set<number>();
  return videos.filter((v) => !seen.has(v.id) && seen.add(v.id));
}
