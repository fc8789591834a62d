import { LIMITS } from "@stepsync/contracts";
import { Camera, Circle, RefreshCw, Square } from "lucide-react";
import { COMPARE_TEXTS } from "../constants/texts";
import { formatMinutes } from "../lib/format";
import { Button } from "./Button";
import { DanceAlongControls } from "./dance-along/DanceAlongControls";
import { LivePoseNote } from "./dance-along/LivePoseNote";
import { Dialog } from "./Dialog";
import { LiveScoringNote } from "./recording/LiveVerdicts";
import { RecordingStage } from "./recording/RecordingStage";
import type { LiveTake } from "./recording/useLiveScoring";
import { type LiveReferenceId, type PracticePart, useRecordingFlow } from "./recording/useRecordingFlow";

/**
 * Records the user's performance with the front camera and hands back a video file (in a format of
 * RECORDING_FORMATS, stopped at LIMITS.recordingMaxMs), with a live skeleton on the preview. With a
 * reference chosen the take can be danced along:
 * the reference plays beside the preview (mirrored by default, with its sound), and recording and
 * playback start together after a 3-2-1 count-in, so the take starts in step with the reference.
 * Such a take is handed back with its clock: where the reference's start played in it (see
 * dance-along/take-clock.ts), so its timing is judged against the reference, not aligned away.
 * Against an analysed reference (`live`) each move's verdict shows as it is danced, and the take
 * comes back with its live verdicts and poses.
 */
export function RecordingDialog({
  open,
  onClose,
  onRecorded,
  referenceUrl = null,
  part = null,
  live = null,
}: {
  open: boolean;
  onClose: () => void;
  /**
   * The take, and for a dance-along take where the reference's start (or the part's) played in it,
   * seconds of the take; null for a take recorded without the reference playing.
   */
  onRecorded: (file: File, takeOffsetS: number | null, liveTake: LiveTake | null) => void;
  /** The chosen reference video (a file's object URL or the library video's URL), if any. */
  referenceUrl?: string | null;
  /**
   * "Practise this part": dancing along plays only this span of the reference (seconds in it), from
   * its start after the count-in, and the take stops when the span ends.
   */
  part?: PracticePart | null;
  /**
   * Live verdicts while dancing along: the library video the reference is (its analysis is loaded
   * before the count-in), or videoId null for a reference not analysed yet (a fresh upload: the
   * dialog says live scoring starts once it is). Absent: no live scoring.
   */
  live?: LiveReferenceId | null;
}) {
  const flow = useRecordingFlow({ open, referenceUrl, part, live, onRecorded });
  const { phase, danceAlong, setDanceAlong, mirrored, setMirrored, withReference, recording, busy, poseStatus } = flow;
  const { retry, start, stop, stopCountIn } = flow;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!recording}
      title={part ? `Practise ${part.label}` : "Record your performance"}
      description={
        part
          ? "Step back so your whole body is in the frame. Only this part of the reference plays, and recording stops when it ends."
          : `Step back so your whole body is in the frame. Recording stops on its own after ${formatMinutes(LIMITS.recordingMaxMs / 1000)}.`
      }
      icon={<Camera className="size-5" aria-hidden />}
      // The sm: prefix outranks the Dialog's own max-w-lg.
      className={withReference ? "sm:max-w-5xl" : "sm:max-w-2xl"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={recording}>
            Cancel
          </Button>
          {phase === "error" ? (
            <Button onClick={retry} icon={<RefreshCw className="size-4" aria-hidden />}>
              {COMPARE_TEXTS.retryCamera}
            </Button>
          ) : recording ? (
            <Button variant="danger" onClick={stop} icon={<Square className="size-4" aria-hidden />}>
              Stop Recording
            </Button>
          ) : phase === "counting" ? (
            <Button variant="secondary" onClick={stopCountIn} icon={<Square className="size-4" aria-hidden />}>
              Stop count-in
            </Button>
          ) : (
            <Button
              onClick={start}
              disabled={phase !== "ready"}
              icon={<Circle className="size-4 fill-current" aria-hidden />}
            >
              {COMPARE_TEXTS.startRecording}
            </Button>
          )}
        </>
      }
    >
      {referenceUrl ? (
        <DanceAlongControls
          danceAlong={danceAlong}
          onDanceAlong={setDanceAlong}
          mirrored={mirrored}
          onMirrored={setMirrored}
          locked={busy}
        />
      ) : null}
      <RecordingStage flow={flow} referenceUrl={referenceUrl} />
      <LivePoseNote status={poseStatus} />
      {withReference ? <LiveScoringNote status={flow.live.status} waiting={flow.live.waiting} /> : null}
    </Dialog>
  );
}
