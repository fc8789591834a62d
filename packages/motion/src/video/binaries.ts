/**
 * The one place that decides what reads videos (probing, decoding, audio, thumbnails) and which
 * ffmpeg CLI tools that make videos run (tests, benches). Order:
 *   1. FFMPEG_PATH / FFPROBE_PATH (an ffprobe beside FFMPEG_PATH when only that is set), unless they
 *      say they are older than 5;
 *   2. ffmpeg and ffprobe on PATH, accepted only as a matching pair of version 5 or newer;
 *   3. FFmpeg 8 inside this process (node-av, a prebuilt addon from the npm registry: library.ts),
 *      so a machine with nothing but Node reads uploads with a current FFmpeg. Any ffmpeg on PATH
 *      then only makes videos for tests and benches.
 * STEPSYNC_VIDEO_READER=library skips 1 and 2 for reading (tests, benches). With neither a current
 * CLI nor the library, videos are refused (probe.ts) rather than read with something old.
 * Resolved once per process.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { MotionError } from "../errors.ts";
import { libraryVersion } from "./library.ts";

/** The oldest major version taken from PATH. */
export const MIN_SYSTEM_MAJOR = 5;

export type BinarySource = "env" | "system" | "library";

export interface ResolvedBinary {
  path: string;
  source: BinarySource;
  /** What `-version` says after "version" ("5.1.9-0+deb12u1"); undefined when it does not run. */
  version: string | undefined;
  /** The last year of its copyright line (dates a git build such as "N-47683-g0e8eb07980-static"). */
  year?: number;
}

export interface FfmpegBinaries {
  /** The CLI pair: reads videos when `reader` is "cli"; otherwise only makes test videos. */
  ffmpeg: ResolvedBinary;
  ffprobe: ResolvedBinary;
  /** What probes and decodes uploads: the CLI pair, FFmpeg in this process, or nothing current. */
  reader: "cli" | "library" | "none";
  /** With the library: its FFmpeg and node-av versions. */
  library?: { ffmpeg: string; package: string };
  /** Why the CLI on PATH is not used to read videos; undefined when it is. */
  note?: string;
  /** Set when videos cannot be read at all; undefined when all is well. */
  warning: string | undefined;
}

/** "ffmpeg version 5.1.9-0+deb12u1 Copyright …" → "5.1.9-0+deb12u1". */
export function parseVersion(output: string): string | undefined {
  return /\bversion\s+(\S+)/.exec(output)?.[1];
}

/** The major version of a release ("5.1.9-0+deb12u1", "n6.1"); undefined for git builds ("N-47683-g0e8…"). */
export function majorVersion(version: string | undefined): number | undefined {
  const m = /^n?(\d+)\./.exec(version ?? "");
  return m ? Number(m[1]) : undefined;
}

/** Whether a version is a release of MIN_SYSTEM_MAJOR or newer (a git build says no major, and is not). */
export function isCurrentRelease(version: string | undefined): boolean {
  const major = majorVersion(version);
  return major !== undefined && major >= MIN_SYSTEM_MAJOR;
}

/** "Copyright (c) 2000-2018 the FFmpeg developers" → 2018. */
export function copyrightYear(output: string): number | undefined {
  const m = /Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(output);
  return m ? Number(m[1]) : undefined;
}

/** Runs `<bin> -version`: its output, or undefined when the binary is missing or does not run. */
export function versionOutput(path: string): string | undefined {
  try {
    return execFileSync(path, ["-version"], {
      encoding: "utf8",
      timeout: 10_000,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH. */
export function onPath(name: string, pathVar = process.env.PATH ?? ""): string | undefined {
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Stand-in for `-version` (tests). */
  version?: (path: string) => string | undefined;
  /** Stand-in for library.ts's libraryVersion (tests). */
  library?: () => { ffmpeg: string; package: string } | undefined;
}

/** Decides what reads videos (pure apart from running `-version`); see the file's comment. */
export function resolveBinaries(opts: ResolveOptions = {}): FfmpegBinaries {
  const env = opts.env ?? process.env;
  const exe = process.platform === "win32" ? ".exe" : "";
  const resolved = (path: string, source: BinarySource): ResolvedBinary => {
    if (opts.version) return { path, source, version: opts.version(path) };
    const out = versionOutput(path);
    const year = out === undefined ? undefined : copyrightYear(out);
    return { path, source, version: out === undefined ? undefined : parseVersion(out), ...(year ? { year } : {}) };
  };
  const forceLibrary = env.STEPSYNC_VIDEO_READER === "library";

  // 1. Set by hand: used as given, even when it does not run (doctor says so).
  let ffmpeg = env.FFMPEG_PATH ? resolved(env.FFMPEG_PATH, "env") : undefined;
  let ffprobe = env.FFPROBE_PATH ? resolved(env.FFPROBE_PATH, "env") : undefined;
  if (ffmpeg && !ffprobe) {
    const beside = join(dirname(ffmpeg.path), `ffprobe${exe}`);
    if (executable(beside)) ffprobe = resolved(beside, "env");
  }
  const notes: string[] = [];
  // Set by hand or not, an old ffmpeg never reads uploads (one that does not run is left to the doctor).
  const stale = [ffmpeg, ffprobe].find((b) => b?.version !== undefined && !isCurrentRelease(b.version));
  if (stale) {
    const name = stale === ffmpeg ? "FFMPEG_PATH names ffmpeg" : "FFPROBE_PATH names ffprobe";
    notes.push(`${name} ${stale.version}, older than ${MIN_SYSTEM_MAJOR}`);
  } else if (ffmpeg && ffprobe) {
    if (!forceLibrary) return { ffmpeg, ffprobe, reader: "cli", warning: undefined };
  } else {
    // 2. A current system pair on PATH.
    const sysFfmpeg = onPath(`ffmpeg${exe}`, env.PATH ?? "");
    const sysFfprobe = onPath(`ffprobe${exe}`, env.PATH ?? "");
    if (sysFfmpeg && sysFfprobe) {
      const a = resolved(sysFfmpeg, "system");
      const b = resolved(sysFfprobe, "system");
      ffmpeg ??= a;
      ffprobe ??= b;
      if (!a.version || !b.version) notes.push(`the ffmpeg/ffprobe on PATH do not run`);
      else if (a.version !== b.version)
        notes.push(`the ffmpeg (${a.version}) and ffprobe (${b.version}) on PATH do not match`);
      else if (!isCurrentRelease(a.version))
        notes.push(`the ffmpeg on PATH is ${a.version}, older than ${MIN_SYSTEM_MAJOR}`);
      else if (!forceLibrary) return { ffmpeg, ffprobe, reader: "cli", warning: undefined };
    } else {
      notes.push("no ffmpeg and ffprobe on PATH");
      if (sysFfmpeg) ffmpeg ??= resolved(sysFfmpeg, "system");
    }
  }
  if (forceLibrary) notes.push("STEPSYNC_VIDEO_READER=library");

  // 3. FFmpeg inside this process.
  const missing = (name: string): ResolvedBinary => ({ path: name, source: "system", version: undefined });
  const tools = { ffmpeg: ffmpeg ?? missing(`ffmpeg${exe}`), ffprobe: ffprobe ?? missing(`ffprobe${exe}`) };
  const note = notes.join("; ");
  const library = (opts.library ?? libraryVersion)();
  if (library) return { ...tools, reader: "library", library, note, warning: undefined };
  return {
    ...tools,
    reader: "none",
    note,
    warning:
      `No current FFmpeg to read videos (${note}; the node-av package is not installed for ${process.platform}-${process.arch}): ` +
      `uploads are refused. Install ffmpeg ${MIN_SYSTEM_MAJOR} or newer (e.g. apt-get install ffmpeg), set FFMPEG_PATH and FFPROBE_PATH, or run npm install.`,
  };
}

let cached: FfmpegBinaries | undefined;

/**
 * What this process uses, resolved on first call. Having nothing current warns once, through
 * `warn` when the first caller gives one (the server's log), else as a process warning on stderr.
 */
export function ffmpegBinaries(
  warn: (message: string) => void = (m) => process.emitWarning(m, { code: "STEPSYNC_FFMPEG_FALLBACK" }),
): FfmpegBinaries {
  if (!cached) {
    cached = resolveBinaries();
    if (cached.warning) warn(cached.warning);
  }
  return cached;
}

/** The ffmpeg CLI: reads videos when `reader` is "cli"; tests and benches make videos with it. */
export function ffmpegPath(): string {
  return ffmpegBinaries().ffmpeg.path;
}

/** The ffprobe CLI (see ffmpegPath). */
export function ffprobePath(): string {
  return ffmpegBinaries().ffprobe.path;
}

export type VideoReader = "cli" | "library";

/**
 * What reads videos in this process; throws MotionError INTERNAL when nothing current can, so an
 * upload is refused rather than read by an old ffmpeg.
 */
export function videoReader(): VideoReader {
  const { reader, warning } = ffmpegBinaries();
  if (reader === "none") throw new MotionError("INTERNAL", warning ?? "No current FFmpeg to read videos.");
  return reader;
}
