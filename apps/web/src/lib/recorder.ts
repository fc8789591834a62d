import { COMPARE_TEXTS } from "../constants/texts";

/** Recording formats in order of preference. */
export const RECORDING_FORMATS = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm", "video/mp4"] as const;

/** The first format the browser's MediaRecorder supports, or null. */
export function chooseRecordingFormat(isTypeSupported: (type: string) => boolean): string | null {
  for (const type of RECORDING_FORMATS) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // a throwing probe counts as unsupported
    }
  }
  return null;
}

/** File extension for a recorded MIME type. */
export function extensionFor(mime: string): string {
  return mime.startsWith("video/mp4") ? "mp4" : "webm";
}

export class CameraTimeoutError extends Error {
  constructor() {
    super("Camera initialization timed out");
    this.name = "CameraTimeoutError";
  }
}

/** The COMPARE_TEXTS message for a getUserMedia failure. */
export function cameraErrorText(error: unknown): string {
  if (error instanceof CameraTimeoutError) return COMPARE_TEXTS.cameraTimeout;
  const name = error && typeof error === "object" && "name" in error ? String(error.name) : "";
  const message =
    error && typeof error === "object" && "message" in error && error.message ? String(error.message) : "Unknown error";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return COMPARE_TEXTS.cameraDenied;
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
      return COMPARE_TEXTS.cameraNotFound;
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return COMPARE_TEXTS.cameraInUse;
    case "CameraTimeoutError":
      return COMPARE_TEXTS.cameraTimeout;
    default:
      return COMPARE_TEXTS.cameraOther(message);
  }
}

/**
 * Camera constraints: ideal 1280×720, front-facing, with audio. The sound is music, not
 * speech: echo cancellation would take out the very reference the user dances along to (played by
 * this page), and noise suppression and gain control flatten the beat the engine times moves by.
 */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: "user" },
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
};

/** Rejects with CameraTimeoutError when the promise takes longer than ms. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      reject(new CameraTimeoutError());
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (done) onLate?.(value);
        else resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        if (!done) reject(error);
      },
    );
  });
}

/** mm:ss for a duration in ms. */
export function formatRecordingTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
