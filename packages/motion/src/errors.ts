/**
 * Errors the engine reports to its callers. `code` is stable (the server maps it to a status);
 * `message` is written for the end user and can be shown as is.
 */
export type MotionErrorCode =
  | "NOT_A_VIDEO"
  | "UNREADABLE_VIDEO"
  | "EMPTY_VIDEO"
  | "NO_PERSON_REFERENCE"
  | "NO_PERSON_USER"
  | "NO_PERSON"
  | "TOO_LONG"
  | "INVALID_OPTIONS"
  | "INTERNAL";

export class MotionError extends Error {
  readonly code: MotionErrorCode;
  /** Which of the two videos the error is about, when known. */
  video?: "reference" | "user";
  constructor(code: MotionErrorCode, message: string, options?: { cause?: unknown; video?: "reference" | "user" }) {
    super(message, options);
    this.name = "MotionError";
    this.code = code;
    if (options?.video) this.video = options.video;
  }
}

/** The pictures of a video could not be decoded (whichever reader tried). */
export function undecodableVideo(cause?: unknown): MotionError {
  return new MotionError("UNREADABLE_VIDEO", "The video could not be decoded; the file may be damaged.", { cause });
}

/** The sound of a video could not be read (whichever reader tried). */
export function unreadableSound(cause?: unknown): MotionError {
  return new MotionError("UNREADABLE_VIDEO", "The video's sound could not be read; the file may be damaged.", {
    cause,
  });
}

/** Says which video a file-level error is about ("Reference video: …", "Your video: …"). */
export function forVideo(e: unknown, video: "reference" | "user"): unknown {
  if (!(e instanceof MotionError) || e.video) return e;
  if (e.code === "NO_PERSON_REFERENCE" || e.code === "NO_PERSON_USER") {
    e.video = video;
    return e;
  }
  const prefix = video === "reference" ? "Reference video" : "Your video";
  return new MotionError(e.code, `${prefix}: ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}`, {
    cause: e.cause,
    video,
  });
}

export function isMotionError(e: unknown): e is MotionError {
  return e instanceof MotionError;
}
