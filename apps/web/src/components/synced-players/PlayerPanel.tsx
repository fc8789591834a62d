import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import { TriangleAlert } from "lucide-react";
import type { CSSProperties, RefObject } from "react";
import type { Ghost } from "../../lib/ghost-pose";
import { PoseOverlay } from "../PoseOverlay";
import { cx } from "../cx";
import { aspectOf, DEFAULT_ASPECT } from "./layout";
import type { Which } from "./useSyncedPlayback";

/**
 * Where a panel goes (see layout.ts). The box has the video's own shape; its width is capped so its
 * height stays within --player-h (set by SyncedPlayers). Side by side ("side", and "main" from md),
 * both grow from a basis of that height × their shape and shrink alike, so the two end up the same
 * height, centred. "pip": on a phone, a small picture over the other panel's bottom-right corner.
 */
const PLACEMENT = {
  main: "w-[min(100%,calc(var(--player-h)*var(--aspect)))] md:w-auto md:flex-[0_1_calc(var(--player-h)*var(--aspect))]",
  side: "flex-[0_1_calc(var(--player-h)*var(--aspect))]",
  pip: "max-md:absolute max-md:bottom-2 max-md:right-2 max-md:z-10 max-md:w-[min(50%,calc(28svh*var(--aspect)))] md:flex-[0_1_calc(var(--player-h)*var(--aspect))]",
} as const;

/**
 * One of the two players: caption, video, skeleton and its state (the skeleton's colour key is
 * SyncedPlayers', under both).
 * `mirrored` flips the video and its skeleton together (the caption, spinner and errors stay readable).
 */
export function PlayerPanel({
  which,
  videoRef,
  src,
  track,
  problematicJoints,
  showSkeleton,
  limbScores = null,
  ghost = null,
  showGhost = false,
  mirrored = false,
  placement = "main",
  aspect,
  onAspect,
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
  /** The user's skeleton coloured limb by limb (results.limb_scores); null: the problem joints in red. */
  limbScores?: LimbScores | null;
  /** The teacher's pose to draw faintly over this video; null when there is no pairing to trust. */
  ghost?: Ghost | null;
  showGhost?: boolean;
  mirrored?: boolean;
  placement?: keyof typeof PLACEMENT;
  /** The video's width / height once its metadata says (null before), reported through onAspect. */
  aspect: number | null;
  onAspect: (aspect: number | null) => void;
  ready: boolean;
  error: string | null;
  onLoaded: () => void;
  onFailed: (code: number | undefined) => void;
}) {
  const isRef = which === "reference";
  const pip = placement === "pip";
  const shape = aspect ?? DEFAULT_ASPECT;
  return (
    <figure
      className={cx("@container min-w-0", PLACEMENT[placement])}
      style={{ "--aspect": shape } as CSSProperties}
      data-testid={`${which}-panel`}
      data-placement={placement}
    >
      <figcaption className={cx("mb-2 truncate text-sm font-semibold text-white", pip && "max-md:sr-only")}>
        {isRef ? (
          "Reference"
        ) : (
          // A narrow portrait video (a phone's, beside a landscape reference) says "You": its full
          // name would be cut to "Your perfor…". Screen readers hear the full name either way.
          <>
            <span className="@max-[9rem]:sr-only">Your performance</span>
            <span className="hidden @max-[9rem]:inline" aria-hidden>
              You
            </span>
          </>
        )}
      </figcaption>
      <div
        className={cx(
          "relative overflow-hidden border bg-black",
          pip
            ? "rounded-xl border-white/10 max-md:border-white/70 max-md:shadow-xl max-md:shadow-black/60 md:rounded-2xl"
            : "rounded-2xl border-white/10",
        )}
        style={{ aspectRatio: shape }}
        data-testid={`${which}-box`}
      >
        <div
          className="absolute inset-0"
          style={mirrored ? { transform: "scaleX(-1)" } : undefined}
          data-testid={`${which}-picture`}
          data-mirrored={mirrored || undefined}
        >
          <video
            ref={videoRef}
            src={src}
            className="absolute inset-0 size-full object-contain"
            playsInline
            preload="auto"
            muted={!isRef}
            aria-label={isRef ? "Reference video" : "Your performance video"}
            data-testid={isRef ? "reference-player" : "user-player"}
            onLoadedMetadata={(event) =>
              onAspect(aspectOf(event.currentTarget.videoWidth, event.currentTarget.videoHeight))
            }
            onLoadedData={onLoaded}
            onError={(event) => onFailed(event.currentTarget.error?.code)}
          />
          <PoseOverlay
            videoRef={videoRef}
            track={track}
            problematicJoints={problematicJoints}
            visible={showSkeleton && !error}
            limbScores={limbScores}
            ghost={ghost}
            showGhost={showGhost && !error}
            teacher={which === "reference"}
          />
        </div>
        {pip ? (
          <span className="pointer-events-none absolute left-1.5 top-1.5 rounded-full bg-night-950/70 px-1.5 py-px text-[10px] font-semibold text-white md:hidden">
            Reference
          </span>
        ) : null}
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
