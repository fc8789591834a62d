import { analyzeAudio } from "./audio/index.ts";
import { MotionError } from "./errors.ts";
import type { PoseModelName } from "./pose/model-names.ts";
import { isPoseModelName, poseAdapter } from "./pose/models.ts";
import { estimatePoses, type RawPose } from "./pose/pool.ts";
import { smoothPoses } from "./pose/smooth.ts";
import type { PoseTrack } from "./types.ts";
import { decodedSize, decodeFrames } from "./video/decode.ts";
import { probeVideo, type VideoInfo } from "./video/probe.ts";
import { round3, roundTo } from "./numbers.ts";

export interface AnalyzeOptions {
  /** Pose model; default movenet-lightning (see README for the speed/accuracy trade-off). */
  model?: PoseModelName;
  /** Analysis frame rate; default 8 (capped at the video's own rate). */
  fps?: number;
  /** Longest video accepted, seconds; default 600. */
  maxDuration?: number;
  /** Longest side of decoded frames, pixels; default 512. */
  maxSide?: number;
  /** Frames per independently tracked chunk; default 32. */
  chunkFrames?: number;
  /** Whose video this is, for the "no person found" message. */
  role?: "reference" | "user";
  /** 0–100 while decoding and estimating. */
  onProgress?: (percent: number) => void;
}

export const DEFAULTS = {
  model: "movenet-lightning" as PoseModelName,
  fps: 7,
  maxDuration: 600,
  maxSide: 512,
  chunkFrames: 32,
};

/** Share of frames that must show a person for the video to count as showing one. */
const MIN_PERSON_FRAMES = 0.25;

/** Probes, decodes and runs pose estimation; returns the smoothed pose track. */
export async function analyzeVideo(path: string, opts: AnalyzeOptions = {}): Promise<PoseTrack> {
  const model = opts.model ?? DEFAULTS.model;
  if (!isPoseModelName(model)) throw new MotionError("INVALID_OPTIONS", `Unknown pose model "${String(model)}".`);
  const maxDuration = opts.maxDuration ?? DEFAULTS.maxDuration;
  const info = await probeVideo(path);
  if (info.duration > maxDuration) throw tooLong(info.duration, maxDuration);
  const requested = opts.fps ?? DEFAULTS.fps;
  if (!(requested > 0 && requested <= 60)) throw new MotionError("INVALID_OPTIONS", "fps must be between 0 and 60.");
  // Never sample faster than the source: repeated frames add work and no information.
  const fps = info.fps > 0 ? Math.min(requested, round3(info.fps)) : requested;
  const maxSide = opts.maxSide ?? DEFAULTS.maxSide;
  const expected = Math.max(1, Math.round(info.duration * fps));
  // The music (for counts and timing against it) is read alongside the poses: it is cheap.
  // A damaged sound track does not stop the comparison: it is only counted without music.
  const audio = info.hasAudio
    ? analyzeAudio(path, { maxSeconds: maxDuration + 1 }).catch(() => null)
    : Promise.resolve(null);
  const raw = await estimatePoses(decodeFrames(path, info, { fps, maxSide, maxSeconds: maxDuration + 1 }), model, {
    chunkFrames: opts.chunkFrames ?? DEFAULTS.chunkFrames,
    onFrame: (n) => opts.onProgress?.(Math.min(99, (100 * n) / expected)),
    // Shortest first: a short video asked for beside a long one (another user's) is not kept waiting.
    priority: expected,
  });
  const track = { ...buildTrack(raw, model, fps, info, decodedSize(info, maxSide)), audio: await audio };
  if (personFrames(track) < MIN_PERSON_FRAMES) {
    if (opts.role === "reference")
      throw new MotionError("NO_PERSON_REFERENCE", "No person was found in the reference video.");
    if (opts.role === "user") throw new MotionError("NO_PERSON_USER", "No person was found in your video.");
    throw new MotionError("NO_PERSON", "No person was found in the video.");
  }
  opts.onProgress?.(100);
  return track;
}

export function tooLong(duration: number, limit: number): MotionError {
  return new MotionError(
    "TOO_LONG",
    `The video is too long (${formatSeconds(duration)}); the limit is ${formatSeconds(limit)}.`,
  );
}

function formatSeconds(s: number): string {
  if (s < 120) return `${Math.round(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** The smoothed, normalised track of a video's raw poses (see smoothPoses). */
export function buildTrack(
  raw: RawPose[],
  model: PoseModelName,
  fps: number,
  info: Pick<VideoInfo, "width" | "height" | "duration">,
  decoded: { width: number; height: number },
): PoseTrack {
  const adapter = poseAdapter(model);
  return {
    version: 1,
    model,
    keypointNames: [...adapter.keypointNames],
    fps,
    width: info.width,
    height: info.height,
    duration: roundTo(info.duration || raw.length / fps, 3),
    minScore: adapter.minKeypointScore,
    frames: smoothPoses(raw, adapter, decoded),
    audio: null,
  };
}

export function personFrames(track: PoseTrack): number {
  if (!track.frames.length) return 0;
  return track.frames.filter((f) => f.score > 0).length / track.frames.length;
}
