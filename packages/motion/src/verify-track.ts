import { DEFAULTS } from "./analyze.ts";
import { trackFromCompact } from "./compact-track.ts";
import { COCO_KEYPOINTS } from "./pose/keypoints.ts";
import type { PoseModelName } from "./pose/model-names.ts";
import { poseAdapter } from "./pose/models.ts";
import { estimatePoses, type RawPose } from "./pose/pool.ts";
import type { CompactTrack, PoseFrame, PoseTrack } from "./types.ts";
import { spawn } from "node:child_process";
import { ffmpegPath, videoReader } from "./video/binaries.ts";
import { type DecodedFrame, decodedSize, decodeFrames } from "./video/decode.ts";
import type { VideoInfo } from "./video/probe.ts";
import { median, round3 } from "./numbers.ts";

/**
 * A take's pose track estimated by the browser is trusted only as far as the server can check it:
 * a sample of the take's frames is estimated again here, with the server's own model, and the
 * browser's track must agree with them. The figures below were measured (verify-track.footage.test.ts):
 * MoveNet's track of a camera's picture against the server's re-estimate of the recorded take.
 */
export const TRACK_CHECK = {
  /** Frames spread evenly over the take. */
  spread: 12,
  /** Frames at the moves that decide the score (their ends in the take), at most. */
  keys: 12,
  /**
   * How far a frame's points may be from the server's (the median distance of the points both see,
   * in torso lengths of the server's pose) over the samples, taken as their median. Measured on a
   * fixture take (verify-track.footage.test.ts, 19 samples): honest tracks 0.037–0.041, 0.061 a camera
   * frame (1/30 s) late (0.039 on a 60-s take, 24 samples); tampered ones 0.097 (averaged over
   * ±2 ticks), 0.15–0.28 (shifted 0.2–0.5 s), 0.16 (scaled ×1.15), 0.69 (the reference's), 1
   * (mirrored). Lighter smoothing (±1 tick: 0.074) is at the edge; with 15 samples ±2 measured 0.070.
   */
  medianTolerance: 0.07,
  /** A single sample agrees within this (a turn, a blur may put one frame past the median's tolerance)… */
  frameTolerance: 0.2,
  /** …and this share of the samples must agree, so a track faked in stretches is caught too. */
  minAgreeing: 0.85,
  /**
   * The track must be on time: over the samples, its own frames a tick earlier or later must not
   * fit the server's poses better than the frame at the sample's own time (a shifted track does).
   * Compared as the mean error at lag 0 against the best other lag, with this much slack: a real
   * browser's poses run a little behind its camera (the dance-along e2e take: 0.053 at lag 0, 0.051
   * a tick later, 0.105 a tick earlier), so a neighbour must fit clearly better, not by noise.
   */
  lagSlack: 1.25,
  /**
   * A browser's track may be on a clock this far from its video's, either way (s), and is checked as
   * read at the shift (in steps of `shiftStepS`) that fits best. Its poses and the take's offset are
   * timed from the recorder's start(); the video's time 0 is the recorder's first frame. On a fast
   * machine that frame comes a camera frame or more later (bench/live-browser.ts: the track 0–0.1 s
   * behind; an honest phone-sized take 0.1 s behind was refused on half the runs when no shift was
   * read); on a loaded one it was captured before start() and waited in the pipeline (a CI take in
   * Chromium at 2 poses/s: the track 0.29 s or more ahead, lag errors 0.032 two ticks earlier against
   * 0.084 at 0). A shift gives a client nothing the offset it sends would not, and the track is used
   * as sent, on that offset's clock; a track further off than this is refused (its best reading at
   * the edge, a tick further fitting better).
   */
  shiftS: 0.5,
  shiftStepS: 1 / 30,
  /**
   * A track stands for the take's analysis only when its poses came at least this share of the
   * analysis rate: sparser, a frame is blended from poses 0.4 s or more apart, and the result differs
   * from the video's own analysis on more moves (bench/sparse-poses.ts: verdicts the same on 96.0 %
   * of moves at 5 poses a second, 94.0 % at 3.5, 88.0 % at 2.5, 84.3 % at 2). Such a take is
   * analysed in full, on the clock its track was found on (the check's shift).
   */
  minPosesShare: 0.5,
  /** Lags checked, in analysis frames (±2 at 7 fps: ±0.29 s). */
  maxLag: 2,
  /** A frame's error counts at most this (a person missed in one and found in the other counts this). */
  cap: 1,
  /** Frames the track may have more than the video at the analysis rate (rounding at its end). */
  frameSlack: 2,
  /** Seconds the track may stop before the video does (the recorder stops after the camera's last pose): no one seen there. */
  shortEndS: 0.5,
} as const;

export type TrackCheck =
  | { ok: true; samples: number; agreeing: number; medianError: number; lagErrors: number[]; shiftS: number }
  | {
      ok: false;
      reason: string;
      samples?: number;
      agreeing?: number;
      medianError?: number;
      lagErrors?: number[];
      shiftS?: number;
    };

/**
 * The browser's compact track as a pose track of this video, when its shape fits it: the server's
 * analysis rate for this video, every tick present in order, the video's proportions, COCO points.
 * Coordinates come as fractions of the frame (as compactTrack writes them); a track in pixels of
 * its width and height (any coordinate past 2) is read as such.
 */
export function takeTrackOf(
  compact: CompactTrack,
  info: Pick<VideoInfo, "duration" | "fps" | "width" | "height">,
): { track: PoseTrack } | { reason: string } {
  const fps = info.fps > 0 ? Math.min(DEFAULTS.fps, round3(info.fps)) : DEFAULTS.fps;
  if (Math.abs(compact.fps - fps) > 1e-3) return { reason: `frame rate ${compact.fps}, not the analysis rate ${fps}` };
  if (compact.keypointNames.join() !== COCO_KEYPOINTS.join()) return { reason: "not the COCO keypoints" };
  const aspect = compact.width / compact.height;
  if (Math.abs(aspect / (info.width / info.height) - 1) > 0.02) return { reason: "not the video's proportions" };
  // A take recorded in a browser (MediaRecorder's WebM) carries no duration: its length is then the
  // track's own, and the sampled frames (spread to its end) show whether the video has them.
  const known = info.duration * fps >= 1;
  const expected = known ? Math.round(info.duration * fps) : compact.frames.length;
  const short = expected - compact.frames.length;
  if (short > TRACK_CHECK.frameSlack + TRACK_CHECK.shortEndS * fps || -short > TRACK_CHECK.frameSlack)
    return { reason: `${compact.frames.length} frames for ${expected} ticks of the video` };
  for (const [k, row] of compact.frames.entries()) {
    if (Math.abs((row[0] ?? Number.NaN) - k / fps) > 2e-3) return { reason: `frame ${k} is not at its tick` };
  }
  const pixels = compact.frames.some((row) => row.some((v, i) => i > 0 && i % 3 !== 0 && Math.abs(v) > 2));
  const frames = pixels
    ? compact.frames.map((row) =>
        row.map((v, i) => (i === 0 || i % 3 === 0 ? v : i % 3 === 1 ? v / compact.width : v / compact.height)),
      )
    : compact.frames;
  // The ticks after the track's last pose: no one seen, as the model says of an empty frame.
  const tail = Array.from({ length: Math.max(0, short) }, (_, i) => [
    round3((compact.frames.length + i) / fps),
    ...new Array<number>(3 * compact.keypointNames.length).fill(0),
  ]);
  const track = trackFromCompact({ ...compact, frames: [...frames, ...tail] });
  const duration = known ? info.duration : expected / fps;
  return { track: { ...track, width: info.width, height: info.height, duration: round3(duration) } };
}

/**
 * The frames to estimate again: `spread` evenly over the take and up to `keys` of the key times
 * given (seconds of the take), as analysis frame indexes, each once, in order.
 */
export function sampleFrames(frameCount: number, fps: number, keyTimes: readonly number[]): number[] {
  const picked = new Set<number>();
  // Every lag at every shift reads a frame of the track.
  const reach = TRACK_CHECK.maxLag + Math.ceil(TRACK_CHECK.shiftS * fps);
  const last = frameCount - 1 - reach;
  const first = reach;
  if (last < first) return [];
  for (let i = 0; i < TRACK_CHECK.spread; i++)
    picked.add(Math.round(first + ((i + 0.5) * (last - first)) / TRACK_CHECK.spread));
  const keys = keyTimes.map((t) => Math.round(t * fps)).filter((k) => k >= first && k <= last);
  const step = Math.max(1, keys.length / TRACK_CHECK.keys);
  for (let i = 0; i < keys.length && picked.size < TRACK_CHECK.spread + TRACK_CHECK.keys; i += step)
    picked.add(keys[Math.floor(i)] as number);
  return [...picked].sort((a, b) => a - b);
}

/**
 * The server's own poses of the chosen frames (analysis frame indexes): the video decoded at the
 * analysis rate as a full analysis decodes it, each chosen frame estimated on its own (a fresh
 * crop, as the first frame of a track).
 */
export async function reestimate(
  path: string,
  info: VideoInfo,
  indexes: readonly number[],
  model: PoseModelName = DEFAULTS.model,
): Promise<{ poses: Map<number, RawPose>; decoded: { width: number; height: number } }> {
  const fps = info.fps > 0 ? Math.min(DEFAULTS.fps, round3(info.fps)) : DEFAULTS.fps;
  const decoded = decodedSize(info, DEFAULTS.maxSide);
  const chosen = () =>
    videoReader() === "cli"
      ? decodeChosen(path, info, fps, indexes)
      : onlyChosen(decodeFrames(path, info, { fps, maxSide: DEFAULTS.maxSide }), indexes);
  const raw = await estimatePoses(chosen(), model, { chunkFrames: 1, priority: 0 });
  return { poses: new Map(raw.map((r) => [r.index, r])), decoded };
}

/** The chosen frames of all those decoded at the analysis rate (the in-process reader). */
async function* onlyChosen(frames: AsyncGenerator<DecodedFrame>, indexes: readonly number[]) {
  const wanted = new Set(indexes);
  const last = Math.max(-1, ...indexes);
  for await (const frame of frames) {
    if (wanted.has(frame.index)) yield frame;
    if (frame.index >= last) return;
  }
}

/**
 * Only the chosen frames through the ffmpeg CLI: the ticks picked exactly as decodeFrames picks them
 * (its fps filter, so frame n is tick n), then selected before they are scaled and piped, and the
 * decoder on every core: the check reads a minute of video in about a second, not three.
 */
export async function* decodeChosen(
  path: string,
  info: VideoInfo,
  fps: number,
  indexes: readonly number[],
): AsyncGenerator<DecodedFrame> {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const { width, height } = decodedSize(info, DEFAULTS.maxSide);
  const select = sorted.map((n) => `eq(n,${n})`).join("+");
  const last = (sorted[sorted.length - 1] ?? 0) + 1;
  const args = ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-an", "-sn"];
  args.push("-t", String(last / fps + 1));
  args.push(
    "-vf",
    `fps=${fps},select='${select}',scale=${width}:${height}:flags=bilinear,format=rgb24`,
    "-fps_mode",
    "passthrough",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "pipe:1",
  );
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "ignore"] });
  const bytes = width * height * 3;
  let buffer = Buffer.alloc(0);
  let k = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= bytes && k < sorted.length) {
        const index = sorted[k++] as number;
        yield { index, t: index / fps, width, height, data: new Uint8Array(buffer.subarray(0, bytes)) };
        buffer = buffer.subarray(bytes);
      }
    }
  } finally {
    child.kill("SIGKILL");
  }
}

/**
 * How far a frame of the take's track is from the server's pose of that frame: the median distance
 * of the points both see, in torso lengths of the server's pose; `cap` when only one of them sees
 * a person; undefined when neither does.
 */
export function poseError(
  frame: PoseFrame | undefined,
  server: RawPose,
  decoded: { width: number; height: number },
  display: { width: number; height: number },
  model: PoseModelName = DEFAULTS.model,
): number | undefined {
  const adapter = poseAdapter(model);
  const serverSees = adapter.hasPerson(server);
  const takeSees = !!frame && frame.score > 0;
  if (!serverSees && !takeSees) return undefined;
  if (!serverSees || !takeSees || !frame) return TRACK_CHECK.cap;
  // Both in display pixels, so a distance means the same across and down.
  const sx = display.width / decoded.width;
  const sy = display.height / decoded.height;
  const at = (i: number) => [(server.keypoints[i * 3] ?? 0) * sx, (server.keypoints[i * 3 + 1] ?? 0) * sy] as const;
  const dist = (a: readonly [number, number], b: readonly [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const [ls, rs, lh, rh] = [5, 6, 11, 12].map(at) as Array<readonly [number, number]>;
  const torso = Math.max(1, (dist(ls as never, lh as never) + dist(rs as never, rh as never)) / 2);
  const errors: number[] = [];
  for (let i = 0; i < COCO_KEYPOINTS.length; i++) {
    if ((server.keypoints[i * 3 + 2] ?? 0) < adapter.minKeypointScore) continue;
    if (!((frame.keypoints[i * 3 + 2] ?? 0) > 0)) continue;
    const take = [
      (frame.keypoints[i * 3] ?? 0) * display.width,
      (frame.keypoints[i * 3 + 1] ?? 0) * display.height,
    ] as const;
    errors.push(dist(take, at(i)) / torso);
  }
  // Too few points in common to say they are the same pose.
  if (errors.length < 6) return TRACK_CHECK.cap;
  return Math.min(TRACK_CHECK.cap, median(errors));
}

/** The track's pose at frame position `x` (fractional: between two frames, each point interpolated where both see it). */
function poseAt(track: PoseTrack, x: number): PoseFrame | undefined {
  const i = Math.floor(x + 1e-9);
  const w = x - i;
  const a = track.frames[i];
  const b = track.frames[i + 1];
  if (!a || w < 1e-6 || !b) return w < 1e-6 ? a : undefined;
  if (!(a.score > 0 && b.score > 0)) return w < 0.5 ? a : b;
  const keypoints = a.keypoints.map((v, k) => {
    const u = b.keypoints[k] as number;
    if (k % 3 === 2) return Math.min(v, u);
    const seen = (a.keypoints[k - (k % 3) + 2] ?? 0) > 0 && (b.keypoints[k - (k % 3) + 2] ?? 0) > 0;
    return seen ? v * (1 - w) + u * w : w < 0.5 ? v : u;
  });
  return { t: a.t * (1 - w) + b.t * w, keypoints, score: Math.min(a.score, b.score) };
}

/** Whether a track's poses came too sparsely to stand for the take's analysis (TRACK_CHECK.minPosesShare). */
export function tooSparse(compact: Pick<CompactTrack, "posesPerSecond">, fps: number): boolean {
  return compact.posesPerSecond !== undefined && compact.posesPerSecond < TRACK_CHECK.minPosesShare * fps;
}

/**
 * Checks the take's track against the server's own estimate of sampled frames (see TRACK_CHECK):
 * enough samples agree, read at the shift from its video's clock that fits best (up to shiftS
 * either way), and no tick further fits better. A `sparse` track (tooSparse) only tells the clock
 * it was found on, never the result: how close its frames come (medianTolerance) is not asked — a
 * frame blended from poses half a second apart is further from the video's than the camera's own
 * (verify-track.footage.test.ts: 0.076–0.087 at 2–2.5 poses a second, every sample agreeing).
 */
export function judgeSamples(
  track: PoseTrack,
  indexes: readonly number[],
  reestimated: Awaited<ReturnType<typeof reestimate>>,
  model: PoseModelName = DEFAULTS.model,
  sparse = false,
): TrackCheck {
  const display = { width: track.width, height: track.height };
  /** The mean error at each lag (ticks) and the errors at lag 0, with the track read `shift` s later. */
  const readAt = (shift: number) => {
    const lagErrors: number[] = [];
    let atZero: number[] = [];
    for (let lag = -TRACK_CHECK.maxLag; lag <= TRACK_CHECK.maxLag; lag++) {
      const errors: number[] = [];
      for (const index of indexes) {
        const pose = reestimated.poses.get(index);
        if (!pose) continue;
        const e = poseError(poseAt(track, index + lag + shift * track.fps), pose, reestimated.decoded, display, model);
        if (e !== undefined) errors.push(e);
      }
      lagErrors.push(errors.length ? round3(errors.reduce((a, b) => a + b, 0) / errors.length) : 0);
      if (lag === 0) atZero = errors;
    }
    return { shiftS: round3(shift), lagErrors, errorsAtZero: atZero };
  };
  const steps = Math.round(TRACK_CHECK.shiftS / TRACK_CHECK.shiftStepS);
  const readings = Array.from({ length: 2 * steps + 1 }, (_, k) => readAt(((k - steps) * TRACK_CHECK.shiftS) / steps));
  // Nearest to the video's own time among equals (a still stretch fits every shift alike).
  const best = readings.reduce((a, b) => {
    const [ea, eb] = [a.lagErrors[TRACK_CHECK.maxLag] as number, b.lagErrors[TRACK_CHECK.maxLag] as number];
    return eb < ea || (eb === ea && Math.abs(b.shiftS) < Math.abs(a.shiftS)) ? b : a;
  });
  const { lagErrors, errorsAtZero, shiftS } = best;
  const samples = errorsAtZero.length;
  if (samples < Math.min(6, reestimated.poses.size)) return { ok: false, reason: "no person in the sampled frames" };
  const agreeing = errorsAtZero.filter((e) => e <= TRACK_CHECK.frameTolerance).length;
  const medianError = round3(median(errorsAtZero));
  const figures = { samples, agreeing, medianError, lagErrors, shiftS };
  if (agreeing < TRACK_CHECK.minAgreeing * samples)
    return { ok: false, reason: `${samples - agreeing} of ${samples} sampled frames disagree`, ...figures };
  if (!sparse && medianError > TRACK_CHECK.medianTolerance)
    return { ok: false, reason: `sampled frames are ${medianError} torso lengths off the video's poses`, ...figures };
  const atZero = lagErrors[TRACK_CHECK.maxLag] as number;
  const otherBest = Math.min(...lagErrors.filter((_, i) => i !== TRACK_CHECK.maxLag));
  if (atZero > otherBest * TRACK_CHECK.lagSlack)
    return { ok: false, reason: "the track is off the video's time", ...figures };
  return { ok: true, ...figures };
}

/**
 * Whether the browser's track of this take can stand for the server's analysis of it: its shape
 * fits the video, and sampled frames estimated again here agree with it. `keyTimes` are the take's
 * seconds that decide the score (the reference's moves in the take's clock).
 */
export async function verifyTakeTrack(
  path: string,
  info: VideoInfo,
  compact: CompactTrack,
  opts: { keyTimes?: readonly number[]; model?: PoseModelName } = {},
): Promise<{ check: TrackCheck; track?: PoseTrack }> {
  const shaped = takeTrackOf(compact, info);
  if ("reason" in shaped) return { check: { ok: false, reason: shaped.reason } };
  const { track } = shaped;
  const indexes = sampleFrames(track.frames.length, track.fps, opts.keyTimes ?? []);
  if (indexes.length < 6) return { check: { ok: false, reason: "too short to check" } };
  const reestimated = await reestimate(path, info, indexes, opts.model);
  const check = judgeSamples(track, indexes, reestimated, opts.model, tooSparse(compact, track.fps));
  return { check, track };
}
