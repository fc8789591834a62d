import { type RefObject, useEffect, useRef, useState } from "react";
import { clearSkeleton, drawSkeleton } from "./draw-skeleton";
import { type LivePoseStatus, type PoseFrameInput, startLivePose } from "./live-pose";

/** Frames per second the model may take: less while recording, so the recorder keeps its share of the CPU. */
const PREVIEW_FPS = 15;
const RECORDING_FPS = 10;

/** What else the page does with each estimate: colours for the limbs, and the pose itself. */
export interface LivePoseExtras {
  /** Limb name → 0–100 now (null: unknown), read at every drawing; null: plain skeleton. */
  limbs?: RefObject<Record<string, number | null> | null>;
  /** Called after each drawing; may keep (transfer) the frame's raw output. */
  onPose?: (frame: PoseFrameInput) => void;
}

/**
 * A live skeleton over a camera preview while `active` (the dialog is open): loads the pose model
 * on activation, draws each estimate on the canvas (its limbs coloured by `extras.limbs` when
 * known), stops and frees everything on deactivation. Returns null while inactive.
 */
export function useLivePose(
  active: boolean,
  videoRef: RefObject<HTMLVideoElement | null>,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  recording: boolean,
  extras: LivePoseExtras = {},
): LivePoseStatus | null {
  const [status, setStatus] = useState<LivePoseStatus | null>(null);
  const recordingRef = useRef(recording);
  recordingRef.current = recording;
  const extrasRef = useRef(extras);
  extrasRef.current = extras;

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !video) {
      setStatus(null);
      return;
    }
    const stop = startLivePose({
      video,
      onStatus: setStatus,
      onPose: (frame) => {
        const canvas = canvasRef.current;
        if (canvas) {
          drawSkeleton(canvas, video, frame.keypoints, extrasRef.current.limbs?.current ?? null);
          // How many poses it has drawn: the live rate, for whoever measures it (the browser tests).
          canvas.dataset.poses = String(Number(canvas.dataset.poses ?? 0) + 1);
        }
        extrasRef.current.onPose?.(frame);
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
