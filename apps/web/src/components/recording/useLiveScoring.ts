import type { ReferenceAnalysisResponse } from "@stepsync/contracts";
import type { LiveMove, LiveScore, ReferenceAnalysis, ReferenceWindow } from "@stepsync/motion/live";
import { useCallback, useEffect, useRef, useState } from "react";
import { type LiveScoring, startLiveScoring } from "../../lib/live-score/live-scoring";
import type { PoseFrameInput } from "../../lib/browser-pose/live-pose";
import { poseRequest, type ScoreReply } from "../../lib/live-score/protocol";
import type { LiveTakeResult } from "../../lib/live-score/session";

/**
 * off: no reference to score against (none chosen, or not danced along); notAnalysed: the reference
 * has no analysis yet (a fresh upload, or a library video still being analysed); loading: the
 * analysis or the scorer is on its way; ready: takes are scored live; unavailable: the scorer failed.
 */
export type LiveScoringStatus = "off" | "notAnalysed" | "loading" | "ready" | "unavailable";

/** A dance-along take scored live, as the page keeps it after the take: its verdicts and its poses. */
export type LiveTake = LiveTakeResult;

/**
 * A scorer that says nothing for this long is given up on (the recording is handed on without its
 * verdicts). The take's end waits as long as the scorer keeps answering: on a slow device it can
 * be seconds behind the camera, still working through the take's last poses, and cutting it off
 * lost the dancer's live summary and the poses that make the result come sooner.
 */
export const FINISH_WAIT_MS = 3000;

/**
 * Live verdicts for dance-along takes: while `active` with an `analysis`, a scorer is made ready
 * (before the count-in); each take then gets its poses (begin → pose… → finish), and the moves
 * judged, the running score and the limbs now come back as they are judged.
 */
export function useLiveScoring({
  active,
  analysis,
  window,
}: {
  active: boolean;
  /** undefined: still loading; null: the reference is not analysed (or none can be). */
  analysis: ReferenceAnalysisResponse | null | undefined;
  window?: ReferenceWindow;
}) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [moves, setMoves] = useState<LiveMove[]>([]);
  const [score, setScore] = useState<LiveScore | null>(null);
  /** Limbs now (0–100 by limb name), read by the skeleton drawing at every pose. */
  const limbsRef = useRef<Record<string, number | null> | null>(null);
  const scoringRef = useRef<LiveScoring | null>(null);
  const takeRef = useRef<{ startedAt: number; offsetSent: boolean } | null>(null);
  const finishRef = useRef<((result: LiveTakeResult | null) => void) | null>(null);
  /** While the take's end waits: the scorer answered (it is alive and catching up). */
  const heardRef = useRef<(() => void) | null>(null);
  const windowStart = window?.start;
  const windowEnd = window?.end;

  useEffect(() => {
    setReady(false);
    setFailed(false);
    if (!active || !analysis) return;
    const onReply = (reply: ScoreReply) => {
      heardRef.current?.();
      if (reply.type === "ready") setReady(true);
      else if (reply.type === "update") {
        if (reply.moves.length) setMoves((m) => [...m, ...reply.moves]);
        if (reply.score) setScore(reply.score);
        if (reply.limbs) limbsRef.current = reply.limbs;
      } else if (reply.type === "finished") {
        setMoves(reply.moves);
        setScore(reply.score);
        finishRef.current?.(reply);
        finishRef.current = null;
      } else {
        setFailed(true);
        finishRef.current?.(null);
        finishRef.current = null;
      }
    };
    const part =
      windowStart !== undefined && windowEnd !== undefined ? { start: windowStart, end: windowEnd } : undefined;
    const scoring = startLiveScoring(analysis as unknown as ReferenceAnalysis, part, onReply);
    scoringRef.current = scoring;
    return () => {
      scoring.stop();
      scoringRef.current = null;
      takeRef.current = null;
      limbsRef.current = null;
      heardRef.current = null;
      finishRef.current?.(null);
      finishRef.current = null;
    };
  }, [active, analysis, windowStart, windowEnd]);

  // Read when the take starts, which the count-in's callback (made before it) decides.
  const liveRef = useRef(false);
  liveRef.current = ready && !failed;

  /** A take starts now (performance.now() of the recorder's start: the take's time 0). */
  const begin = useCallback((startedAt: number) => {
    if (!liveRef.current) return;
    takeRef.current = { startedAt, offsetSent: false };
    limbsRef.current = null;
    setMoves([]);
    setScore(null);
    scoringRef.current?.send({ type: "begin" });
  }, []);

  /**
   * A camera pose during the take. `offsetS` is the take clock's reading so far (where the
   * reference's start played): sent once it has been measured long enough to stand.
   */
  const pose = useCallback((frame: PoseFrameInput, offsetS: () => number | null, measuredForS: number) => {
    const take = takeRef.current;
    const scoring = scoringRef.current;
    if (!take || !scoring) return;
    const t = (frame.at - take.startedAt) / 1000;
    if (t < 0) return;
    scoring.send(poseRequest(frame, t), [frame.keypoints.buffer]);
    if (!take.offsetSent) {
      const offset = offsetS();
      if (offset !== null && t >= offset + measuredForS) {
        take.offsetSent = true;
        scoring.send({ type: "offset", takeOffset: offset });
      }
    }
  }, []);

  /**
   * The take ended: its last verdicts and its poses, once judged (null when the scorer fell silent
   * for FINISH_WAIT_MS); null at once for a take not scored live.
   */
  const finish = useCallback((): Promise<LiveTakeResult | null> | null => {
    const scoring = scoringRef.current;
    if (!takeRef.current || !scoring) return null;
    takeRef.current = null;
    limbsRef.current = null;
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waitOn = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          finishRef.current = null;
          heardRef.current = null;
          resolve(null);
        }, FINISH_WAIT_MS);
      };
      waitOn();
      heardRef.current = waitOn;
      finishRef.current = (result) => {
        clearTimeout(timer);
        heardRef.current = null;
        resolve(result);
      };
      scoring.send({ type: "finish" });
    });
  }, []);

  const status: LiveScoringStatus =
    analysis === null
      ? "notAnalysed"
      : failed
        ? "unavailable"
        : !active || analysis === undefined || !ready
          ? "loading"
          : "ready";

  return { status, moves, score, limbsRef, begin, pose, finish };
}

export type LiveScoringState = ReturnType<typeof useLiveScoring>;
