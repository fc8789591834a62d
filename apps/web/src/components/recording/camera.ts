import { LIMITS } from "@stepsync/contracts";
import { COMPARE_TEXTS } from "../../constants/texts";
import { CAMERA_CONSTRAINTS, chooseRecordingFormat, withTimeout } from "../../lib/recorder";

/** How long a preview may take to show its first frame before it counts as ready anyway. */
const READY_FALLBACK_MS = 5000;

/** The format this browser records in, or why it cannot record at all. */
export function recordingFormat(): string | { error: string } {
  if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function")
    return { error: COMPARE_TEXTS.cameraUnsupported };
  if (typeof MediaRecorder === "undefined") return { error: COMPARE_TEXTS.recorderUnsupported };
  return chooseRecordingFormat((t) => MediaRecorder.isTypeSupported(t)) ?? { error: COMPARE_TEXTS.noRecordingFormat };
}

/** The front camera, given up after LIMITS.cameraTimeoutMs (a stream arriving later is stopped). */
export function openCamera(): Promise<MediaStream> {
  return withTimeout(navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS), LIMITS.cameraTimeoutMs, (late) => {
    for (const t of late.getTracks()) t.stop();
  });
}

/** Shows the stream in the preview and waits until it plays (or READY_FALLBACK_MS passed). */
export async function showStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
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

/** The reference from `fromS`, with sound when the browser allows it, muted otherwise. */
export function playWithSound(reference: HTMLVideoElement, fromS: number): void {
  if (reference.currentTime !== fromS) reference.currentTime = fromS;
  reference.muted = false;
  void reference
    .play()
    .catch(() => {
      reference.muted = true;
      return reference.play();
    })
    .catch(() => undefined);
}
