import { LIMITS } from "@stepsync/contracts";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { COMPARE_TEXTS } from "../../constants/texts";
import { type AnalysisSource, useAnalysisOf, useReferenceAnalysisStatus } from "../../api/reference-analysis";
import { useLivePose } from "../../lib/browser-pose/useLivePose";
import { cameraErrorText, extensionFor } from "../../lib/recorder";
import { COUNT_IN_FROM, countIn } from "../dance-along/count-in";
import { MEASURE_FOR_MS, type TakeClock, watchTakeClock } from "../dance-along/take-clock";
import { openCamera, playWithSound, recordingFormat, showStream } from "./camera";
import { type LiveScoringStatus, type LiveTake, useLiveScoring } from "./useLiveScoring";

export type RecordingPhase = "initializing" | "ready" | "counting" | "recording" | "error";

/** A span of the reference to dance along with ("Practise this part"), seconds in it. */
export type PracticePart = { start_s: number; end_s: number; label: string };

/**
 * Which reference a dance-along take can be scored live against: a library video's id (its
 * analysis is loaded before the count-in), or null for one that cannot be yet (a fresh upload).
 */
/**
 * The analysed reference of a dance-along: a library video (videoId null: a fresh upload, not
 * analysed yet), or the reference of one of the user's comparisons (practising a part of it).
 */
export type LiveReferenceId = { videoId: number | null } | { comparisonId: number };

/**
 * The recording dialog's work while `open`: the camera (retried on demand), the live skeleton, the
 * optional dance-along reference with its 3-2-1 count-in, the MediaRecorder take and its clock
 * (where the reference's start played in it, dance-along/take-clock.ts), live verdicts when the
 * reference is analysed (`live`), the auto-stop at the recording limit and at a part's end; hands
 * the take to `onRecorded` (with its live verdicts and poses, once the last are judged).
 */
export function useRecordingFlow({
  open,
  referenceUrl,
  part,
  live = null,
  onRecorded,
}: {
  open: boolean;
  referenceUrl: string | null;
  part: PracticePart | null;
  live?: LiveReferenceId | null;
  onRecorded: (file: File, takeOffsetS: number | null, liveTake: LiveTake | null) => void;
}) {
  const [phase, setPhase] = useState<RecordingPhase>("initializing");
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

  // Live verdicts: the reference's analysis, loaded when the dialog opens (before the count-in).
  const liveOn = open && withReference && live !== null;
  const fresh = live !== null && "videoId" in live && live.videoId === null;
  const analysisQuery = useAnalysisOf(live === null || fresh ? null : (live as AnalysisSource), liveOn);
  const analysis = live === null ? undefined : fresh ? null : analysisQuery.isError ? undefined : analysisQuery.data;
  const window = useMemo(() => (part ? { start: part.start_s, end: part.end_s } : undefined), [part]);
  const scoring = useLiveScoring({ active: liveOn, analysis, window });
  const liveStatus: LiveScoringStatus = !liveOn ? "off" : analysisQuery.isError ? "unavailable" : scoring.status;
  // A library video not analysed yet: how far its analysis is, asked while the dialog waits on it.
  const waitingOn =
    liveStatus === "notAnalysed" && live !== null && "videoId" in live && live.videoId !== null ? live.videoId : null;
  const analysisWait = useReferenceAnalysisStatus(waitingOn, waitingOn !== null).data ?? null;
  const poseStatus = useLivePose(open, videoRef, skeletonRef, recording, {
    limbs: scoring.limbsRef,
    onPose: (frame) => scoring.pose(frame, () => takeClockRef.current?.offsetS() ?? null, MEASURE_FOR_MS / 1000 + 0.1),
  });

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
    const format = recordingFormat();
    if (typeof format !== "string") {
      fail(format.error);
      return;
    }
    formatRef.current = format;
    try {
      const stream = await openCamera();
      if (attempt !== attemptRef.current) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      streamRef.current = stream;
      if (videoRef.current) await showStream(videoRef.current, stream);
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

  const { begin: beginLive, finish: finishLive } = scoring;

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
      if (alongReference && reference) playWithSound(reference, partStart);
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
      // The last verdicts come a moment later; the live summary stays until the result arrives.
      const lastVerdicts = finishLive();
      if (lastVerdicts) void lastVerdicts.then((liveTake) => onRecorded(file, takeOffsetS, liveTake));
      else onRecorded(file, takeOffsetS, null);
    };
    recorderRef.current = recorder;
    setElapsed(0);
    setPhase("recording");
    const recordingStartedAt = performance.now();
    recorder.start(1000);
    begin(recordingStartedAt);
    if (alongReference) beginLive(recordingStartedAt);
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

  return {
    phase,
    error,
    elapsed,
    count,
    danceAlong,
    setDanceAlong,
    mirrored,
    setMirrored,
    withReference,
    recording,
    busy,
    warn,
    poseStatus,
    live: {
      status: liveStatus,
      moves: scoring.moves,
      score: scoring.score,
      /** Why there is no analysis yet: a file just picked (analysed with its comparison), or the library's progress. */
      waiting: fresh ? ("file" as const) : analysisWait,
    },
    videoRef,
    skeletonRef,
    referenceRef,
    retry: () => void init(),
    start,
    stop,
    stopCountIn,
  };
}

export type RecordingFlow = ReturnType<typeof useRecordingFlow>;
