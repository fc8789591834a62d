import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ffmpegPath } from "./binaries.ts";

export interface ExtractFrameOptions {
  /** Seconds into the video; default 1 s, or the middle of clips shorter than 2 s (needs `duration`). */
  at?: number;
  /** The video's length in seconds, when known (picks the default time). */
  duration?: number;
  /** Output width in pixels (height keeps the aspect, even); default 480. */
  width?: number;
  /** Gives up after this long; default 60 s. */
  timeoutMs?: number;
}

/**
 * One frame of a video as JPEG bytes (a thumbnail). Undefined when ffmpeg cannot make one (no
 * video stream, unreadable file, timeout): a missing thumbnail is never worth failing over.
 */
export async function extractFrame(videoPath: string, opts: ExtractFrameOptions = {}): Promise<Buffer | undefined> {
  const at = opts.at ?? Math.max(0, Math.min(1, (opts.duration ?? 2) / 2));
  const dir = await mkdtemp(join(tmpdir(), "stepsync-frame-"));
  try {
    const out = join(dir, "frame.jpg");
    const args = ["-y", "-v", "error", "-ss", at.toFixed(2), "-i", videoPath, "-frames:v", "1"];
    args.push("-vf", `scale=${opts.width ?? 480}:-2`, "-q:v", "4", out);
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
