/**
 * The one place that decides which ffmpeg and ffprobe every call runs (decoding, probing, audio,
 * thumbnails, test videos). Order:
 *   1. FFMPEG_PATH / FFPROBE_PATH (an ffprobe beside FFMPEG_PATH when only that is set);
 *   2. ffmpeg and ffprobe on PATH, accepted only as a matching pair of version 5 or newer;
 *   3. the pair shipped inside npm packages (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe),
 *      the fallback that lets the app run on a machine with nothing but Node: one warning says so.
 * Resolved once per process.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The oldest major version taken from PATH. */
export const MIN_SYSTEM_MAJOR = 5;

export type BinarySource = "env" | "system" | "package";

export interface ResolvedBinary {
  path: string;
  source: BinarySource;
  /** What `-version` says after "version" ("5.1.9-0+deb12u1"); undefined when it does not run. */
  version: string | undefined;
  /** The last year of its copyright line (dates a git build such as "N-47683-g0e8eb07980-static"). */
  year?: number;
}

export interface FfmpegBinaries {
  ffmpeg: ResolvedBinary;
  ffprobe: ResolvedBinary;
  /** Why the package-shipped fallback (or a mismatched pair) is in use; undefined when all is well. */
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

/** Runs `<bin> -version`; the version, or undefined when the binary is missing or does not run. */
export function binaryVersion(path: string): string | undefined {
  const out = versionOutput(path);
  return out === undefined ? undefined : parseVersion(out);
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

function packaged(pkg: "@ffmpeg-installer/ffmpeg" | "@ffprobe-installer/ffprobe"): string | undefined {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined;
  }
}

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Stand-in for `-version` (tests). */
  version?: (path: string) => string | undefined;
  /** Stand-in for the package-shipped pair (tests). */
  packaged?: () => { ffmpeg: string | undefined; ffprobe: string | undefined };
}

/** Decides which binaries to use (pure apart from running `-version`); see the file's comment. */
export function resolveBinaries(opts: ResolveOptions = {}): FfmpegBinaries {
  const env = opts.env ?? process.env;
  const pkg =
    opts.packaged ??
    (() => ({ ffmpeg: packaged("@ffmpeg-installer/ffmpeg"), ffprobe: packaged("@ffprobe-installer/ffprobe") }));
  const exe = process.platform === "win32" ? ".exe" : "";
  const resolved = (path: string, source: BinarySource): ResolvedBinary => {
    if (opts.version) return { path, source, version: opts.version(path) };
    const out = versionOutput(path);
    const year = out === undefined ? undefined : copyrightYear(out);
    return { path, source, version: out === undefined ? undefined : parseVersion(out), ...(year ? { year } : {}) };
  };

  // 1. Set by hand: used as given, even when it does not run (doctor says so).
  let ffmpeg = env.FFMPEG_PATH ? resolved(env.FFMPEG_PATH, "env") : undefined;
  let ffprobe = env.FFPROBE_PATH ? resolved(env.FFPROBE_PATH, "env") : undefined;
  if (ffmpeg && !ffprobe) {
    const beside = join(dirname(ffmpeg.path), `ffprobe${exe}`);
    if (executable(beside)) ffprobe = resolved(beside, "env");
  }
  if (ffmpeg && ffprobe) return { ffmpeg, ffprobe, warning: undefined };

  // 2. A current system pair on PATH.
  const notes: string[] = [];
  const sysFfmpeg = onPath(`ffmpeg${exe}`, env.PATH ?? "");
  const sysFfprobe = onPath(`ffprobe${exe}`, env.PATH ?? "");
  if (sysFfmpeg && sysFfprobe) {
    const a = resolved(sysFfmpeg, "system");
    const b = resolved(sysFfprobe, "system");
    const major = majorVersion(a.version);
    if (!a.version || !b.version) notes.push(`the ffmpeg/ffprobe on PATH do not run`);
    else if (a.version !== b.version)
      notes.push(`the ffmpeg (${a.version}) and ffprobe (${b.version}) on PATH do not match`);
    else if (major === undefined || major < MIN_SYSTEM_MAJOR)
      notes.push(`the ffmpeg on PATH is ${a.version}, older than ${MIN_SYSTEM_MAJOR}`);
    else return { ffmpeg: ffmpeg ?? a, ffprobe: ffprobe ?? b, warning: undefined };
  } else {
    notes.push("no ffmpeg and ffprobe on PATH");
  }

  // 3. The package-shipped pair.
  const shipped = pkg();
  ffmpeg ??= shipped.ffmpeg ? resolved(shipped.ffmpeg, "package") : undefined;
  ffprobe ??= shipped.ffprobe ? resolved(shipped.ffprobe, "package") : undefined;
  const missing = (name: string): ResolvedBinary => ({ path: name, source: "package", version: undefined });
  return {
    ffmpeg: ffmpeg ?? missing(`ffmpeg${exe}`),
    ffprobe: ffprobe ?? missing(`ffprobe${exe}`),
    warning:
      `Using the ffmpeg/ffprobe shipped in npm packages (${notes.join("; ")}). They are old static builds: ` +
      `install a current ffmpeg (version ${MIN_SYSTEM_MAJOR} or newer, e.g. apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.`,
  };
}

let cached: FfmpegBinaries | undefined;

/**
 * The binaries this process uses, resolved on first call. A fallback warns once, through `warn`
 * when the first caller gives one (the server's log), else as a process warning on stderr.
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

/** The ffmpeg every call runs. */
export function ffmpegPath(): string {
  return ffmpegBinaries().ffmpeg.path;
}

/** The ffprobe every call runs. */
export function ffprobePath(): string {
  return ffmpegBinaries().ffprobe.path;
}
