/**
 * The first steps of comparing videos, shared by a solo video (compareVideos) and a group's
 * (compareGroupVideo): a progress bar that never goes back, the cheap checks before any pose work,
 * and the reference's pose track (given, or through the pose cache).
 */
import { type AnalyzeOptions, DEFAULTS, tooLong } from "./analyze.ts";
import { analyzeVideoCached, type CacheOptions, withAudio } from "./cache.ts";
import { forVideo } from "./errors.ts";
import { preparePosePool } from "./pose/pool.ts";
import { assertStyle } from "./score/styles.ts";
import type { PoseTrack } from "./types.ts";
import { probeVideo } from "./video/probe.ts";

/** Progress 0–100 reported only when the percent or the stage changes, never going back. */
export function monotonicProgress<S extends string>(
  onProgress: ((percent: number, stage: S) => void) | undefined,
): (percent: number, stage: S) => void {
  let last = -1;
  let lastStage: S | undefined;
  return (p, stage) => {
    const v = Math.max(last, Math.min(100, Math.round(p)));
    if (v !== last || stage !== lastStage) {
      last = v;
      lastStage = stage;
      onProgress?.(v, stage);
    }
  };
}

export interface ReferenceFirstOptions {
  style: string;
  /** How the reference is analysed when no track is given (model, fps, maxDuration, cache, …). */
  analyze: Omit<AnalyzeOptions, "onProgress" | "role"> & CacheOptions;
  /** A pose track of the reference computed earlier (skips its analysis). */
  referenceTrack?: PoseTrack;
  /** Share of the progress bar the reference's analysis takes. */
  share: number;
  /** Progress of the reference's analysis, already scaled to the share. */
  report: (percent: number) => void;
}

/**
 * Starts the pose workers, checks the style and that both files are readable and short enough
 * (before any pose work, and before a cached reference track could hide that the limit changed),
 * then gives the reference's track and the share of the bar it took (0 when it was known).
 */
export async function referenceFirst(
  referencePath: string,
  userPath: string,
  opts: ReferenceFirstOptions,
): Promise<{ reference: PoseTrack; share: number }> {
  const { analyze, referenceTrack } = opts;
  preparePosePool(analyze.model ?? DEFAULTS.model);
  assertStyle(opts.style);
  const maxDuration = analyze.maxDuration ?? DEFAULTS.maxDuration;
  for (const [path, video] of [
    [referencePath, "reference"],
    [userPath, "user"],
  ] as const) {
    if (video === "reference" && referenceTrack) continue;
    const info = await probeVideo(path).catch((e) => {
      throw forVideo(e, video);
    });
    if (info.duration > maxDuration) throw forVideo(tooLong(info.duration, maxDuration), video);
  }
  // A reference track stored before tracks carried their music gets it now.
  if (referenceTrack) return { reference: await withAudio(referenceTrack, referencePath, maxDuration), share: 0 };
  const r = await analyzeVideoCached(referencePath, {
    ...analyze,
    role: "reference",
    onProgress: (p) => opts.report((p * opts.share) / 100),
  }).catch((e) => {
    throw forVideo(e, "reference");
  });
  return { reference: r.track, share: r.cached ? 0 : opts.share };
}
