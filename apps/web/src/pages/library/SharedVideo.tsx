import { LIBRARY_MESSAGES, SHARED_VIDEO_TEXTS } from "@stepsync/contracts";
import { Share2, X } from "lucide-react";
import { useId } from "react";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Spinner } from "../../components/Spinner";
import { VideoCard, type VideoCardActions } from "../../components/VideoCard";
import { useReferenceVideo } from "../../api/library";

/** The id in a shared link's ?video=, or null when it is not a positive whole number. */
export function parseVideoId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The video a shared link points at (/library?video=ID), above the library with an accent ring, or the
 * server's error ('Video not found') in its place. "Show all videos" drops the parameter.
 */
export function SharedVideo({
  raw,
  viewerId,
  actions,
  onDismiss,
}: {
  raw: string;
  viewerId: number | undefined;
  actions: VideoCardActions;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const id = parseVideoId(raw);
  const query = useReferenceVideo(id);
  const showAll = (
    <Button variant="ghost" size="sm" icon={<X className="size-4" aria-hidden />} onClick={onDismiss}>
      {SHARED_VIDEO_TEXTS.showAll}
    </Button>
  );

  if (id === null || query.isError) {
    return (
      <Alert className="mb-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span>{id === null ? LIBRARY_MESSAGES.videoNotFound : query.error?.message}</span>
          {showAll}
        </div>
      </Alert>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 rounded-3xl border border-accent-400/30 bg-accent-500/[0.06] p-4 sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="inline-flex items-center gap-2 text-base font-semibold text-white">
          <Share2 className="size-4 text-accent-300" aria-hidden />
          {SHARED_VIDEO_TEXTS.title}
        </h2>
        {showAll}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10 text-slate-400">
          <Spinner label={SHARED_VIDEO_TEXTS.loading} />
        </div>
      ) : (
        <div className="flex max-w-sm flex-col rounded-3xl shadow-lg shadow-accent-500/20 ring-2 ring-accent-400">
          <VideoCard video={query.data.video} viewerId={viewerId} actions={actions} />
        </div>
      )}
    </section>
  );
}
