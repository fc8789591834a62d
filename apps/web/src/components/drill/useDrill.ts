import type { Verdict } from "@stepsync/contracts";
import type { ReferenceAnalysis } from "@stepsync/motion/live";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { drillKeys, saveDrill } from "../../api/drills";
import { type AnalysisSource, useAnalysisOf } from "../../api/reference-analysis";
import { useLivePose } from "../../lib/browser-pose/useLivePose";
import { type LiveScoring, startLiveScoring } from "../../lib/live-score/live-scoring";
import { poseRequest, type ScoreReply } from "../../lib/live-score/protocol";
import { cameraErrorText } from "../../lib/recorder";
import { COUNT_IN_FROM, countIn } from "../dance-along/count-in";
import { MEASURE_FOR_MS, type TakeClock, watchTakeClock } from "../dance-along/take-clock";
import { openCamera, playWithSound, showStream } from "../recording/camera";
import type { PoseFrameInput } from "../../lib/browser-pose/live-pose";
import { FINISH_WAIT_MS } from "../recording/useLiveScoring";
import {
  afterPass,
  DRILL_START,
  type DrillMove,
  type DrillState,
  type DrillStep,
  drillRecord,
  moveOffset,
  passPlan,
} from "./drill-plan";

/**
 * initializing: the camera, the reference's analysis and the scorer are on their way; ready: Start
 * begins (again); counting: 3-2-1 before the first pass; pass: the reference plays the lead-in and
 * the move while the dancer's poses are judged; judging: the pass ended, its verdict is on its way;
 * mastered: the loop is over; error: no camera, or no live scoring.
 */
export type DrillPhase = "initializing" | "ready" | "counting" | "pass" | "judging" | "mastered" | "error";

/** The verdict shows this long after a pass before the next one starts. */
export const BETWEEN_PASSES_MS = 1500;

/** Why a drill cannot run, in the dialog's words. */
export const DRILL_ERRORS = {
  noScoring: "Live scoring isn't available for this video right now, so the move can't be drilled.",
} as const;

interface Pass {
  startedAt: number;
  from: number;
  to: number;
  clock: TakeClock;
  offsetSent: boolean;
}

/**
 * A move drilled in a loop while `open`: the camera and its live skeleton, the reference's
 * analysis scored over the move alone (its window) by the live scorer in its worker, each pass
 * played from a lead-in at the drill's speed and judged at the music's pace (rate), the rules of
 * drill-plan.ts deciding the speed, and the practice kept when the dialog closes (or the move is
 * mastered). Nothing is recorded or uploaded.
 */
export function useDrill({ open, reference, move }: { open: boolean; reference: AnalysisSource; move: DrillMove }) {
  // A library routine's drills are kept in its progress; an uploaded reference has none to keep them in.
  const videoId = "videoId" in reference ? reference.videoId : null;
  const [phase, setPhase] = useState<DrillPhase>("initializing");
  const [error, setError] = useState<string | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const [scorerReady, setScorerReady] = useState(false);
  const [count, setCount] = useState(COUNT_IN_FROM);
  const [drill, setDrill] = useState<DrillState>(DRILL_START);
  const [step, setStep] = useState<DrillStep | null>(null);
  const [lastVerdict, setLastVerdict] = useState<{ verdict: Verdict | null; n: number } | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const skeletonRef = useRef<HTMLCanvasElement>(null);
  const referenceRef = useRef<HTMLVideoElement>(null);
  const limbsRef = useRef<Record<string, number | null> | null>(null);
  const scoringRef = useRef<LiveScoring | null>(null);
  const passRef = useRef<Pass | null>(null);
  const finishRef = useRef<((verdict: Verdict | null) => void) | null>(null);
  const drillRef = useRef(drill);
  drillRef.current = drill;
  /** Passes already kept (the drill is saved at most once per pass danced). */
  const savedPassesRef = useRef(0);
  const timersRef = useRef<{
    cancelCount: () => void;
    between?: ReturnType<typeof setTimeout>;
    finish?: ReturnType<typeof setTimeout>;
  }>({
    cancelCount: () => undefined,
  });
  const queryClient = useQueryClient();

  const analysisQuery = useAnalysisOf(reference, open);
  const analysis = analysisQuery.data;
  const { start_s: moveStart, end_s: moveEnd } = move;

  // Each opening is a new drill.
  useEffect(() => {
    if (!open) return;
    setDrill(DRILL_START);
    setStep(null);
    setLastVerdict(null);
    setError(null);
    setPhase("initializing");
    savedPassesRef.current = 0;
  }, [open]);

  // The camera.
  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setCameraReady(false);
    openCamera()
      .then(async (s) => {
        if (cancelled) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        stream = s;
        if (videoRef.current) await showStream(videoRef.current, s);
        if (!cancelled) setCameraReady(true);
      })
      .catch((err) => {
        if (cancelled) return;
        setError(cameraErrorText(err));
        setPhase("error");
      });
    return () => {
      cancelled = true;
      for (const t of stream?.getTracks() ?? []) t.stop();
      if (videoRef.current) videoRef.current.srcObject = null;
    };
  }, [open]);

  // The scorer, over the move alone: its verdict is the move's.
  useEffect(() => {
    setScorerReady(false);
    if (!open || !analysis) return;
    const onReply = (reply: ScoreReply) => {
      if (reply.type === "ready") setScorerReady(true);
      else if (reply.type === "update") {
        if (reply.limbs) limbsRef.current = reply.limbs;
      } else if (reply.type === "finished") {
        finishRef.current?.(reply.moves[0]?.verdict ?? null);
      } else {
        finishRef.current?.(null);
        setError(DRILL_ERRORS.noScoring);
        setPhase("error");
      }
    };
    const scoring = startLiveScoring(
      analysis as unknown as ReferenceAnalysis,
      { start: moveStart, end: moveEnd },
      onReply,
    );
    scoringRef.current = scoring;
    return () => {
      scoring.stop();
      scoringRef.current = null;
      limbsRef.current = null;
    };
  }, [open, analysis, moveStart, moveEnd]);

  useEffect(() => {
    if (open && (analysisQuery.isError || analysisQuery.data === null)) {
      setError(DRILL_ERRORS.noScoring);
      setPhase("error");
    }
  }, [open, analysisQuery.isError, analysisQuery.data]);

  useEffect(() => {
    if (phase === "initializing" && cameraReady && scorerReady) setPhase("ready");
  }, [phase, cameraReady, scorerReady]);

  /** Judging starts: the move's start played (start − from) / speed after the lead-in's first frame. */
  const sendOffset = useCallback(
    (pass: Pass) => {
      const lead = pass.clock.offsetS();
      if (pass.offsetSent || lead === null) return;
      pass.offsetSent = true;
      const speed = drillRef.current.speed;
      scoringRef.current?.send({ type: "offset", takeOffset: moveOffset(lead, move, pass.from, speed), rate: speed });
    },
    [move],
  );

  const onPose = useCallback(
    (frame: PoseFrameInput) => {
      const pass = passRef.current;
      const scoring = scoringRef.current;
      if (!pass || !scoring) return;
      const t = (frame.at - pass.startedAt) / 1000;
      if (t < 0) return;
      scoring.send(poseRequest(frame, t), [frame.keypoints.buffer]);
      // Where the lead-in's first frame played, once measured long enough to stand.
      const lead = pass.clock.offsetS();
      if (lead !== null && t >= lead + MEASURE_FOR_MS / 1000 + 0.1) sendOffset(pass);
    },
    [sendOffset],
  );

  const poseStatus = useLivePose(open, videoRef, skeletonRef, false, { limbs: limbsRef, onPose });

  /** Keeps what was danced since the last save (the routine's progress lists it). */
  const keep = useCallback(() => {
    const state = drillRef.current;
    if (videoId === null || state.passes.length <= savedPassesRef.current) return;
    const record = drillRecord(videoId, move, state);
    if (!record) return;
    savedPassesRef.current = state.passes.length;
    void saveDrill(record)
      .then(() => queryClient.invalidateQueries({ queryKey: drillKeys.routine(videoId) }))
      .catch(() => undefined);
  }, [videoId, move, queryClient]);

  const halt = useCallback(() => {
    timersRef.current.cancelCount();
    clearTimeout(timersRef.current.between);
    clearTimeout(timersRef.current.finish);
    passRef.current?.clock.stop();
    passRef.current = null;
    finishRef.current = null;
    referenceRef.current?.pause();
  }, []);

  const startPass = useCallback(() => {
    const reference = referenceRef.current;
    const scoring = scoringRef.current;
    if (!reference || !scoring) return;
    const speed = drillRef.current.speed;
    const { from, to } = passPlan(move, Number.isFinite(reference.duration) ? reference.duration : null);
    reference.pause();
    reference.playbackRate = speed;
    // The music keeps its pitch at half speed (the browsers' default, said out loud).
    reference.preservesPitch = true;
    const startedAt = performance.now();
    passRef.current = {
      startedAt,
      from,
      to,
      clock: watchTakeClock(reference, { recordingStartedAt: startedAt, startS: from }),
      offsetSent: false,
    };
    limbsRef.current = null;
    scoring.send({ type: "begin" });
    playWithSound(reference, from);
    setPhase("pass");
  }, [move]);

  const endPass = useCallback(() => {
    const pass = passRef.current;
    const scoring = scoringRef.current;
    if (!pass || !scoring) return;
    passRef.current = null;
    // A pass shorter than the clock's measuring (a first move, with no lead-in, at full speed) is
    // judged on the estimate so far: what it measured only ever gets earlier, by the grain of a frame.
    sendOffset(pass);
    pass.clock.stop();
    referenceRef.current?.pause();
    setPhase("judging");
    const judged = (verdict: Verdict | null) => {
      if (finishRef.current !== judged) return;
      clearTimeout(timersRef.current.finish);
      finishRef.current = null;
      const { state, step: next } = afterPass(drillRef.current, verdict);
      drillRef.current = state;
      setDrill(state);
      setStep(next);
      setLastVerdict({ verdict, n: state.passes.length });
      if (next === "mastered") {
        setPhase("mastered");
        keep();
        return;
      }
      timersRef.current.between = setTimeout(startPass, BETWEEN_PASSES_MS);
    };
    finishRef.current = judged;
    timersRef.current.finish = setTimeout(() => judged(null), FINISH_WAIT_MS);
    scoring.send({ type: "finish" });
  }, [keep, startPass, sendOffset]);

  // A pass ends a little past the move's end (or at the video's end).
  useEffect(() => {
    const reference = referenceRef.current;
    if (!open || !reference) return;
    const check = () => {
      const pass = passRef.current;
      if (pass && !reference.paused && reference.currentTime >= pass.to) endPass();
    };
    const ended = () => {
      if (passRef.current) endPass();
    };
    reference.addEventListener("timeupdate", check);
    reference.addEventListener("ended", ended);
    return () => {
      reference.removeEventListener("timeupdate", check);
      reference.removeEventListener("ended", ended);
    };
  }, [open, endPass]);

  // The reference waits on the lead-in's first frame.
  useEffect(() => {
    const reference = referenceRef.current;
    if (!open || !reference) return;
    const cue = () => {
      if (reference.paused && !passRef.current) reference.currentTime = passPlan(move, null).from;
    };
    if (reference.readyState >= 1) cue();
    reference.addEventListener("loadedmetadata", cue);
    return () => reference.removeEventListener("loadedmetadata", cue);
  }, [open, move]);

  // Closing stops everything and keeps the practice.
  useEffect(() => {
    if (!open) return;
    return () => {
      halt();
      keep();
    };
  }, [open, halt, keep]);

  const start = useCallback(() => {
    if (phase !== "ready") return;
    setStep(null);
    setPhase("counting");
    timersRef.current.cancelCount = countIn(COUNT_IN_FROM, setCount, startPass);
  }, [phase, startPass]);

  const stop = useCallback(() => {
    halt();
    setPhase((p) => (p === "mastered" || p === "error" ? p : "ready"));
  }, [halt]);

  return {
    phase,
    error,
    count,
    drill,
    step,
    lastVerdict,
    poseStatus,
    videoRef,
    skeletonRef,
    referenceRef,
    start,
    stop,
  };
}

export type DrillFlow = ReturnType<typeof useDrill>;
