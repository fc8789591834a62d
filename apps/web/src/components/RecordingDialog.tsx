import { LIMITS } from "@stepsync/contracts";
import { Camera, Circle, RefreshCw, Square, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { COMPARE_TEXTS } from "../constants/texts";
import {
  CAMERA_CONSTRAINTS,
  cameraErrorText,
  chooseRecordingFormat,
  extensionFor,
  formatClock,
  withTimeout,
} from "../lib/recorder";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

type Phase = "initializing" | "ready" | "recording" | "error";

const READY_FALLBACK_MS = 5000;

/** Records the user's performance with the front camera and hands back a video file (part 2 §2, §4, §5). */
export function RecordingDialog({
  open,
  onClose,
  onRecorded,
}: {
  open: boolean;
  onClose: () => void;
  onRecorded: (file: File) => void;
}) {
  const [phase, setPhase] = useState<Phase>("initializing");
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const formatRef = useRef<string>("video/webm");
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const attemptRef = useRef(0);

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
      clearInterval(tickRef.current);
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.stop();
      }
      recorderRef.current = null;
      stopStream();
    };
  }, [open, init, stopStream]);

  const stop = useCallback(() => {
    clearInterval(tickRef.current);
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }, []);

  function start() {
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
    recorder.onstop = () => {
      const type = (recorder.mimeType || formatRef.current).split(";")[0] || "video/webm";
      const blob = new Blob(chunksRef.current, { type });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
      const file = new File([blob], `recording-${stamp}.${extensionFor(type)}`, { type });
      recorderRef.current = null;
      stopStream();
      onRecorded(file);
    };
    recorderRef.current = recorder;
    recorder.start(1000);
    const began = Date.now();
    setElapsed(0);
    setPhase("recording");
    tickRef.current = setInterval(() => {
      const ms = Date.now() - began;
      setElapsed(ms);
      if (ms >= LIMITS.recordingMaxMs) stop();
    }, 250);
  }

  const recording = phase === "recording";
  const warn = recording && elapsed >= LIMITS.recordingWarnMs;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!recording}
      title="Record your performance"
      description="Step back so your whole body is in the frame. Recording stops on its own after 5 minutes."
      icon={<Camera className="size-5" aria-hidden />}
      className="max-w-2xl"
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
      <div className="relative aspect-video overflow-hidden rounded-2xl border border-white/10 bg-black">
        <video
          ref={videoRef}
          className="size-full -scale-x-100 object-cover"
          muted
          playsInline
          autoPlay
          aria-label="Camera preview"
        />
        {phase === "initializing" ? (
          <output className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-night-950/80 text-sm text-slate-300">
            <span className="size-8 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
            {COMPARE_TEXTS.initializingCamera}
          </output>
        ) : null}
        {phase === "error" ? (
          <div
            role="alert"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-night-950/90 p-6 text-center text-sm text-rose-200"
          >
            <TriangleAlert className="size-7" aria-hidden />
            {error}
          </div>
        ) : null}
        {recording ? (
          <div className="absolute left-3 top-3 flex items-center gap-2">
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
    </Dialog>
  );
}
