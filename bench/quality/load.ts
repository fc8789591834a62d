/**
 * The calibration set's clips, ready to compare: builds the derived videos that are missing
 * (ffmpeg, two at a time) and analyses every clip through the pose cache (content-hash keyed:
 * reruns are instant). Shared by run.ts (the benchmark) and fit.ts (the calibration).
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { analyzeVideoCached, isMotionError, type PoseTrack } from "../../packages/motion/src/index.ts";
import { fixturesDir } from "../../packages/motion/test-support/fixtures.ts";
import { buildMissing, clipFile, clipInputs, type Places } from "./build.ts";
import { CASES, type Case } from "./cases.ts";
import type { Clip } from "./recipes.ts";
import { progressBar, runLimited } from "./tasks.ts";
import { buildTrack } from "./tracks/recipes.ts";

const here = dirname(fileURLToPath(import.meta.url));
const cacheRoot = resolve(here, "..", ".cache", "quality");
export const places: Places = { fixturesDir, videosDir: join(cacheRoot, "videos") };
const poseCacheDir = join(cacheRoot, "poses");

export interface Loaded {
  /** The cases asked for, and those whose footage is here. */
  selected: Case[];
  cases: Case[];
  /** Fixture files absent from this copy of the footage. */
  missing: Set<string>;
  built: number;
  tBuilt: number;
  clips: Map<string, Clip>;
  /** Pose track per clip file. */
  tracks: Map<string, PoseTrack>;
  /** Why a clip has no track (build or analysis failure), if it has none. */
  clipError(clip: Clip): string | undefined;
}

export async function loadCases(pick: (c: Case) => boolean): Promise<Loaded> {
  const selected = CASES.filter(pick);
  // A fixture missing from this copy of the footage drops its cases (with a note), not the run.
  const missing = new Set<string>();
  const cases = selected.filter((c) => {
    const files = [...clipInputs(c.ref, places), ...clipInputs(c.user, places)];
    const absent = files.filter((f) => !existsSync(f));
    for (const f of absent) missing.add(f);
    return !absent.length;
  });
  const clips = new Map<string, Clip>();
  for (const c of cases) for (const clip of [c.ref, c.user]) clips.set(clipFile(clip, places), clip);
  const { built, errors: buildErrors } = await buildMissing([...clips.values()], places, 2);
  const tBuilt = performance.now();
  // Poses: two videos at a time (each uses the whole worker pool; the second overlaps its decoding).
  const tracks = new Map<string, PoseTrack>();
  const analysisErrors = new Map<string, string>();
  // Measured tracks need no pose model: they go through the track input.
  for (const [file, clip] of clips) {
    if (!clip.track) continue;
    try {
      tracks.set(file, buildTrack(clip.track, join(fixturesDir, "tracks")));
    } catch (e) {
      analysisErrors.set(clip.name, String((e as Error).message ?? e));
    }
  }
  const toAnalyse = [...clips].filter(([, clip]) => !clip.track && !buildErrors.has(clip.name));
  const bar = progressBar("poses", toAnalyse.length);
  await runLimited(toAnalyse, 2, async ([file, clip]) => {
    try {
      const { track } = await analyzeVideoCached(file, { cacheDir: poseCacheDir });
      tracks.set(file, track);
    } catch (e) {
      analysisErrors.set(clip.name, isMotionError(e) ? `${e.code}: ${e.message}` : String((e as Error).message ?? e));
    }
    bar.tick(clip.name);
  });
  bar.stop();
  const clipError = (clip: Clip) => {
    const e = buildErrors.get(clip.name) ?? analysisErrors.get(clip.name);
    return e ? `${clip.name}: ${e}` : undefined;
  };
  return { selected, cases, missing, built, tBuilt, clips, tracks, clipError };
}
