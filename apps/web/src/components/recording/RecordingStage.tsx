import { TriangleAlert } from "lucide-react";
import { COMPARE_TEXTS } from "../../constants/texts";
import { formatRecordingTime } from "../../lib/recorder";
import { cx } from "../cx";
import { ReferenceTile } from "../dance-along/ReferenceTile";
import { LiveVerdictBadge } from "./LiveVerdicts";
import type { RecordingFlow } from "./useRecordingFlow";
import { CameraPreview, CameraStartingOverlay, CountInOverlay } from "./StageOverlays";

/**
 * What the recording dialog shows: the camera preview with its live skeleton (beside the reference
 * when dancing along), and over it the count-in, the camera's start or error, the timer and, scored
 * live, each move's verdict and the running score.
 */
export function RecordingStage({ flow, referenceUrl }: { flow: RecordingFlow; referenceUrl: string | null }) {
  const {
    phase,
    error,
    elapsed,
    count,
    mirrored,
    withReference,
    recording,
    warn,
    poseStatus,
    videoRef,
    skeletonRef,
    referenceRef,
    live,
  } = flow;
  return (
    <div className={cx("relative", withReference && "sm:grid sm:grid-cols-2 sm:gap-3")} data-testid="recording-stage">
      {withReference && referenceUrl ? (
        <ReferenceTile
          src={referenceUrl}
          videoRef={referenceRef}
          mirrored={mirrored}
          className="h-[min(44vh,30rem)] sm:h-[min(58vh,32rem)]"
        />
      ) : null}
      {/* The camera tile stays the same element whichever the layout, so the stream is kept. */}
      <div
        className={cx(
          "overflow-hidden rounded-2xl border border-white/10 bg-black",
          withReference
            ? "absolute bottom-3 right-3 z-10 aspect-[3/4] w-[34%] shadow-xl shadow-black/60 sm:static sm:aspect-auto sm:h-[min(58vh,32rem)] sm:w-auto sm:shadow-none"
            : "relative aspect-video",
        )}
      >
        <CameraPreview
          videoRef={videoRef}
          skeletonRef={skeletonRef}
          poseStatus={poseStatus}
          videoClassName={withReference ? "object-cover sm:object-contain" : "object-cover"}
        />
      </div>
      {phase === "counting" ? <CountInOverlay count={count} label={`Recording starts in ${count}`} /> : null}
      {phase === "initializing" ? <CameraStartingOverlay /> : null}
      {phase === "error" ? (
        <div
          role="alert"
          className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 rounded-2xl bg-night-950/90 p-6 text-center text-sm text-rose-200"
        >
          <TriangleAlert className="size-7" aria-hidden />
          {error}
        </div>
      ) : null}
      {recording && withReference ? <LiveVerdictBadge moves={live.moves} score={live.score} /> : null}
      {recording ? (
        <div
          className={cx(
            "absolute top-3 z-20 flex flex-wrap items-center justify-end gap-2",
            withReference ? "right-3" : "left-3",
          )}
        >
          <span className="inline-flex items-center gap-2 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold tabular-nums text-white">
            <span className="size-2.5 animate-pulse rounded-full bg-rose-500" aria-hidden />
            <span role="timer" aria-label="Recording time">
              {formatRecordingTime(elapsed)}
            </span>
          </span>
          {warn ? (
            <span
              role="status"
              className="rounded-full bg-yellow-400/90 px-3 py-1 text-xs font-semibold text-night-950"
            >
              {COMPARE_TEXTS.autoStopWarning}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
