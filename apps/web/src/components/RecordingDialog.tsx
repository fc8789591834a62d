import { LIMITS } from "@stepsync/contracts";
import { Camera, Circle, RefreshCw, Square, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { COMPARE_TEXTS } from "../constants/texts";
import { useLivePose } from "../lib/browser-pose/useLivePose";
import {
  CAMERA_CONSTRAINTS,
  cameraErrorText,
  chooseRecordingFormat,
  extensionFor,
  formatClock,
  withTimeout,
} from "../lib/recorder";
import { Button } from "./Button";
import { cx } from "./cx";
import { COUNT_IN_FROM, countIn } from "./dance-along/count-in";
import { DanceAlongControls } from "./dance-along/DanceAlongControls";
import { LivePoseNote } from "./dance-along/LivePoseNote";
import { ReferenceTile } from "./dance-along/ReferenceTile";
import { type TakeClock, watchTakeClock } from "./dance-along/take-clock";
import { Dialog } from "./Dialog";

type Phase = "initializing" | "ready" | "counting" | "recording" | "error";

const READY_FALLBACK_MS = 5000;

/**
 * Records the user's performance with the front camera and hands back a video file (part 2 §2, §4,
 * §5), with a live skeleton on the preview. With a reference chosen the take can be danced along:
 * the reference plays beside the preview (mirrored by default, with its sound), and recording and
 * playback start together after a 3-2-1 count-in, so the take starts in step with the reference.
 * Such a take is handed back with its clock: where the reference's start played in it (see
 * dance-along/take-clock.ts), so its timing is judged against the reference, not aligned away.
 */
export function RecordingDialog({
  open,
  onClose,
  onRecorded,
  referenceUrl = null,
  part = null,
}: {
  open: boolean;
  onClose: () => void;
  /**
   * The take, and for a dance-along take where the reference's start (or the part's) played in it,
   * seconds of the take; null for a take recorded without the reference playing.
   */
  onRecorded: (file: File, takeOffsetS: number | null) => void;
  /** The chosen reference video (a file's object URL or the library video's URL), if any. */
  referenceUrl?: string | null;
  /**
   * "Practise this part": dancing along plays only this span of the reference (seconds in it), from
   * its start after the count-in, and the take stops when the span ends.
   */
  part?: { start_s: number; end_s: number; label: string } | null;
}) {
  const [phase, setPhase] = useState<Phase>("initializing");
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [danceAlong, setDanceAlong] = useState(Boolean(referenceUrl));
  const [mirrored, setMirrored] = useState(true);
  const [count, setCount] = useState(COUNT_IN_FROM);
  const videoRef = useRef<HTMLVideoElement>(null);
  const skeletonRef = useRef<HTMLCanvasElement>(null);
  const referenceRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const formatRef = useRef<string>("video/webm");
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const cancelCountRef = useRef<() => void>(() => undefined);
  const takeClockRef = useRef<TakeClock | null>(null);
  const attemptRef = useRef(0);

  const withReference = danceAlong && Boolean(referenceUrl);
  const partStart = part?.start_s ?? 0;
  const partEnd = part?.end_s ?? null;
  const recording = phase === "recording";
  const poseStatus = useLivePose(open, videoRef, skeletonRef, recording);

  // Each opening starts from the default: dance along whenever there is a reference.
  useEffect(() => {
    if (open) setDanceAlong(Boolean(referenceUrl));
  }, [open, referenceUrl]);

  const stopStream = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const init = useCallback(async () => {
    const attempt = ++attemptRef.current;
    setPhase("initializing");
    setError(null);
    setElapsed(0);
    stopStream();
    const fail = (text: string) => {
      if (attempt !== attemptRef.current) return;
      setError(text);
      setPhase("error");
    };
    if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") {
      fail(COMPARE_TEXTS.cameraUnsupported);
      return;
    }
    if (typeof MediaRecorder === "undefined") {
      fail(COMPARE_TEXTS.recorderUnsupported);
      return;
    }
    const format = chooseRecordingFormat((t) => MediaRecorder.isTypeSupported(t));
    if (!format) {
      fail(COMPARE_TEXTS.noRecordingFormat);
      return;
    }
    formatRef.current = format;
    try {
      const stream = await withTimeout(
        navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS),
        LIMITS.cameraTimeoutMs,
        (late) => {
          for (const t of late.getTracks()) t.stop();
        },
      );
      if (attempt !== attemptRef.current) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, READY_FALLBACK_MS);
          video.onloadedmetadata = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        await video.play().catch(() => undefined);
      }
      if (attempt === attemptRef.current) setPhase("ready");
    } catch (err) {
      fail(cameraErrorText(err));
    }
  }, [stopStream]);

  useEffect(() => {
    if (!open) return;
    void init();
    return () => {
      attemptRef.current++;
      cancelCountRef.current();
      clearInterval(tickRef.current);
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      recorderRef.current = null;
      takeClockRef.current?.stop();
      takeClockRef.current = null;
      referenceRef.current?.pause();
      stopStream();
    };
  }, [open, init, stopStream]);

  const stop = useCallback(() => {
    clearInterval(tickRef.current);
    referenceRef.current?.pause();
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }, []);

  /** The reference from its first frame, with sound when the browser allows it, muted otherwise. */
  function playReference() {
    const reference = referenceRef.current;
    if (!reference) return;
    if (reference.currentTime !== partStart) reference.currentTime = partStart;
    reference.muted = false;
    void reference
      .play()
      .catch(() => {
        reference.muted = true;
        return reference.play();
      })
      .catch(() => undefined);
  }

  function record(alongReference: boolean) {
    const stream = streamRef.current;
    if (!stream) return;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: formatRef.current });
    } catch {
      setError(COMPARE_TEXTS.noRecordingFormat);
      setPhase("error");
      return;
    }
    chunksRef.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data && event.data.size > 0) chunksRef.current.push(event.data);
    };
    // The take captures from start() on; its start event comes a moment later (200 ms in Chromium
    // under load). The reference and the clock start with start() itself, so the reference's first
    // frame is the take's first: waiting for the event put the dancer 0.2–0.3 s behind. The
    // reference still takes a moment to play: the take's clock measures where its start landed.
    const begin = (recordingStartedAt: number) => {
      takeClockRef.current?.stop();
      const reference = referenceRef.current;
      takeClockRef.current =
        alongReference && reference ? watchTakeClock(reference, { recordingStartedAt, startS: partStart }) : null;
      if (alongReference) playReference();
      const began = performance.now();
      tickRef.current = setInterval(() => {
        const ms = performance.now() - began;
        setElapsed(ms);
        if (ms >= LIMITS.recordingMaxMs) stop();
      }, 250);
    };
    recorder.onstop = () => {
      const type = (recorder.mimeType || formatRef.current).split(";")[0] || "video/webm";
      const blob = new Blob(chunksRef.current, { type });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
      const file = new File([blob], `recording-${stamp}.${extensionFor(type)}`, { type });
      recorderRef.current = null;
      const takeOffsetS = takeClockRef.current?.offsetS() ?? null;
      takeClockRef.current?.stop();
      takeClockRef.current = null;
      stopStream();
      onRecorded(file, takeOffsetS);
    };
    recorderRef.current = recorder;
    setElapsed(0);
    setPhase("recording");
    const recordingStartedAt = performance.now();
    recorder.start(1000);
    begin(recordingStartedAt);
  }

  function start() {
    if (!streamRef.current) return;
    if (!withReference) {
      record(false);
      return;
    }
    const reference = referenceRef.current;
    if (reference) {
      reference.pause();
      if (reference.currentTime !== partStart) reference.currentTime = partStart;
    }
    setPhase("counting");
    cancelCountRef.current = countIn(COUNT_IN_FROM, setCount, () => record(true));
  }

  function stopCountIn() {
    cancelCountRef.current();
    setPhase("ready");
  }

  // A part waits on its first frame, and the take ends with it (the reference's clock says when).
  useEffect(() => {
    const reference = referenceRef.current;
    if (!open || !withReference || !reference || partEnd === null) return;
    const cue = () => {
      if (reference.paused && Math.abs(reference.currentTime - partStart) > 0.05) reference.currentTime = partStart;
    };
    const endOfPart = () => {
      if (reference.paused || reference.currentTime < partEnd) return;
      reference.pause();
      if (recorderRef.current?.state === "recording") stop();
    };
    if (reference.readyState >= 1) cue();
    reference.addEventListener("loadedmetadata", cue);
    reference.addEventListener("timeupdate", endOfPart);
    return () => {
      reference.removeEventListener("loadedmetadata", cue);
      reference.removeEventListener("timeupdate", endOfPart);
    };
  }, [open, withReference, partStart, partEnd, stop]);

  const warn = recording && elapsed >= LIMITS.recordingWarnMs;
  const busy = phase === "counting" || recording;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!recording}
      title={part ? `Practise ${part.label}` : "Record your performance"}
      description={
        part
          ? "Step back so your whole body is in the frame. Only this part of the reference plays, and recording stops when it ends."
          : "Step back so your whole body is in the frame. Recording stops on its own after 5 minutes."
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
            <Button onClick={() => void init()} icon={<RefreshCw className="size-4" aria-hidden />}>
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
          <div className="relative size-full -scale-x-100">
            <video
              ref={videoRef}
              className={cx("size-full", withReference ? "object-cover sm:object-contain" : "object-cover")}
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
        </div>
        {phase === "counting" ? (
          <output
            aria-live="assertive"
            aria-label={`Recording starts in ${count}`}
            data-testid="count-in"
            className="pointer-events-none absolute inset-0 z-20 flex flex-col items-center justify-center gap-2 rounded-2xl bg-night-950/45"
          >
            <span key={count} className="animate-fade-up text-8xl font-black tabular-nums text-white drop-shadow-lg">
              {count}
            </span>
            <span className="text-sm font-semibold uppercase tracking-widest text-accent-200">Get ready</span>
          </output>
        ) : null}
        {phase === "initializing" ? (
          <output className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 rounded-2xl bg-night-950/80 text-sm text-slate-300">
            <span className="size-8 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
            {COMPARE_TEXTS.initializingCamera}
          </output>
        ) : null}
        {phase === "error" ? (
          <div
            role="alert"
            className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 rounded-2xl bg-night-950/90 p-6 text-center text-sm text-rose-200"
          >
            <TriangleAlert className="size-7" aria-hidden />
            {error}
          </div>
        ) : null}
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
                {formatClock(elapsed)}
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
      <LivePoseNote status={poseStatus} />
    </Dialog>
  );
}
