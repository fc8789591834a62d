// What a picked or playing video's element tells: it cannot be played, it is too long, or why it stopped.
import { LIMITS } from "@stepsync/contracts";
import { COMPARE_TEXTS } from "../constants/texts";
import { formatClock, formatMinutes } from "./format";

/** The COMPARE_TEXTS message for a media element error code. */
export function videoErrorText(code: number | null | undefined): string {
  switch (code) {
    case 4:
      return COMPARE_TEXTS.videoFormat;
    case 3:
      return COMPARE_TEXTS.videoNetwork;
    case 2:
      return COMPARE_TEXTS.videoNotFound;
    default:
      return COMPARE_TEXTS.videoError;
  }
}

export const VIDEO_CHECKS = {
  unplayable: "This file isn't a playable video. Choose a video file (MP4, WebM, OGG or MOV).",
  tooLong: (seconds: number) =>
    `This video is ${formatClock(seconds)} long: videos can be at most ${formatMinutes(LIMITS.maxVideoSeconds)}. Trim it, or choose a shorter one.`,
  limits: (megabytes: number) =>
    `MP4, WebM, OGG or MOV · up to ${megabytes} MB and ${formatMinutes(LIMITS.maxVideoSeconds)}`,
} as const;

/**
 * What the preview of a picked file tells before any upload: the browser cannot play it (a text
 * file renamed .mp4), or it runs past the engine's limit. Null when it is fine or not known yet
 * (a fresh recording reports no duration until played).
 */
export function videoFileProblem(check: { mediaError: number | null; duration: number | null }): string | null {
  // MEDIA_ERR_DECODE (3) and MEDIA_ERR_SRC_NOT_SUPPORTED (4): the bytes are no video it can play.
  if (check.mediaError === 3 || check.mediaError === 4) return VIDEO_CHECKS.unplayable;
  if (check.duration !== null && Number.isFinite(check.duration) && check.duration > LIMITS.maxVideoSeconds)
    return VIDEO_CHECKS.tooLong(check.duration);
  return null;
}
