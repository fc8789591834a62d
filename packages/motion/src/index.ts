/**
 * @stepsync/motion — video pair in, comparison result out. See README.md for the API contract.
 */
import { type AnalyzeOptions, analyzeVideo, DEFAULTS, tooLong } from "./analyze.ts";
import { analyzeVideoCached, type CacheOptions, clearPoseCache, type TrackStore } from "./cache.ts";
import { compareTracks } from "./compare.ts";
import { forVideo } from "./errors.ts";
import { monotonicProgress, referenceFirst } from "./reference-first.ts";
import { isStyle, type Style, STYLES } from "./score/styles.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";
import { probeVideo } from "./video/probe.ts";
import type { ReferenceWindow } from "./window.ts";

export type { AnalyzeOptions, CacheOptions, TrackStore };
export {
  analyzeVideo,
  analyzeVideoCached,
  clearPoseCache,
  compareTracks,
  DEFAULTS,
  isStyle,
  probeVideo,
  STYLES,
  type Style,
  tooLong,
};
export { ENGINE_VERSION } from "./version.ts";
export { isMotionError, MotionError, type MotionErrorCode } from "./errors.ts";
export type { PoseModelName } from "./pose/model-names.ts";
export { isPoseModelName, POSE_MODELS } from "./pose/models.ts";
export { COCO_KEYPOINTS } from "./pose/keypoints.ts";
export { poolSize, preparePosePool, shutdownPosePool } from "./pose/pool.ts";
export { LIMB_NAMES } from "./score/limbs.ts";
export { STYLE_CATEGORIES } from "./score/styles.ts";
export type * from "./types.ts";
export {
  type FfmpegBinaries,
  ffmpegBinaries,
  ffmpegPath,
  ffprobePath,
  type ResolvedBinary,
} from "./video/binaries.ts";
export { type ExtractFrameOptions, extractFrame } from "./video/frame.ts";
export {
  type Box,
  compactFramingTrack,
  cropWindow,
  type Framing,
  type FramingTrack,
  pickThumbnail,
  previewFraming,
  WHOLE_BODY,
} from "./framing.ts";
export type { VideoInfo } from "./video/probe.ts";
export { type MeasuredPoints, trackFromPoints } from "./track-input.ts";
export { inReferenceTime, type ReferenceWindow, windowTrack } from "./window.ts";
export { TRACK_CHECK, type TrackCheck, verifyTakeTrack } from "./verify-track.ts";
export { compareWithTakeTrack, knownReference, type TakeTrackOutcome } from "./verify-track-compare.ts";
export {
  type AnalyzeGroupOptions,
  analyzeGroupVideo,
  GROUP_DEFAULTS,
  type GroupPerson,
  groupDecodeSide,
  type GroupPoses,
} from "./group/analyze-group.ts";
export {
  type CompareGroupOptions,
  type CompareGroupVideoOptions,
  compareGroupTracks,
  compareGroupVideo,
  type GroupComparisonResult,
  type GroupDancerResult,
  type GroupProgressStage,
} from "./group/compare-group.ts";
export type { PersonRole } from "./group/dancers.ts";
export type { GroupMoveSync, GroupSync } from "./group/sync.ts";

export type ProgressStage = "reference" | "user" | "compare" | "done";

export interface CompareVideosOptions extends Omit<AnalyzeOptions, "onProgress" | "role">, CacheOptions {
  style: Style | string;
  /** Overall progress 0–100 (monotonic), with the current stage. */
  onProgress?: (percent: number, stage: ProgressStage) => void;
  /** A pose track of the reference computed earlier (skips its analysis). */
  referenceTrack?: PoseTrack;
  /**
   * Compare against only this part of the reference (seconds in the reference). The whole reference
   * is analysed (and cached) as usual, then cut; the result's reference times stay in the whole
   * video's time (see window.ts).
   */
  referenceWindow?: ReferenceWindow;
  /**
   * The user's video was recorded while the reference played (dance along): reference time 0 (or
   * the window's start) is at this many seconds of it. Timing is then judged against that clock.
   */
  takeOffset?: number;
  /** The dancer says it is this routine: never refused (CompareOptions.dancerCall). */
  dancerCall?: boolean;
}

/**
 * Analyses both videos (the reference through the pose cache) and compares them.
 * Errors are MotionError: NOT_A_VIDEO, UNREADABLE_VIDEO, EMPTY_VIDEO, TOO_LONG,
 * NO_PERSON_REFERENCE, NO_PERSON_USER, INVALID_OPTIONS.
 */
export async function compareVideos(
  referencePath: string,
  userPath: string,
  opts: CompareVideosOptions,
): Promise<ComparisonResult> {
  const {
    onProgress,
    referenceTrack,
    referenceWindow,
    takeOffset,
    dancerCall,
    style,
    cacheDir,
    trackStore,
    ...analyze
  } = opts;
  const report = monotonicProgress(onProgress);
  report(0, "reference");
  // The reference takes 45% of the bar unless it is already known.
  const { reference: ref, share: refShare } = await referenceFirst(referencePath, userPath, {
    style,
    analyze: { ...analyze, cacheDir, trackStore },
    referenceTrack,
    share: 45,
    report: (p) => report(p, "reference"),
  });
  report(refShare, "user");
  const user = await analyzeVideo(userPath, {
    ...analyze,
    role: "user",
    onProgress: (p) => report(refShare + (p * (95 - refShare)) / 100, "user"),
  }).catch((e) => {
    throw forVideo(e, "user");
  });
  report(95, "compare");
  const result = compareTracks(ref, user, { style, window: referenceWindow, takeOffset, dancerCall });
  report(100, "done");
  return result;
}
