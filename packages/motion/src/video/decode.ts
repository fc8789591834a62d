import { spawn } from "node:child_process";
import { MotionError, undecodableVideo } from "../errors.ts";
import { ffmpegPath, type VideoReader, videoReader } from "./binaries.ts";
import { decodeWithLibrary } from "./library.ts";
import type { VideoInfo } from "./probe.ts";

export interface DecodedFrame {
  /** Frame number at the analysis rate, from 0. */
  index: number;
  /** Seconds from the start of the video. */
  t: number;
  width: number;
  height: number;
  /** Packed RGB, width*height*3 bytes. */
  data: Uint8Array;
}

export interface DecodeOptions {
  /** Analysis frame rate; ffmpeg's fps filter resamples (including variable-rate input) to it. */
  fps: number;
  /** Longest side of the decoded frames, in pixels (the pose crop is taken from these). */
  maxSide: number;
  /** Stop after this many seconds (guards against containers that under-report their duration). */
  maxSeconds?: number;
  /** Overrides what binaries.ts picks to read the video (tests and benches compare the two). */
  reader?: VideoReader;
}

/** Frame size after scaling the display size to fit maxSide, with even dimensions for ffmpeg. */
export function decodedSize(
  info: Pick<VideoInfo, "width" | "height">,
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(info.width, info.height));
  const even = (v: number) => Math.max(2, Math.round((v * scale) / 2) * 2);
  return { width: even(info.width), height: even(info.height) };
}

/**
 * Streams the video as raw RGB frames through a pipe at the analysis rate. ffmpeg applies the
 * rotation metadata itself (autorotate), so frames come upright. Only one frame is held at a time;
 * the async iterator's back-pressure pauses ffmpeg while the consumer is busy. Without a current
 * CLI, the in-process FFmpeg gives the same frames (library.ts).
 */
export async function* decodeFrames(path: string, info: VideoInfo, opts: DecodeOptions): AsyncGenerator<DecodedFrame> {
  if ((opts.reader ?? videoReader()) === "library") {
    yield* decodeWithLibrary(path, info, opts);
    return;
  }
  const { width, height } = decodedSize(info, opts.maxSide);
  const frameBytes = width * height * 3;
  // One decoding thread: the pose workers already use every core, and threads cost ffmpeg about
  // 10 % more CPU for nothing here. (Skipping the deblocking filter saved more, but made the poses
  // of a heavily compressed upload noticeably worse: bench/quality's low-quality copies.)
  const args = ["-v", "error", "-nostdin", "-threads", "1", "-i", path];
  args.push("-map", "0:v:0", "-an", "-sn");
  if (opts.maxSeconds) args.push("-t", String(opts.maxSeconds));
  args.push(
    "-vf",
    `fps=${opts.fps},scale=${width}:${height}:flags=bilinear,format=rgb24`,
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "pipe:1",
  );
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const spawnError = new Promise<Error | null>((resolve) => {
    child.on("error", (e) => resolve(e));
    child.on("spawn", () => resolve(null));
  });
  const err = await spawnError;
  if (err) throw new MotionError("INTERNAL", `Could not start ffmpeg: ${err.message}`, { cause: err });

  let index = 0;
  // Each frame is assembled straight into its own buffer (no re-concatenation of pipe chunks).
  let frame = new Uint8Array(frameBytes);
  let filled = 0;
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const n = Math.min(frameBytes - filled, chunk.length - offset);
        frame.set(chunk.subarray(offset, offset + n), filled);
        filled += n;
        offset += n;
        if (filled === frameBytes) {
          yield { index, t: index / opts.fps, width, height, data: frame };
          index++;
          frame = new Uint8Array(frameBytes);
          filled = 0;
        }
      }
    }
    finished = true;
  } finally {
    if (!finished) child.kill("SIGKILL");
  }
  const code = await exited;
  if (code !== 0 && index === 0) {
    throw undecodableVideo(new Error(stderr.trim()));
  }
  if (index === 0) throw new MotionError("EMPTY_VIDEO", "The video has no frames.");
}
