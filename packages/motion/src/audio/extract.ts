import { spawn } from "node:child_process";
import { MotionError, unreadableSound } from "../errors.ts";
import { ffmpegPath, type VideoReader, videoReader } from "../video/binaries.ts";
import { extractAudioWithLibrary } from "../video/library.ts";

/** Beats need nothing above ~5 kHz. */
export const DEFAULT_RATE = 11025;

export interface ExtractOptions {
  /** Sample rate, Hz (default DEFAULT_RATE). */
  rate?: number;
  /** Stop after this many seconds (default 600, the engine's longest video). */
  maxSeconds?: number;
  /** Overrides what reads the file (see video/binaries.ts; tests and benches compare the two). */
  reader?: VideoReader;
}

/** ffmpeg's words when the input has no audio stream to map. */
const NO_AUDIO = /does not contain any stream|matches no streams/i;

/**
 * The first audio stream as mono float PCM, streamed from ffmpeg through a pipe (no temporary file).
 * Returns null when the file has no audio stream. Sample 0 is at time 0 of the file: a stream that
 * starts late is padded with silence and encoder delay before 0 is trimmed (aresample first_pts),
 * so beat times line up with the video's frame times. Without a current ffmpeg CLI, the
 * in-process FFmpeg reads it the same way (video/library.ts).
 */
export async function extractAudio(path: string, opts: ExtractOptions = {}): Promise<Float32Array | null> {
  const rate = opts.rate ?? DEFAULT_RATE;
  const maxSeconds = opts.maxSeconds ?? 600;
  if ((opts.reader ?? videoReader()) === "library") return extractAudioWithLibrary(path, rate, maxSeconds);
  const maxBytes = Math.ceil(maxSeconds * rate) * 4;
  const args = ["-v", "error", "-nostdin", "-i", path, "-vn", "-sn", "-dn", "-ac", "1", "-ar", String(rate)];
  args.push("-af", "aresample=first_pts=0", "-t", String(maxSeconds), "-f", "f32le", "pipe:1");
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const spawnError = await new Promise<Error | null>((resolve) => {
    child.on("error", (e) => resolve(e));
    child.on("spawn", () => resolve(null));
  });
  if (spawnError) {
    throw new MotionError("INTERNAL", `Could not start ffmpeg: ${spawnError.message}`, { cause: spawnError });
  }

  // Bytes go straight into a growing buffer (doubling), so a long track is copied O(log n) times.
  let buf = new Uint8Array(1 << 16);
  let filled = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    const n = Math.min(chunk.length, maxBytes - filled);
    if (filled + n > buf.length) {
      const bigger = new Uint8Array(Math.min(maxBytes, Math.max(buf.length * 2, filled + n)));
      bigger.set(buf.subarray(0, filled));
      buf = bigger;
    }
    buf.set(chunk.subarray(0, n), filled);
    filled += n;
    if (filled >= maxBytes) {
      child.kill("SIGKILL");
      break;
    }
  }
  const code = await exited;
  if (filled < maxBytes && code !== 0) {
    if (NO_AUDIO.test(stderr)) return null;
    // A truncated file still gives the audio before the damage; only a total failure is an error.
    if (filled === 0) {
      throw unreadableSound(new Error(stderr.trim()));
    }
  }
  const samples = Math.floor(filled / 4);
  return new Float32Array(buf.buffer, 0, samples).slice();
}
