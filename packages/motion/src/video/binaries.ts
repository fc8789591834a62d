import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** ffmpeg: `FFMPEG_PATH` when set (e.g. a newer system build), else the static binary from npm. */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** ffprobe: `FFPROBE_PATH` when set, else the static binary from npm. */
export function ffprobePath(): string {
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  return (require("@ffprobe-installer/ffprobe") as { path: string }).path;
}
