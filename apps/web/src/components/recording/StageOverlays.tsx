import type { RefObject } from "react";
import { COMPARE_TEXTS } from "../../constants/texts";
import type { LivePoseStatus } from "../../lib/browser-pose/live-pose";
import { cx } from "../cx";

/** The 3-2-1 over a camera stage, said to screen readers as `label` ("Recording starts in 2"). */
export function CountInOverlay({ count, label }: { count: number; label: string }) {
  return (
    <output
      aria-live="assertive"
      aria-label={label}
      data-testid="count-in"
      className="pointer-events-none absolute inset-0 z-20 flex flex-col items-center justify-center gap-2 rounded-2xl bg-night-950/45"
    >
      <span key={count} className="animate-fade-up text-8xl font-black tabular-nums text-white drop-shadow-lg">
        {count}
      </span>
      <span className="text-sm font-semibold uppercase tracking-widest text-accent-200">Get ready</span>
    </output>
  );
}

/** Over a camera stage while the camera starts. */
export function CameraStartingOverlay() {
  return (
    <output className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 rounded-2xl bg-night-950/80 text-sm text-slate-300">
      <span className="size-8 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
      {COMPARE_TEXTS.initializingCamera}
    </output>
  );
}

/**
 * The camera's preview as the dancer sees themself (mirrored), with the live skeleton drawn over it;
 * `videoClassName` fits the picture to its frame.
 */
export function CameraPreview({
  videoRef,
  skeletonRef,
  poseStatus,
  videoClassName,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  skeletonRef: RefObject<HTMLCanvasElement | null>;
  poseStatus: LivePoseStatus | null;
  videoClassName: string;
}) {
  return (
    <div className="relative size-full -scale-x-100">
      <video
        ref={videoRef}
        className={cx("size-full", videoClassName)}
        muted
        playsInline
        autoPlay
        aria-label="Camera preview"
      />
      <canvas
        ref={skeletonRef}
        className="pointer-events-none absolute inset-0 size-full"
        aria-hidden
        data-testid="live-skeleton"
        data-status={poseStatus ?? undefined}
      />
    </div>
  );
}
