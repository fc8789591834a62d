import type { CompactTrack } from "@stepsync/contracts";
import { TriangleAlert } from "lucide-react";
import type { RefObject } from "react";
import { PoseOverlay } from "../PoseOverlay";
import type { Which } from "./useSyncedPlayback";

/** One of the two players: caption (with the skeleton's colour key), video, skeleton and its state. */
export function PlayerPanel({
  which,
  videoRef,
  src,
  track,
  problematicJoints,
  showSkeleton,
  ready,
  error,
  onLoaded,
  onFailed,
}: {
  which: Which;
  videoRef: RefObject<HTMLVideoElement | null>;
  src: string;
  track: CompactTrack | undefined;
  problematicJoints: ReadonlyArray<string>;
  showSkeleton: boolean;
  ready: boolean;
  error: string | null;
  onLoaded: () => void;
  onFailed: (code: number | undefined) => void;
}) {
  const isRef = which === "reference";
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 flex items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-white">{isRef ? "Reference" : "Your performance"}</span>
        {!isRef && showSkeleton && track ? (
          <span className="inline-flex items-center gap-3 text-xs text-slate-400">
            <span className="inline-flex items-center gap-1">
              <span className="h-1 w-4 rounded-full bg-accent-400" aria-hidden /> on track
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="h-1 w-4 rounded-full bg-rose-500" aria-hidden /> needs work
            </span>
          </span>
        ) : null}
      </figcaption>
      <div className="relative aspect-video overflow-hidden rounded-2xl border border-white/10 bg-black">
        <video
          ref={videoRef}
          src={src}
          className="absolute inset-0 size-full object-contain"
          playsInline
          preload="auto"
          muted={!isRef}
          aria-label={isRef ? "Reference video" : "Your performance video"}
          data-testid={isRef ? "reference-player" : "user-player"}
          onLoadedData={onLoaded}
          onError={(event) => onFailed(event.currentTarget.error?.code)}
        />
        <PoseOverlay
          videoRef={videoRef}
          track={track}
          problematicJoints={problematicJoints}
          visible={showSkeleton && !error}
        />
        <PlayerOverlay ready={ready} error={error} />
      </div>
    </figure>
  );
}

/** Over the video: why it cannot play, or a spinner until its first frame. */
function PlayerOverlay({ ready, error }: { ready: boolean; error: string | null }) {
  if (error) {
    return (
      <div
        role="alert"
        className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-night-950/85 p-4 text-center text-sm text-rose-200"
      >
        <TriangleAlert className="size-6" aria-hidden />
        {error}
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="absolute inset-0 flex items-center justify-center bg-night-950/60">
        <span className="size-8 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
      </div>
    );
  }
  return null;
}
