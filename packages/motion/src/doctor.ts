/**
 * `npm run motion -- doctor`: what this machine will run the engine with (ffmpeg, ffprobe, the pose
 * runtime and model, the worker count) and whether each is usable.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DEFAULTS } from "./analyze.ts";
import type { PoseModelName } from "./pose/model-names.ts";
import { modelJsonPath } from "./pose/models.ts";
import { poolSize } from "./pose/pool.ts";
import { libraryLoadError } from "./video/library.ts";
import { type FfmpegBinaries, ffmpegBinaries, MIN_SYSTEM_MAJOR, majorVersion } from "./video/binaries.ts";

const require = createRequire(import.meta.url);

export interface DoctorRow {
  name: string;
  value: string;
  detail: string;
  ok: boolean;
}

/** What probes and decodes uploads: the CLI pair, FFmpeg in this process, or nothing (refused). */
function readerRow(bins: FfmpegBinaries): DoctorRow {
  const name = "video reader";
  if (bins.reader === "cli") return { name, value: "ffmpeg/ffprobe CLI", detail: "the pair below", ok: true };
  if (bins.reader === "library" && bins.library) {
    const value = `FFmpeg ${bins.library.ffmpeg} in-process`;
    const error = libraryLoadError();
    if (error) return { name, value, detail: `MISSING: the node-av addon does not load (${error})`, ok: false };
    return { name, value, detail: `node-av ${bins.library.package} (${bins.note})`, ok: true };
  }
  return { name, value: "none", detail: "MISSING: uploads are refused", ok: false };
}

function binaryRow(name: "ffmpeg" | "ffprobe", bins: FfmpegBinaries): DoctorRow {
  const b = bins[name];
  // With the library reading uploads, the CLI only makes videos for tests and benches.
  const usedFor = bins.reader === "cli" ? "" : "; makes test videos only";
  if (!b.version) {
    const detail = bins.reader === "cli" ? "MISSING: does not run" : "not installed (not needed to run)";
    return { name, value: b.path, detail, ok: bins.reader !== "cli" };
  }
  const major = majorVersion(b.version);
  const old =
    major === undefined
      ? `, a git build${b.year ? ` of ${b.year}` : ""}`
      : major < MIN_SYSTEM_MAJOR
        ? `, older than ${MIN_SYSTEM_MAJOR}`
        : "";
  const from = { env: `${name.toUpperCase()}_PATH`, system: "PATH", library: "in-process" }[b.source];
  return { name, value: b.path, detail: `${b.version} (${from}${old}${usedFor})`, ok: true };
}

function packageVersion(pkg: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;
  } catch {
    return undefined;
  }
}

function runtimeRow(): DoctorRow {
  const core = packageVersion("@tensorflow/tfjs-core");
  let wasm: string | undefined;
  try {
    wasm = require.resolve("@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm");
  } catch {
    wasm = undefined;
  }
  if (!core || !wasm) return { name: "pose runtime", value: "tfjs WebAssembly", detail: "MISSING", ok: false };
  return { name: "pose runtime", value: `tfjs ${core} WebAssembly (SIMD)`, detail: dirname(wasm), ok: true };
}

function modelRow(model: PoseModelName): DoctorRow {
  try {
    const json = modelJsonPath(model);
    const manifest = JSON.parse(readFileSync(json, "utf8")) as { weightsManifest: Array<{ paths: string[] }> };
    const shards = manifest.weightsManifest.flatMap((g) => g.paths);
    const missing = shards.filter((p) => !existsSync(join(dirname(json), p)));
    if (missing.length) return { name: "pose model", value: model, detail: `MISSING ${missing.join(", ")}`, ok: false };
    return { name: "pose model", value: model, detail: json, ok: true };
  } catch {
    return { name: "pose model", value: model, detail: "MISSING: model files not found", ok: false };
  }
}

/** The checks, in table order. */
export function doctorRows(
  model: PoseModelName = DEFAULTS.model,
  bins: FfmpegBinaries = ffmpegBinaries(),
): DoctorRow[] {
  const workers = poolSize();
  return [
    readerRow(bins),
    binaryRow("ffmpeg", bins),
    binaryRow("ffprobe", bins),
    runtimeRow(),
    modelRow(model),
    {
      name: "workers",
      value: String(workers),
      detail: process.env.STEPSYNC_POSE_WORKERS ? "STEPSYNC_POSE_WORKERS" : "one per core",
      ok: true,
    },
  ];
}

/** The rows as an aligned table, then the warning when there is one (nothing current reads videos). */
export function doctorReport(rows: DoctorRow[], warning?: string): string {
  const w0 = Math.max(...rows.map((r) => r.name.length));
  const w1 = Math.max(...rows.map((r) => r.value.length));
  const lines = rows.map((r) => `${r.ok ? "ok " : "!! "} ${r.name.padEnd(w0)}  ${r.value.padEnd(w1)}  ${r.detail}`);
  if (warning) lines.push("", `Warning: ${warning}`);
  return lines.join("\n");
}
