/**
 * The poses of a video with several people in it: everyone followed through the video (pose/people.ts
 * in the pose workers, group/follow.ts over the whole video), each person's role decided
 * (group/dancers.ts), and each dancer's poses made into a pose track like a solo video's (the same
 * smoothing, the group video's frame and its one sound track), so each dancer goes through the
 * single-dancer comparison unchanged.
 */
import { buildTrack, DEFAULTS, tooLong } from "../analyze.ts";
import { analyzeAudio } from "../audio/index.ts";
import { MotionError } from "../errors.ts";
import { round3 } from "../numbers.ts";
import type { PoseModelName } from "../pose/model-names.ts";
import { isPoseModelName } from "../pose/models.ts";
import { estimatePeopleFrames, type RawPeople, type RawPose } from "../pose/pool.ts";
import type { AudioBeats, PoseTrack } from "../types.ts";
import { decodedSize, decodeFrames } from "../video/decode.ts";
import { probeVideo, type VideoInfo } from "../video/probe.ts";
import { type PersonFacts, type PersonRole, personFacts, rolesOf } from "./dancers.ts";
import { followPeople, hiddenGaps, type PersonTrack } from "./follow.ts";

export interface AnalyzeGroupOptions {
  /** Single-person pose model read in each person's crop: a MoveNet (the people detector gives MoveNet's points). */
  model?: PoseModelName;
  /** Analysis frame rate; default 7, as a solo video's. */
  fps?: number;
  /** Longest video accepted, seconds; default 600. */
  maxDuration?: number;
  /** Longest side of decoded frames, pixels; default: the short side at 512 (groupDecodeSide). */
  maxSide?: number;
  /** 0–100 while decoding and estimating. */
  onProgress?: (percent: number) => void;
}

/**
 * Decoded frames of a group video keep the short side at SHORT_SIDE pixels (a solo portrait video
 * is decoded 512 px tall: a dancer standing in a group's landscape picture is then read at about
 * the same size), the long side at most MAX_SIDE.
 */
export const GROUP_DEFAULTS = { shortSide: 512, maxSide: 1280 };

export function groupDecodeSide(info: Pick<VideoInfo, "width" | "height">): number {
  const long = Math.max(info.width, info.height);
  const short = Math.min(info.width, info.height);
  return Math.min(GROUP_DEFAULTS.maxSide, long, Math.round((GROUP_DEFAULTS.shortSide * long) / Math.max(1, short)));
}

/** One person followed through the video. */
export interface GroupPerson {
  /** 1, 2, … in order of first appearance. */
  id: number;
  /** "dancer", or why not: seen too little ("brief"), walking through ("passing"), standing by ("still"), past the ten largest ("beyond_limit"). */
  role: PersonRole;
  /** Share of the video's analysis frames they are seen in. */
  seen_share: number;
  /** Mean centre of their body, 0–1 of the picture's width and height. */
  x: number;
  y: number;
  /** Their poses at every analysis frame (score 0 where not seen), for dancers only. */
  track: PoseTrack | null;
  /**
   * Seconds of the video [start, end] in which a dancer was hidden behind someone (follow.ts
   * hiddenGaps): their comparison gives those moments no weight (CompareOptions.hidden).
   */
  hidden?: Array<[number, number]>;
}

/** Everyone in a group video (serialisable JSON, like a pose track). */
export interface GroupPoses {
  version: 1;
  model: PoseModelName;
  fps: number;
  /** Display size of the video. */
  width: number;
  height: number;
  duration: number;
  /** The video's music, shared by every dancer. */
  audio: AudioBeats | null;
  people: GroupPerson[];
}

/** Probes and decodes a video, follows everyone in it and finds its dancers. */
export async function analyzeGroupVideo(path: string, opts: AnalyzeGroupOptions = {}): Promise<GroupPoses> {
  const { frames, ...video } = await readGroupFrames(path, opts);
  const poses = groupPosesOf(frames, video);
  opts.onProgress?.(100);
  return poses;
}

/** What the pose workers read of a group video: the people each frame shows, and the video's facts and music. */
export interface GroupFrames {
  frames: RawPeople[];
  model: PoseModelName;
  fps: number;
  info: Pick<VideoInfo, "width" | "height" | "duration">;
  decoded: { width: number; height: number };
  audio: AudioBeats | null;
}

/** Probes and decodes a video and reads everyone in every frame (pose/people.ts in the pose workers). */
export async function readGroupFrames(path: string, opts: AnalyzeGroupOptions = {}): Promise<GroupFrames> {
  const model = opts.model ?? DEFAULTS.model;
  if (!isPoseModelName(model) || !model.startsWith("movenet"))
    throw new MotionError("INVALID_OPTIONS", `Group videos are read with a MoveNet model, not "${String(model)}".`);
  const maxDuration = opts.maxDuration ?? DEFAULTS.maxDuration;
  const info = await probeVideo(path);
  if (info.duration > maxDuration) throw tooLong(info.duration, maxDuration);
  const requested = opts.fps ?? DEFAULTS.fps;
  if (!(requested > 0 && requested <= 60)) throw new MotionError("INVALID_OPTIONS", "fps must be between 0 and 60.");
  const fps = info.fps > 0 ? Math.min(requested, round3(info.fps)) : requested;
  const maxSide = opts.maxSide ?? groupDecodeSide(info);
  const expected = Math.max(1, Math.round(info.duration * fps));
  const audio = info.hasAudio
    ? analyzeAudio(path, { maxSeconds: maxDuration + 1 }).catch(() => null)
    : Promise.resolve(null);
  const frames = await estimatePeopleFrames(
    decodeFrames(path, info, { fps, maxSide, maxSeconds: maxDuration + 1 }),
    model,
    {
      chunkFrames: DEFAULTS.chunkFrames,
      onFrame: (n) => opts.onProgress?.(Math.min(99, (100 * n) / expected)),
      priority: expected,
    },
  );
  return { frames, model, fps, info, decoded: decodedSize(info, maxSide), audio: await audio };
}

/**
 * Everyone in the video from the people each frame shows: followed (follow.ts), their roles
 * decided (dancers.ts), the dancers' poses as pose tracks. Pure.
 */
export function groupPosesOf(frames: readonly RawPeople[], video: Omit<GroupFrames, "frames">): GroupPoses {
  const { model, fps, info, decoded, audio } = video;
  const tracks = followPeople(frames, fps);
  const facts = tracks.map((t) => personFacts(t, frames.length, fps));
  const roles = rolesOf(facts);
  const people = tracks.map((t, i): GroupPerson => {
    const role = roles[i] as PersonRole;
    const [x, y] = meanCentre(t, decoded);
    return {
      id: i + 1,
      role,
      seen_share: round3((facts[i] as PersonFacts).seen),
      x: round3(x),
      y: round3(y),
      track: role === "dancer" ? { ...buildTrack(rawPoses(t, frames), model, fps, info, decoded), audio } : null,
      ...(role === "dancer" ? { hidden: hiddenSeconds(t, tracks, frames, fps) } : {}),
    };
  });
  return {
    version: 1,
    model,
    fps,
    width: info.width,
    height: info.height,
    duration: round3(info.duration || frames.length / fps),
    audio,
    people,
  };
}

/** A dancer's stretches hidden behind someone, in seconds of the video (half a frame either side of the frames unseen). */
function hiddenSeconds(
  track: PersonTrack,
  tracks: readonly PersonTrack[],
  frames: readonly RawPeople[],
  fps: number,
): Array<[number, number]> {
  const tOf = (i: number) => frames[i]?.t ?? i / fps;
  return hiddenGaps(
    track,
    tracks.filter((o) => o !== track),
  ).map(([a, b]) => [round3(tOf(a) - 0.5 / fps), round3(tOf(b) + 0.5 / fps)]);
}

/** One person's poses at every frame of the video, as the single-person pipeline gives them (nothing where not seen). */
function rawPoses(track: PersonTrack, frames: readonly RawPeople[]): RawPose[] {
  const at = new Map(track.sightings.map((s) => [s.frame, s]));
  return frames.map((f, i) => {
    const s = at.get(i);
    return { index: f.index, t: f.t, keypoints: s ? s.keypoints : new Float32Array(17 * 3), score: s ? s.score : 0 };
  });
}

function meanCentre(track: PersonTrack, decoded: { width: number; height: number }): [number, number] {
  let x = 0;
  let y = 0;
  for (const s of track.sightings) {
    x += s.centre[0];
    y += s.centre[1];
  }
  const n = Math.max(1, track.sightings.length);
  return [x / n / decoded.width, y / n / decoded.height];
}
