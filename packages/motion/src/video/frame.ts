import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Box } from "../framing.ts";
import { ffmpegPath, videoReader } from "./binaries.ts";
import { jpegWithLibrary } from "./library.ts";

export interface ExtractFrameOptions {
  /** Seconds into the video; default 1 s, or the middle of clips shorter than 2 s (needs `duration`). */
  at?: number;
  /** The video's length in seconds, when known (picks the default time). */
  duration?: number;
  /** Output width in pixels (height keeps the aspect, even); default 480. */
  width?: number;
  /**
   * Show only this window of the frame (see framing.ts), at `aspect` (its width / height in
   * pixels). Parts of the window outside the frame are filled with the frame itself, blurred and
   * dimmed, as behind a portrait video in a landscape card.
   */
  crop?: { window: Box; aspect: number };
  /** Gives up after this long; default 60 s. */
  timeoutMs?: number;
}

/**
 * One frame of a video as JPEG bytes (a thumbnail). Undefined when ffmpeg cannot make one (no
 * video stream, unreadable file, timeout): a missing thumbnail is never worth failing over.
 */
export async function extractFrame(videoPath: string, opts: ExtractFrameOptions = {}): Promise<Buffer | undefined> {
  const at = opts.at ?? Math.max(0, Math.min(1, (opts.duration ?? 2) / 2));
  const width = opts.width ?? 480;
  const filters = opts.crop ? cropFilter(opts.crop.window, width, opts.crop.aspect) : `scale=${width}:-2`;
  try {
    if (videoReader() === "library") return await withTimeout(jpegWithLibrary(videoPath, at, filters), opts.timeoutMs);
  } catch {
    return undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), "stepsync-frame-"));
  try {
    const out = join(dir, "frame.jpg");
    const args = ["-y", "-v", "error", "-ss", at.toFixed(2), "-i", videoPath, "-frames:v", "1"];
    args.push("-vf", filters);
    args.push("-q:v", "4", out);
    await new Promise<void>((resolve, reject) => {
      execFile(ffmpegPath(), args, { timeout: opts.timeoutMs ?? 60_000 }, (err) => (err ? reject(err) : resolve()));
    });
    const jpeg = await readFile(out);
    return jpeg.length > 0 ? jpeg : undefined;
  } catch {
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function withTimeout<T>(work: Promise<T>, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The ffmpeg filter graph that cuts `window` out of a frame into a width × (width / aspect) picture:
 * the part of the window inside the frame, scaled, over the whole frame blurred to cover the picture.
 */
export function cropFilter(window: Box, width: number, aspect: number): string {
  const height = 2 * Math.round(width / aspect / 2);
  const x0 = Math.max(0, window.x);
  const y0 = Math.max(0, window.y);
  const x1 = Math.min(1, window.x + window.w);
  const y1 = Math.min(1, window.y + window.h);
  const across = (v: number) => Math.round((v / window.w) * width);
  const down = (v: number) => Math.round((v / window.h) * height);
  const n = (v: number) => v.toFixed(6);
  const inside = `crop=w=iw*${n(x1 - x0)}:h=ih*${n(y1 - y0)}:x=iw*${n(x0)}:y=ih*${n(y0)}`;
  return [
    // One input, one output: a plain graph (-vf), which the library takes as well.
    "split[a][b]",
    `[a]scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},boxblur=20:2,eq=brightness=-0.15[fill]`,
    `[b]${inside},scale=${Math.max(2, across(x1 - x0))}:${Math.max(2, down(y1 - y0))}[person]`,
    `[fill][person]overlay=${across(x0 - window.x)}:${down(y0 - window.y)}`,
  ].join(";");
}
