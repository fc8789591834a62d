import { DEFAULTS } from "./analyze.ts";
import { trackFromCompact } from "./compact-track.ts";
import { COCO_KEYPOINTS } from "./pose/keypoints.ts";
import type { PoseModelName } from "./pose/model-names.ts";
import { poseAdapter } from "./pose/models.ts";
import { estimatePoses, type RawPose } from "./pose/pool.ts";
import type { CompactTrack, PoseFrame, PoseTrack } from "./types.ts";
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import type { Readable } from "node:stream";
import { undecodableVideo } from "./errors.ts";
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
  /**
   * Frames estimated again, drawn anew for each check from a secure random source (the client cannot
   * know which), every frame of a shorter take. A track forged over a share p of the take escapes only
   * when at most `maxDisagreeing` samples fall in the forged frames: (1 − p)^64 + 64p(1 − p)^63, 1 % for
   * a tenth of the take, 16 % for a twentieth (bench/forgery.ts measures it).
   */
  samples: 64,
  /** Samples that may disagree with the video (a blur, someone walking in, a frame the browser's model missed). */
  maxDisagreeing: 1,
  /**
   * A sparse track (tooSparse) never stands for the result, only for the clock it was found on: of
   * its samples this share must agree (blended from poses 0.4–0.5 s apart, 1–2 of 64 samples do not).
   */
  sparseAgreeing: 0.85,
  /**
   * How far a frame's points may be from the server's (the median distance of the points both see,
   * in torso lengths of the server's pose) over the samples, taken as their median. Measured on a
   * fixture take (verify-track.footage.test.ts, 19 samples): honest tracks 0.037–0.041, 0.061 a camera
   * frame (1/30 s) late (0.039 on a 60-s take, 24 samples); tampered ones 0.097 (averaged over
   * ±2 ticks), 0.15–0.28 (shifted 0.2–0.5 s), 0.16 (scaled ×1.15), 0.69 (the reference's), 1
   * (mirrored). Lighter smoothing (±1 tick: 0.074) is at the edge; with 15 samples ±2 measured 0.070.
   */
  medianTolerance: 0.07,
  /**
   * A sample disagrees when its frame is further than this from the server's pose (honest tracks of
   * the dev footage: at most 0.08 dense, 0.21 blended from 3.5 poses a second; the reference's poses
   * 0.57–0.69)…
   */
  frameTolerance: 0.3,
  /**
   * …or when the track's frame a tick before or after it is further than this from the server's pose
   * at the sample: a body moves less than that in 1/7 s (honest tracks of the dev footage: at most
   * 0.41, p99 0.10–0.41 a clip), and a track honest only at the frames it hopes are sampled is not.
   */
  neighbourTolerance: 0.5,
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

/** What the check found: `samples` showing a person, of which `disagreeing` did not fit; `ticks` the video's analysis frames. */
type CheckFigures = {
  samples: number;
  disagreeing: number;
  medianError: number;
  lagErrors: number[];
  shiftS: number;
  ticks: number;
};

export type TrackCheck = ({ ok: true } & CheckFigures) | ({ ok: false; reason: string } & Partial<CheckFigures>);

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
  // track's own until the check has decoded the video to its end (verifyTakeTrack).
  const known = info.duration * fps >= 1;
  const expected = known ? Math.round(info.duration * fps) : compact.frames.length;
  const short = expected - compact.frames.length;
  const misfit = lengthMisfit(compact.frames.length, expected, fps);
  if (misfit) return { reason: misfit };
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
 * Why a track of `frames` frames cannot be the track of a video of `ticks` analysis frames: longer
 * (past rounding at its end), or shorter by more than the camera's last moments.
 */
function lengthMisfit(frames: number, ticks: number, fps: number): string | undefined {
  const short = ticks - frames;
  if (short > TRACK_CHECK.frameSlack + TRACK_CHECK.shortEndS * fps || -short > TRACK_CHECK.frameSlack)
    return `${frames} frames for ${ticks} ticks of the video`;
  return undefined;
}

/** A whole number from 0 up to (not including) `below`. */
export type Draw = (below: number) => number;

/**
 * The frames to estimate again: `TRACK_CHECK.samples` of the take's `frameCount` analysis frames (all
 * of a shorter take), each drawn with equal chance by `draw`, as indexes in order.
 */
export function sampleFrames(frameCount: number, draw: Draw = randomInt): number[] {
  const all = Array.from({ length: frameCount }, (_, i) => i);
  const n = Math.min(TRACK_CHECK.samples, frameCount);
  for (let i = 0; i < n; i++) {
    const j = i + draw(frameCount - i);
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return all.slice(0, n).sort((a, b) => a - b);
}

/** The server's own poses of sampled frames, and how many analysis frames the video has. */
export type Reestimated = {
  poses: Map<number, RawPose>;
  decoded: { width: number; height: number };
  /** Analysis frames decoded from the whole video: its length as the server reads it, whatever its file says. */
  ticks: number;
};

/** Counts the analysis frames a decoder read (filled once it has read them all). */
type Tally = { ticks: number };

/**
 * The server's own poses of the chosen frames (analysis frame indexes): the whole video decoded at
 * the analysis rate as a full analysis decodes it, its frames counted, each chosen frame estimated
 * on its own (a fresh crop, as the first frame of a track).
 */
export async function reestimate(
  path: string,
  info: VideoInfo,
  indexes: readonly number[],
  model: PoseModelName = DEFAULTS.model,
): Promise<Reestimated> {
  const fps = info.fps > 0 ? Math.min(DEFAULTS.fps, round3(info.fps)) : DEFAULTS.fps;
  const decoded = decodedSize(info, DEFAULTS.maxSide);
  const tally: Tally = { ticks: 0 };
  const maxSeconds = DEFAULTS.maxDuration + 1;
  const chosen =
    videoReader() === "cli"
      ? decodeChosen(path, info, fps, indexes, tally)
      : onlyChosen(decodeFrames(path, info, { fps, maxSide: DEFAULTS.maxSide, maxSeconds }), indexes, tally);
  const raw = await estimatePoses(chosen, model, { chunkFrames: 1, priority: 0 });
  return { poses: new Map(raw.map((r) => [r.index, r])), decoded, ticks: tally.ticks };
}

/** The chosen frames of all those decoded at the analysis rate (the in-process reader), every one counted. */
async function* onlyChosen(frames: AsyncGenerator<DecodedFrame>, indexes: readonly number[], tally: Tally) {
  const wanted = new Set(indexes);
  for await (const frame of frames) {
    tally.ticks = frame.index + 1;
    if (wanted.has(frame.index)) yield frame;
  }
}

/** ffmpeg's expression for "frame n is one of these", nested in halves (a flat sum of hundreds it cannot parse). */
function oneOf(indexes: readonly number[]): string {
  if (indexes.length <= 1) return indexes.length ? `eq(n,${indexes[0]})` : "0";
  const half = indexes.length >> 1;
  return `(${oneOf(indexes.slice(0, half))}+${oneOf(indexes.slice(half))})`;
}

/**
 * Only the chosen frames through the ffmpeg CLI: the ticks picked exactly as decodeFrames picks them
 * (its fps filter, so frame n is tick n), then selected before they are scaled and piped, and the
 * decoder on every core; every tick is counted too (a 2×2 grey copy of each on a second pipe), so
 * the video is read to its end: a minute of video in about a second.
 */
export async function* decodeChosen(
  path: string,
  info: VideoInfo,
  fps: number,
  indexes: readonly number[],
  tally: Tally = { ticks: 0 },
): AsyncGenerator<DecodedFrame> {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const { width, height } = decodedSize(info, DEFAULTS.maxSide);
  const graph = [
    `[0:v:0]fps=${fps},split[all][each]`,
    `[all]select='${oneOf(sorted)}',scale=${width}:${height}:flags=bilinear,format=rgb24[chosen]`,
    "[each]scale=2:2,format=gray[tick]",
  ].join(";");
  const args = ["-v", "error", "-nostdin", "-t", String(DEFAULTS.maxDuration + 1), "-i", path];
  args.push("-filter_complex", graph);
  for (const [label, pipe] of [
    ["[chosen]", "pipe:1"],
    ["[tick]", "pipe:3"],
  ] as const)
    args.push("-map", label, "-fps_mode", "passthrough", "-f", "rawvideo", pipe);
  const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString();
  });
  let tickBytes = 0;
  (child.stdio[3] as Readable).on("data", (d: Buffer) => {
    tickBytes += d.length;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on("close", (code) => resolve(code));
    child.on("error", () => resolve(null));
  });
  const bytes = width * height * 3;
  let buffer = Buffer.alloc(0);
  let k = 0;
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= bytes && k < sorted.length) {
        const index = sorted[k++] as number;
        yield { index, t: index / fps, width, height, data: new Uint8Array(buffer.subarray(0, bytes)) };
        buffer = buffer.subarray(bytes);
      }
    }
    finished = true;
  } finally {
    if (!finished) child.kill("SIGKILL");
  }
  const code = await exited;
  tally.ticks = Math.floor(tickBytes / 4);
  if (code !== 0 && tally.ticks === 0) throw undecodableVideo(new Error(stderr.trim()));
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
 * Checks the take's track against the server's own estimate of sampled frames (see TRACK_CHECK),
 * read at the shift from its video's clock that fits best (up to shiftS either way): at most
 * `maxDisagreeing` samples off (the frame itself, or the track's frames a tick either side), the
 * samples close enough as a whole (medianTolerance), and no tick further fitting better. A sample
 * whose frame the video did not give counts as off. The track is read no further than its last
 * `sent` frame (after it, the ticks no one was seen in). A `sparse` track (tooSparse) only tells
 * the clock it was found on, never the result: how close its frames come as a whole is not asked,
 * and a few more samples may be off (sparseAgreeing) — a frame blended from poses half a second
 * apart is further from the video's than the camera's own (verify-track.footage.test.ts: median
 * 0.074–0.087 at 2–2.5 poses a second, 1–2 of 64 samples off).
 */
export function judgeSamples(
  track: PoseTrack,
  indexes: readonly number[],
  reestimated: Reestimated,
  opts: { sent?: number; model?: PoseModelName; sparse?: boolean } = {},
): TrackCheck {
  const display = { width: track.width, height: track.height };
  const last = (opts.sent ?? track.frames.length) - 1;
  const read = (x: number) => poseAt(track, Math.max(0, Math.min(last, x)));
  /** The track's frame at position x against the server's pose of frame `index`. */
  const errorAt = (index: number, x: number) => {
    const pose = reestimated.poses.get(index);
    return pose && poseError(read(x), pose, reestimated.decoded, display, opts.model);
  };
  const decoded = indexes.filter((i) => reestimated.poses.has(i));
  const { ticks } = reestimated;
  /** The mean error at each lag (ticks), with the track read `shift` s later. */
  const lagErrorsAt = (shift: number) => {
    const lagErrors: number[] = [];
    for (let lag = -TRACK_CHECK.maxLag; lag <= TRACK_CHECK.maxLag; lag++) {
      const errors = decoded.flatMap((i) => errorAt(i, i + lag + shift * track.fps) ?? []);
      lagErrors.push(errors.length ? round3(errors.reduce((a, b) => a + b, 0) / errors.length) : 0);
    }
    return { shift, lagErrors };
  };
  const steps = Math.round(TRACK_CHECK.shiftS / TRACK_CHECK.shiftStepS);
  const readings = Array.from({ length: 2 * steps + 1 }, (_, k) =>
    lagErrorsAt(((k - steps) * TRACK_CHECK.shiftS) / steps),
  );
  // Nearest to the video's own time among equals (a still stretch fits every shift alike).
  const { shift, lagErrors } = readings.reduce((a, b) => {
    const [ea, eb] = [a.lagErrors[TRACK_CHECK.maxLag] as number, b.lagErrors[TRACK_CHECK.maxLag] as number];
    return eb < ea || (eb === ea && Math.abs(b.shift) < Math.abs(a.shift)) ? b : a;
  });
  const errors: number[] = [];
  // Sampled frames the video should have given and did not (it read fewer ticks) are off.
  let disagreeing = indexes.filter((i) => i < ticks && !reestimated.poses.has(i)).length;
  for (const index of decoded) {
    const x = index + shift * track.fps;
    const error = errorAt(index, x);
    if (error !== undefined) errors.push(error);
    const neighbours = [x - 1, x + 1].map((n) => errorAt(index, n) ?? 0);
    if ((error ?? 0) > TRACK_CHECK.frameTolerance || Math.max(...neighbours) > TRACK_CHECK.neighbourTolerance)
      disagreeing++;
  }
  const samples = errors.length;
  const figures = { samples, disagreeing, lagErrors, shiftS: round3(shift), ticks };
  // Zero samples never pass: a video showing no one is the full analysis's to say.
  if (samples === 0 || samples < Math.min(6, decoded.length))
    return { ok: false, reason: "no person in the sampled frames", ...figures };
  const medianError = round3(median(errors));
  const all = { ...figures, medianError };
  const allowed = opts.sparse
    ? Math.floor((1 - TRACK_CHECK.sparseAgreeing) * indexes.length)
    : TRACK_CHECK.maxDisagreeing;
  if (disagreeing > allowed)
    return { ok: false, reason: `${disagreeing} of ${indexes.length} sampled frames disagree`, ...all };
  if (!opts.sparse && !(medianError <= TRACK_CHECK.medianTolerance))
    return { ok: false, reason: `sampled frames are ${medianError} torso lengths off the video's poses`, ...all };
  const atZero = lagErrors[TRACK_CHECK.maxLag] as number;
  const otherBest = Math.min(...lagErrors.filter((_, i) => i !== TRACK_CHECK.maxLag));
  if (atZero > otherBest * TRACK_CHECK.lagSlack)
    return { ok: false, reason: "the track is off the video's time", ...all };
  return { ok: true, ...all };
}

/**
 * Whether the browser's track of this take can stand for the server's analysis of it: its shape
 * fits the video, the video read to its end is as long as the track (and as its file says), and
 * frames drawn at random (`draw`: a secure source unless a bench gives one), estimated again here,
 * agree with it.
 */
export async function verifyTakeTrack(
  path: string,
  info: VideoInfo,
  compact: CompactTrack,
  opts: { model?: PoseModelName; draw?: Draw } = {},
): Promise<{ check: TrackCheck; track?: PoseTrack }> {
  const shaped = takeTrackOf(compact, info);
  if ("reason" in shaped) return { check: { ok: false, reason: shaped.reason } };
  const { track } = shaped;
  const sent = Math.min(compact.frames.length, track.frames.length);
  const indexes = sampleFrames(sent, opts.draw);
  const reestimated = await reestimate(path, info, indexes, opts.model);
  const { ticks } = reestimated;
  const refused = (reason: string) => ({ check: { ok: false as const, reason, ticks } });
  if (ticks === 0) return refused("no frame of the video could be read");
  // The video must be readable for as long as its file says, and as long as the track.
  const said = Math.round(info.duration * track.fps);
  if (said >= 1 && ticks < said - TRACK_CHECK.frameSlack)
    return refused(`the video reads ${ticks} of the ${said} ticks its file says`);
  const misfit = lengthMisfit(compact.frames.length, ticks, track.fps);
  if (misfit) return refused(misfit);
  const check = judgeSamples(track, indexes, reestimated, {
    sent,
    model: opts.model,
    sparse: tooSparse(compact, track.fps),
  });
  return { check, track };
}
