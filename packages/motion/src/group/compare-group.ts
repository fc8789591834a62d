/**
 * A group's rehearsal video against the teacher's: every dancer found and followed (analyze-group.ts),
 * each dancer's poses through the whole single-dancer comparison (compareTracks: sameness, shape,
 * timing, moves, cues) on the video's one clock and music, then the group's sync move by move
 * (sync.ts). One dancer's result reads like a solo result.
 */
import type { CacheOptions } from "../cache.ts";
import { type CompareOptions, compareTracks } from "../compare.ts";
import { forVideo, MotionError } from "../errors.ts";
import { round3 } from "../numbers.ts";
import { assertStyle, type Style } from "../score/styles.ts";
import type { ComparisonResult, PoseTrack } from "../types.ts";
import { ENGINE_VERSION } from "../version.ts";
import { monotonicProgress, referenceFirst } from "../reference-first.ts";
import type { ReferenceWindow } from "../window.ts";
import { type AnalyzeGroupOptions, analyzeGroupVideo, type GroupPerson, type GroupPoses } from "./analyze-group.ts";
import { type GroupSync, groupSync } from "./sync.ts";

/** One dancer of the group against the teacher. */
export interface GroupDancerResult {
  /** 1, 2, … from left to right (by their mean place in the picture). */
  id: number;
  /** Their GroupPoses person (who was followed). */
  person: number;
  /** Mean centre of their body, 0–1 of the picture's width (and height). */
  x: number;
  y: number;
  /** Share of the video's analysis frames they were seen in. */
  seen_share: number;
  overall_score: number;
  scores: ComparisonResult["scores"];
  sameness: ComparisonResult["sameness"];
  /** Mean lateness in seconds, + late (against the teacher or the group: GroupSync.lateness_against); null when not dancing the routine. */
  offset_s: number | null;
  /** Their box in each analysis frame they were seen in: [t, x0, y0, x1, y1], 0–1 of the picture. */
  boxes: Array<[number, number, number, number, number]>;
  /** The whole single-dancer comparison (its user track: this dancer's poses in the group video). */
  result: ComparisonResult;
}

export interface GroupComparisonResult {
  /** Left to right. */
  dancers: GroupDancerResult[];
  group: GroupSync;
  /** Everyone followed, dancers or not (who was left out and why: GroupPerson.role). */
  people: Array<Omit<GroupPerson, "track">>;
  video: { width: number; height: number; duration: number; fps: number };
  model: string;
  engine_version: string;
}

export interface CompareGroupOptions {
  style: Style | string;
  /** Compare with only this part of the reference (CompareOptions.window). */
  referenceWindow?: ReferenceWindow;
  /** The group danced while the reference played: its start is at this second of the video (CompareOptions.takeOffset). */
  takeOffset?: number;
}

/** Each dancer against the teacher, and the group's sync. Pure and deterministic. */
export function compareGroupTracks(
  reference: PoseTrack,
  group: GroupPoses,
  opts: CompareGroupOptions,
): GroupComparisonResult {
  const style = opts.style;
  assertStyle(style);
  const compare: CompareOptions = { style, window: opts.referenceWindow, takeOffset: opts.takeOffset };
  const dancing = group.people
    .filter((p): p is GroupPerson & { track: PoseTrack } => p.role === "dancer" && p.track !== null)
    .sort((a, b) => a.x - b.x || a.id - b.id)
    .map((p, i) => ({
      id: i + 1,
      person: p,
      track: p.track,
      // Moments a dancer was hidden behind someone else are not held against her, as they would be
      // against a solo dancer who left the picture.
      result: compareTracks(reference, p.track, p.hidden?.length ? { ...compare, hidden: p.hidden } : compare),
    }));
  const { sync, offsets } = groupSync(dancing);
  return {
    dancers: dancing.map(({ id, person, track, result }) => ({
      id,
      person: person.id,
      x: person.x,
      y: person.y,
      seen_share: person.seen_share,
      overall_score: result.overall_score,
      scores: result.scores,
      sameness: result.sameness,
      offset_s: offsets.get(id) ?? null,
      boxes: boxesOf(track),
      result,
    })),
    group: sync,
    people: group.people.map(({ track: _track, ...rest }) => rest),
    video: { width: group.width, height: group.height, duration: group.duration, fps: group.fps },
    model: group.model,
    engine_version: ENGINE_VERSION,
  };
}

export type GroupProgressStage = "reference" | "group" | "compare" | "done";

export interface CompareGroupVideoOptions
  extends CompareGroupOptions,
    Omit<AnalyzeGroupOptions, "onProgress" | "maxSide">,
    CacheOptions {
  /** Overall progress 0–100 (monotonic), with the current stage. */
  onProgress?: (percent: number, stage: GroupProgressStage) => void;
  /** A pose track of the reference computed earlier (skips its analysis). */
  referenceTrack?: PoseTrack;
  /** Longest side of the group video's decoded frames (AnalyzeGroupOptions.maxSide; default groupDecodeSide). */
  groupMaxSide?: number;
}

/**
 * A group's rehearsal video against the teacher's (reference) video: each dancer found, followed
 * and compared, and the group's sync. The reference goes through the pose cache. Errors are
 * MotionError, as compareVideos's; NO_PERSON_USER when the group video shows no dancer.
 */
export async function compareGroupVideo(
  referencePath: string,
  groupPath: string,
  opts: CompareGroupVideoOptions,
): Promise<GroupComparisonResult> {
  const {
    onProgress,
    referenceTrack,
    referenceWindow,
    takeOffset,
    style,
    cacheDir,
    trackStore,
    groupMaxSide,
    ...rest
  } = opts;
  const report = monotonicProgress(onProgress);
  report(0, "reference");
  const { reference: ref, share: refShare } = await referenceFirst(referencePath, groupPath, {
    style,
    analyze: { ...rest, cacheDir, trackStore },
    referenceTrack,
    share: 30,
    report: (p) => report(p, "reference"),
  });
  report(refShare, "group");
  const group = await analyzeGroupVideo(groupPath, {
    ...rest,
    ...(groupMaxSide ? { maxSide: groupMaxSide } : {}),
    onProgress: (p) => report(refShare + (p * (92 - refShare)) / 100, "group"),
  }).catch((e) => {
    throw forVideo(e, "user");
  });
  if (!group.people.some((p) => p.role === "dancer"))
    throw new MotionError("NO_PERSON_USER", "No dancer was found in the group video.", { video: "user" });
  report(92, "compare");
  const result = compareGroupTracks(ref, group, { style, referenceWindow, takeOffset });
  report(100, "done");
  return result;
}

/** The box around a dancer's placed keypoints in each frame they are seen in, 0–1 of the picture. */
function boxesOf(track: PoseTrack): Array<[number, number, number, number, number]> {
  const out: Array<[number, number, number, number, number]> = [];
  for (const f of track.frames) {
    if (f.score <= 0) continue;
    let x0 = 1;
    let y0 = 1;
    let x1 = 0;
    let y1 = 0;
    const k = f.keypoints;
    for (let i = 0; i + 2 < k.length; i += 3) {
      if (!((k[i + 2] as number) > 0)) continue;
      x0 = Math.min(x0, k[i] as number);
      x1 = Math.max(x1, k[i] as number);
      y0 = Math.min(y0, k[i + 1] as number);
      y1 = Math.max(y1, k[i + 1] as number);
    }
    if (x1 > x0 && y1 > y0) out.push([round3(f.t), round3(x0), round3(y0), round3(x1), round3(y1)]);
  }
  return out;
}
