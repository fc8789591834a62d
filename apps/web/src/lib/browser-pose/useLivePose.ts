import { type RefObject, useEffect, useRef, useState } from "react";
import { clearSkeleton, drawSkeleton } from "./draw-skeleton";
import { type LivePoseStatus, startLivePose } from "./live-pose";

/** Frames per second the model may take: less while recording, so the recorder keeps its share of the CPU. */
const PREVIEW_FPS = 15;
const RECORDING_FPS = 10;

/**
 * A live skeleton over a camera preview while `active` (the dialog is open): loads the pose model
 * on activation, draws each estimate on the canvas, stops and frees everything on deactivation.
 * Returns null while inactive.
 */
export function useLivePose(
  active: boolean,
  videoRef: RefObject<HTMLVideoElement | null>,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  recording: boolean,
): LivePoseStatus | null {
  const [status, setStatus] = useState<LivePoseStatus | null>(null);
  const recordingRef = useRef(recording);
  recordingRef.current = recording;

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) {
      setStatus(null);
      return;
    }
    const stop = startLivePose({
      video,
      onStatus: setStatus,
      onPose: (points) => {
        const canvas = canvasRef.current;
        if (canvas) drawSkeleton(canvas, video, points);
      },
      minIntervalMs: () => 1000 / (recordingRef.current ? RECORDING_FPS : PREVIEW_FPS),
    });
    return () => {
      stop();
      const canvas = canvasRef.current;
      if (canvas) clearSkeleton(canvas);
    };
  }, [active, videoRef, canvasRef]);

  return status;
}
