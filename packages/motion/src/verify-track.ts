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
import { median, quantile, round3 } from "./numbers.ts";

/**
 * A take's pose track estimated by the browser is trusted only as far as the server can check it:
 * frames of the take are estimated again here, with the server's own model, and the browser's track
 * must agree with them. The figures below were measured on MoveNet's track of a camera's picture (as
 * a browser's, through TakeFrames at 30, 5 and 3.5 poses a second) against the server's re-estimate
 * of the recorded take (verify-track.footage.test.ts, bench/forgery.ts).
 */
export const TRACK_CHECK = {
  /**
   * Frames estimated again, drawn anew for each check from a secure random source (the client cannot
   * know which): one at a random place inside every move of the reference as danced on the take's
   * clock (a forger gains only by changing moves, so every move changed is looked at), and the rest
   * anywhere in the take, this many in all (every frame of a shorter take)…
   */
  samples: 64,
  /** …and at least this many anywhere, whatever the number of moves (the lead-in and the moments between). */
  anywhere: 16,
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
   * And their worst limbs (at the limb's best time within its reach), taken at the 75th percentile:
   * a forgery of a few points fitted onto the dancer's body (the reference's forearms moved onto
   * her: 0.28 at the median frame) is never far at any one frame, but it is at most of them (honest
   * tracks 0.11–0.16 at the 75th percentile of frames, at 30 to 3.5 poses a second).
   */
  limbTolerance75: 0.22,
  /**
   * A sample disagrees outright when its frame is further than this from the server's pose (honest
   * tracks of the dev footage: at most 0.28 at 30, 5 or 3.5 poses a second; the reference's poses
   * 0.57–0.69)…
   */
  frameTolerance: 0.3,
  /**
   * …or when one limb (elbow and wrist, knee and ankle: the mean of the two) is further than this
   * from the server's, at the track's best time for that limb within its reach (limbReach): a
   * forgery of a few points (the reference's forearms) leaves the median of all 17 as it was. A fast
   * arm is where two estimates differ most (honest tracks at most 1.03; the reference's forearms 0.9
   * at the median frame)…
   */
  limbTolerance: 1.2,
  /**
   * …or when the track's frame a tick before or after it is further than this from the server's pose
   * at the sample: a body moves less than that in 1/7 s (honest tracks of the dev footage: at most
   * 0.41, p99 0.10–0.41 a clip), and a track honest only at the frames it hopes are sampled is not.
   */
  neighbourTolerance: 0.5,
  /**
   * Ticks either side at which a limb may be read (the track's smoothing runs behind a fast arm): 1,
   * and up to 2 for a track blended from fewer poses a second (its poses 1/rate apart).
   */
  limbReach: { min: 1, max: 2 },
  /**
   * A sample closer than that may still be part of a forgery fitted onto the dancer's body (the
   * reference's pose moved there: its frames 0.20, its worst limb 0.39 at the median). A sample this
   * far (the median of its points, or a limb) is looked at again with the frames `window` ticks
   * either side (estimated too); honest tracks reach it on 2–6 % of frames, where a fast arm moves.
   */
  closerLook: { body: 0.15, limb: 0.2 },
  window: 2,
  /**
   * Looked at again, the track is refused when over the window the median frame or the median limb
   * is this far: a forgery spans the move, where the noise of two estimates of a fast arm is a moment
   * (honest windows at most 0.14 and 0.33; the fitted reference's 0.21 and 0.38 at the median)…
   */
  spanning: { body: 0.18, limb: 0.1, perMotion: 2 },
  /**
   * …or when the track jumps at the sample further than the video does, by this much: its frame
   * against the middle of its frames a tick either side, less the server's pose against the middle of
   * its own (honest tracks at most 0.06 and 0.20: the server's single estimates jump more than a
   * track; a forged frame among honest ones 0.13 and 0.34 at the median, the reference's pose fitted
   * onto the dancer's body 0.20 and 0.50). So no forged frame is let go as noise; a sample that
   * disagrees outright is let go only where the server's own estimate jumped at least as far as the
   * track. A track whose points jump this far on their own is looked at again too (suspect), and
   * refused only for that jump: a forged frame between honest ones is at its best time a tick away,
   * near the video, and only its jump tells it (bench/forgery.ts's 60-s take, every tick: honest
   * tracks' own jumps at most 0.11, p99 0.08–0.10; the fitted reference's frames 0.12–0.45, 0.20 at
   * the median). Limbs alone are not judged so: an honest dancer's fast arm jumps 0.4–2.4 off the
   * middle of its neighbours on the fixture take, further than the server's single estimates do.
   */
  jump: { body: 0.1, limb: 0.25 },
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
  /** Shifts whose median error is within this share of the best fit as well (the video's own time first among them). */
  shiftTie: 0.05,
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

/**
 * What the check found: `samples` showing a person, of which `disagreeing` did not fit (found so with
 * the frames around them) and `noise` were a moment of the server's own estimate; `estimated` frames
 * in all; `ticks` the video's analysis frames.
 */
type CheckFigures = {
  samples: number;
  /** The worst limb's distance at the 75th percentile of the samples (limbTolerance75). */
  limbError: number;
  disagreeing: number;
  noise: number;
  estimated: number;
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

/** A move of the reference as danced on the track's clock, seconds (the result's moves through its time map). */
export type MoveSpan = { start: number; end: number };

/** A sample inside a move: the move's ticks on the track's clock (`from`–`to`, both in) and the video frame drawn. */
type MoveSample = { from: number; to: number; index: number };

/** The frames a check estimates again (`indexes`, in order), of which `inMoves` one inside each move. */
export type Samples = { indexes: number[]; inMoves: MoveSample[] };

/** Each move's ticks on the track's clock (of `count` frames), both ends in; a move between two ticks keeps the nearer. */
export function moveTicks(moves: readonly MoveSpan[], fps: number, count: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of moves) {
    let from = Math.ceil(m.start * fps - 1e-6);
    let to = Math.ceil(m.end * fps - 1e-6) - 1;
    if (to < from) from = to = Math.round(((m.start + m.end) / 2) * fps);
    [from, to] = [Math.max(0, from), Math.min(count - 1, to)];
    if (from <= to) spans.push([from, to]);
  }
  return spans;
}

/**
 * The frames to estimate again, each drawn with equal chance by `draw`: one inside each of `moves`
 * (tick spans on the track's clock, read as the video's until the check knows the track's shift),
 * then others anywhere in the take's `frameCount` frames, TRACK_CHECK.samples in all and at least
 * TRACK_CHECK.anywhere of them (all frames of a shorter take).
 */
export function sampleFrames(
  frameCount: number,
  opts: { moves?: ReadonlyArray<readonly [number, number]>; draw?: Draw } = {},
): Samples {
  const draw = opts.draw ?? randomInt;
  const inMoves = (opts.moves ?? []).map(([from, to]) => ({ from, to, index: from + draw(to - from + 1) }));
  const chosen = new Set(inMoves.map((m) => m.index));
  const rest = Array.from({ length: frameCount }, (_, i) => i).filter((i) => !chosen.has(i));
  const n = Math.min(rest.length, Math.max(TRACK_CHECK.anywhere, TRACK_CHECK.samples - chosen.size));
  for (let i = 0; i < n; i++) {
    const j = i + draw(rest.length - i);
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  return { indexes: [...chosen, ...rest.slice(0, n)].sort((a, b) => a - b), inMoves };
}

/**
 * The samples once the track is known to be read `shift` ticks after the video: a sample inside a
 * move whose frame, so read, falls outside its move is drawn again inside it (`added`: the frames to
 * estimate now), so that every move is still looked at where the track has it.
 */
export function redrawForShift(
  samples: Samples,
  shift: number,
  ticks: number,
  draw: Draw = randomInt,
): { samples: Samples; added: number[] } {
  const taken = new Set(samples.indexes);
  const added: number[] = [];
  const inMoves = samples.inMoves.map((m) => {
    const read = m.index + shift;
    if (read >= m.from - 0.5 && read <= m.to + 0.5) return m;
    const index = Math.max(0, Math.min(ticks - 1, Math.round(m.from + draw(m.to - m.from + 1) - shift)));
    if (!taken.has(index)) added.push(index);
    taken.add(index);
    return { ...m, index };
  });
  return { samples: { indexes: [...taken].sort((a, b) => a - b), inMoves }, added };
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

/** Points of a pose in display pixels, undefined where not seen. */
type Points = ReadonlyArray<readonly [number, number] | undefined>;

/** Limbs judged on their own: elbow and wrist, knee and ankle (COCO), each side. */
const LIMBS = [
  [7, 9],
  [8, 10],
  [13, 15],
  [14, 16],
] as const;

/** How a pose fits another: `body` the median distance of the points both see, `limbs` each limb's mean (NaN unseen), in torso lengths. */
type Fit = { body: number; limbs: number[] };

/** The server's pose in display pixels: the points it is sure of, and its torso's length; undefined when it sees no one. */
function serverPose(
  pose: RawPose,
  decoded: { width: number; height: number },
  display: { width: number; height: number },
  model: PoseModelName,
): { points: Points; torso: number } | undefined {
  const adapter = poseAdapter(model);
  if (!adapter.hasPerson(pose)) return undefined;
  // Both in display pixels, so a distance means the same across and down.
  const at = (i: number) =>
    [
      ((pose.keypoints[i * 3] ?? 0) * display.width) / decoded.width,
      ((pose.keypoints[i * 3 + 1] ?? 0) * display.height) / decoded.height,
    ] as const;
  const torso = Math.max(1, (distance(at(5), at(11)) + distance(at(6), at(12))) / 2);
  const points = COCO_KEYPOINTS.map((_, i) =>
    (pose.keypoints[i * 3 + 2] ?? 0) >= adapter.minKeypointScore ? at(i) : undefined,
  );
  return { points, torso };
}

/** A track's frame in display pixels, undefined when it shows no one. */
function trackPoints(frame: PoseFrame | undefined, display: { width: number; height: number }): Points | undefined {
  if (!frame || !(frame.score > 0)) return undefined;
  return COCO_KEYPOINTS.map((_, i) =>
    (frame.keypoints[i * 3 + 2] ?? 0) > 0
      ? ([(frame.keypoints[i * 3] ?? 0) * display.width, (frame.keypoints[i * 3 + 1] ?? 0) * display.height] as const)
      : undefined,
  );
}

function distance(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** How points `a` fit points `b` (TRACK_CHECK.cap when only one shows a person, or too few points in common); undefined when neither does. */
function fitOf(a: Points | undefined, b: Points | undefined, torso: number): Fit | undefined {
  if (!a && !b) return undefined;
  const off = { body: TRACK_CHECK.cap, limbs: LIMBS.map(() => Number.NaN) };
  if (!a || !b) return off;
  const d = a.map((p, i) => {
    const q = b[i];
    return p && q ? distance(p, q) / torso : undefined;
  });
  const seen = d.filter((v): v is number => v !== undefined);
  // Too few points in common to say they are the same pose.
  if (seen.length < 6) return off;
  const limbs = LIMBS.map((points) => {
    const v = points.map((i) => d[i]).filter((x): x is number => x !== undefined);
    return v.length ? v.reduce((x, y) => x + y, 0) / v.length : Number.NaN;
  });
  return { body: Math.min(TRACK_CHECK.cap, median(seen)), limbs };
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
  const pose = serverPose(server, decoded, display, model);
  return fitOf(trackPoints(frame, display), pose?.points, pose?.torso ?? 1)?.body;
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

/** Where the track is read against the video: `shift` seconds later, with the mean error at each lag (ticks) there. */
export type Reading = { shift: number; lagErrors: number[] };

/**
 * What judging a track's samples needs besides the track and the poses: `sent` frames of it, the
 * model, whether it is `sparse` (tooSparse), and how many poses a second it came from.
 */
type JudgeOptions = { sent?: number; model?: PoseModelName; sparse?: boolean; posesPerSecond?: number };

/** How a frame of the track fits the server's pose of a frame: its points (`body`), its worst limb at its best time, its frames a tick either side. */
type FrameFit = {
  body: number;
  limb: number;
  limbs: number[];
  neighbours: number;
  /** How far the track's frame is from the middle of its frames a tick either side (its points, its worst limb). */
  jump: { body: number; limb: number };
};

/** Whether a frame disagrees outright (frameTolerance, limbTolerance, neighbourTolerance). */
function outright(f: FrameFit | undefined): boolean {
  if (!f) return false;
  return (
    f.body > TRACK_CHECK.frameTolerance ||
    f.limb > TRACK_CHECK.limbTolerance ||
    f.neighbours > TRACK_CHECK.neighbourTolerance
  );
}

/**
 * Whether a frame is far enough to be looked at again (closerLook), or the track jumps there as far
 * as a forged frame does (TRACK_CHECK.jump: judged against the video's own jump with the window), or
 * it disagrees outright.
 */
function suspect(f: FrameFit | undefined): boolean {
  if (!f) return false;
  return (
    outright(f) ||
    f.body > TRACK_CHECK.closerLook.body ||
    f.limb > TRACK_CHECK.closerLook.limb ||
    f.jump.body > TRACK_CHECK.jump.body
  );
}

/** The middle of two poses' points (seen in both). */
function middle(a: Points, b: Points): Points {
  return a.map((p, i) => {
    const q = b[i];
    return p && q ? ([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as const) : undefined;
  });
}

/** The worst limb of a fit (0 when none is seen). */
function worstLimb(fit: Fit | undefined): number {
  return Math.max(0, ...(fit?.limbs ?? []).filter((v) => !Number.isNaN(v)));
}

/** The server's poses and the track, read at positions of the track: how frames fit. */
function readerOf(track: PoseTrack, reestimated: Reestimated, opts: JudgeOptions) {
  const model = opts.model ?? DEFAULTS.model;
  const display = { width: track.width, height: track.height };
  const last = (opts.sent ?? track.frames.length) - 1;
  const { min, max } = TRACK_CHECK.limbReach;
  const reach = Math.min(max, Math.max(min, opts.posesPerSecond ? track.fps / opts.posesPerSecond : min));
  // Half ticks from -reach to reach.
  const halves = Math.round(2 * reach);
  const limbSteps = Array.from({ length: 2 * halves + 1 }, (_, k) => (k - halves) / 2);
  const read = (x: number) => trackPoints(poseAt(track, Math.max(0, Math.min(last, x))), display);
  const server = (index: number) => {
    const pose = reestimated.poses.get(index);
    return pose ? { pose: serverPose(pose, reestimated.decoded, display, model) } : undefined;
  };
  /** The track's frame at position x against the server's pose of frame `index` (undefined: not estimated, or no one in either). */
  const fitAt = (index: number, x: number) => {
    const s = server(index);
    return s && fitOf(read(x), s.pose?.points, s.pose?.torso ?? 1);
  };
  /** How the track read at x fits frame `index`: each limb at its best time within the reach. */
  const frameFit = (index: number, x: number): FrameFit | undefined => {
    const here = fitAt(index, x);
    if (!here) return undefined;
    const around = limbSteps.map((d) => (d === 0 ? here : fitAt(index, x + d)));
    const limbs = LIMBS.map((_, l) => {
      const seen = around.map((f) => f?.limbs[l] ?? Number.NaN).filter((v) => !Number.isNaN(v));
      return seen.length ? Math.min(...seen) : Number.NaN;
    });
    const neighbours = Math.max(...[x - 1, x + 1].map((n) => fitAt(index, n)?.body ?? 0));
    // The track's own jump at x: a limb forged on every other frame is at its best time a tick
    // away, and only its jump tells it.
    const [a, b, c] = [read(x - 1), read(x), read(x + 1)];
    const own = a && b && c ? fitOf(b, middle(a, c), server(index)?.pose?.torso ?? 1) : undefined;
    return {
      body: here.body,
      limb: Math.max(0, ...limbs.filter((v) => !Number.isNaN(v))),
      limbs,
      neighbours,
      jump: { body: own?.body ?? 0, limb: worstLimb(own) },
    };
  };
  /**
   * How much more the track jumps at frame `index` (read at x) than the video: its frame against the
   * middle of its frames a tick either side, less the server's pose against the middle of its own
   * (undefined without the server's poses either side).
   */
  const jumpAt = (index: number, x: number) => {
    const [here, before, after] = [index, index - 1, index + 1].map((i) => server(i)?.pose);
    const [a, b, c] = [read(x - 1), read(x), read(x + 1)];
    if (!here || !before || !after || !a || !b || !c) return undefined;
    const trackJump = fitOf(b, middle(a, c), here.torso);
    const serverJump = fitOf(here.points, middle(before.points, after.points), here.torso);
    return {
      body: (trackJump?.body ?? 0) - (serverJump?.body ?? 0),
      limb: worstLimb(trackJump) - worstLimb(serverJump),
    };
  };
  /**
   * How far each limb of the server's poses moves a tick over frames `from`–`to` (the median step,
   * torso lengths of frame `index`; NaN where not seen).
   */
  const limbMotion = (index: number, from: number, to: number) => {
    const torso = server(index)?.pose?.torso ?? 1;
    const steps: number[][] = LIMBS.map(() => []);
    for (let i = from; i < to; i++) {
      const [a, b] = [server(i)?.pose?.points, server(i + 1)?.pose?.points];
      if (!a || !b) continue;
      LIMBS.forEach((points, l) => {
        const d = points.flatMap((k) => {
          const [p, q] = [a[k], b[k]];
          return p && q ? [distance(p, q) / torso] : [];
        });
        if (d.length) steps[l]?.push(d.reduce((x, y) => x + y, 0) / d.length);
      });
    }
    return steps.map((v) => (v.length ? median(v) : Number.NaN));
  };
  return { frameFit, fitAt, jumpAt, limbMotion };
}

/**
 * The shift (up to shiftS either way, in steps of shiftStepS) at which the track fits the samples
 * best, with the mean error at each lag there. Fit is the median error at lag 0, so a few forged
 * frames cannot pull the reading off them; among shifts that fit as well (within shiftTie: a still
 * stretch fits every shift alike), the one nearest the video's own time.
 */
export function readShift(
  track: PoseTrack,
  indexes: readonly number[],
  reestimated: Reestimated,
  opts: JudgeOptions = {},
): Reading {
  const { fitAt } = readerOf(track, reestimated, opts);
  const decoded = indexes.filter((i) => reestimated.poses.has(i));
  const lagErrorsAt = (shift: number) => {
    const lagErrors: number[] = [];
    let fit = Number.POSITIVE_INFINITY;
    for (let lag = -TRACK_CHECK.maxLag; lag <= TRACK_CHECK.maxLag; lag++) {
      const errors = decoded.flatMap((i) => fitAt(i, i + lag + shift * track.fps)?.body ?? []);
      lagErrors.push(errors.length ? round3(errors.reduce((a, b) => a + b, 0) / errors.length) : 0);
      if (lag === 0 && errors.length) fit = median(errors);
    }
    return { shift, lagErrors, fit };
  };
  const steps = Math.round(TRACK_CHECK.shiftS / TRACK_CHECK.shiftStepS);
  const readings = Array.from({ length: 2 * steps + 1 }, (_, k) =>
    lagErrorsAt(((k - steps) * TRACK_CHECK.shiftS) / steps),
  );
  // A sparse track stands only for its clock: read where its frames fit best on the whole (the mean),
  // not the nearest of those that fit about as well (0.07 s off on a 2.5-poses-a-second track).
  const fitOf = (r: (typeof readings)[number]) =>
    opts.sparse ? (r.lagErrors[TRACK_CHECK.maxLag] ?? Number.POSITIVE_INFINITY) : r.fit;
  const best = Math.min(...readings.map(fitOf));
  const tie = opts.sparse ? 0 : TRACK_CHECK.shiftTie;
  const { shift, lagErrors } = readings
    .filter((r) => fitOf(r) <= best * (1 + tie))
    .reduce((a, b) => (Math.abs(b.shift) < Math.abs(a.shift) ? b : a));
  return { shift, lagErrors };
}

/**
 * The samples to look at again (suspect: far enough, or disagreeing outright; a sparse track's only
 * those disagreeing outright), the track read `shift` seconds later.
 */
export function suspectSamples(
  track: PoseTrack,
  indexes: readonly number[],
  reestimated: Reestimated,
  shift: number,
  opts: JudgeOptions = {},
): number[] {
  const { frameFit } = readerOf(track, reestimated, opts);
  const test = opts.sparse ? outright : suspect;
  return indexes.filter((i) => reestimated.poses.has(i) && test(frameFit(i, i + shift * track.fps)));
}

/** The frames around the suspect samples, to estimate before they are judged (within the video's `ticks`). */
export function windowsOf(suspects: readonly number[], ticks: number): number[] {
  const frames = new Set<number>();
  for (const i of suspects)
    for (let d = -TRACK_CHECK.window; d <= TRACK_CHECK.window; d++)
      if (d !== 0 && i + d >= 0 && i + d < ticks) frames.add(i + d);
  return [...frames].sort((a, b) => a - b);
}

/**
 * Whether a suspect sample, seen with its window, shows the track disagreeing with the video: over
 * the window its frames (or a limb) are off as a whole (spanning), or the track jumps there further
 * than the video does (jump), or the sample disagrees outright and the server's own estimate of it
 * is not the one that jumped. What is left is a moment of two estimates differing: noise.
 */
function disagrees(reader: ReturnType<typeof readerOf>, index: number, shiftTicks: number): boolean {
  return disagreement(reader, index, shiftTicks) !== undefined;
}

/** Which rule finds a suspect sample disagreeing (disagrees), undefined for noise. */
function disagreement(
  reader: ReturnType<typeof readerOf>,
  index: number,
  shiftTicks: number,
): "spanning" | "limb" | "jump" | "outright" | undefined {
  const jump = reader.jumpAt(index, index + shiftTicks);
  // Its points, not its limbs: a dancer's fast arm jumps 0.3–2.3 torso lengths further on an honest
  // track than on the server's single estimates (verify-track.footage.test.ts).
  const jumped = jump !== undefined && jump.body > TRACK_CHECK.jump.body;
  // A sample close to the video, looked at only for the track's own jump there: a fast move, unless
  // the track's points jump further than the video's (its limbs not: a dancer's arm moves 0.4–2.4
  // torso lengths off the middle of its frames a tick either side, the server's single estimates
  // of a fast arm less).
  const here = reader.frameFit(index, index + shiftTicks);
  if (here && !outright(here) && !(here.body > TRACK_CHECK.closerLook.body || here.limb > TRACK_CHECK.closerLook.limb))
    return jumped ? "jump" : undefined;
  const fits: FrameFit[] = [];
  for (let d = -TRACK_CHECK.window; d <= TRACK_CHECK.window; d++) {
    const f = reader.frameFit(index + d, index + d + shiftTicks);
    if (f) fits.push(f);
  }
  if (fits.length >= 3) {
    if (median(fits.map((f) => f.body)) > TRACK_CHECK.spanning.body) return "spanning";
    // A limb off over the window by more than the video's own limb moves allow.
    const w = TRACK_CHECK.window;
    const motion = reader.limbMotion(index, index - w, index + w);
    const { limb, perMotion } = TRACK_CHECK.spanning;
    const limbOff = LIMBS.some((_, l) => {
      const errors = fits.map((f) => f.limbs[l] ?? Number.NaN).filter((v) => !Number.isNaN(v));
      const moved = motion[l] ?? Number.NaN;
      return errors.length >= 3 && !Number.isNaN(moved) && median(errors) > limb + perMotion * moved;
    });
    if (limbOff) return "limb";
  }
  if (jumped) return "jump";
  if (!outright(here)) return undefined;
  // Outright: let go only where the server's estimate jumped at least as far as the track (a fast
  // limb that a track blended from poses 0.3 s apart cuts short: 0.33 off, the video's jump 0.08
  // further than the track's), never where the track jumps further.
  return jump && jump.body <= 0 ? undefined : "outright";
}

/**
 * Judges the take's track on the server's estimate of its samples (see TRACK_CHECK), read at
 * `reading` (readShift's, unless given). A suspect sample is judged with its window (the frames
 * estimated, else judged on what there is): the track is refused when it disagrees there. A sample
 * whose frame the video did not give disagrees. The samples must also be close enough as a whole
 * (medianTolerance), and no tick further fit better. The track is read no further than its last
 * `sent` frame (after it, the ticks no one was seen in). A `sparse` track (tooSparse) only tells the
 * clock it was found on, never the result: how close its frames come as a whole is not asked, and a
 * share may disagree outright (sparseAgreeing), each on its own — a frame blended from poses half a
 * second apart is further from the video's than the camera's own (verify-track.footage.test.ts:
 * median 0.074–0.087 at 2–2.5 poses a second, 1–2 of 64 samples off).
 */
export function judgeSamples(
  track: PoseTrack,
  indexes: readonly number[],
  reestimated: Reestimated,
  opts: JudgeOptions & { reading?: Reading } = {},
): TrackCheck {
  const reader = readerOf(track, reestimated, opts);
  const { ticks, poses } = reestimated;
  const decoded = indexes.filter((i) => poses.has(i));
  const { shift, lagErrors } = opts.reading ?? readShift(track, indexes, reestimated, opts);
  const shiftTicks = shift * track.fps;
  const errors = decoded.flatMap((i) => reader.fitAt(i, i + shiftTicks)?.body ?? []);
  const limbs = decoded.flatMap((i) => reader.frameFit(i, i + shiftTicks)?.limb ?? []);
  const suspects = suspectSamples(track, decoded, reestimated, shift, opts);
  const confirmed = opts.sparse ? suspects : suspects.filter((i) => disagrees(reader, i, shiftTicks));
  // Sampled frames the video should have given and did not (it read fewer ticks) are off.
  const missing = indexes.filter((i) => i < ticks && !poses.has(i)).length;
  const disagreeing = confirmed.length + missing;
  const samples = errors.length;
  const figures = {
    samples,
    disagreeing,
    noise: suspects.length - confirmed.length,
    estimated: poses.size,
    lagErrors,
    shiftS: round3(shift),
    ticks,
  };
  // Zero samples never pass: a video showing no one is the full analysis's to say.
  if (samples === 0 || samples < Math.min(6, decoded.length))
    return { ok: false, reason: "no person in the sampled frames", ...figures };
  const medianError = round3(median(errors));
  const limbError = round3(quantile(limbs, 0.75));
  const all = { ...figures, medianError, limbError };
  const allowed = opts.sparse ? Math.floor((1 - TRACK_CHECK.sparseAgreeing) * indexes.length) : 0;
  if (disagreeing > allowed) {
    const at = confirmed
      .slice(0, 5)
      // Which rule found each (disagreement), for the record.
      .map((i) => `${round3(i / track.fps)} s${opts.sparse ? "" : ` ${disagreement(reader, i, shiftTicks)}`}`);
    return {
      ok: false,
      reason: `${disagreeing} of ${indexes.length} sampled frames disagree with the video${at.length ? ` (at ${at.join(", ")})` : ""}`,
      ...all,
    };
  }
  if (!opts.sparse && !(medianError <= TRACK_CHECK.medianTolerance))
    return { ok: false, reason: `sampled frames are ${medianError} torso lengths off the video's poses`, ...all };
  if (!opts.sparse && limbError > TRACK_CHECK.limbTolerance75)
    return { ok: false, reason: `sampled limbs are ${limbError} torso lengths off the video's`, ...all };
  const atZero = lagErrors[TRACK_CHECK.maxLag] as number;
  const otherBest = Math.min(...lagErrors.filter((_, i) => i !== TRACK_CHECK.maxLag));
  if (atZero > otherBest * TRACK_CHECK.lagSlack)
    return { ok: false, reason: "the track is off the video's time", ...all };
  return { ok: true, ...all };
}

/** More of the take's frames estimated by the server (a bench gives them from frames estimated before). */
export type EstimateMore = (indexes: readonly number[]) => Promise<ReadonlyMap<number, RawPose>>;

/**
 * The whole check once the first samples are estimated: the track's shift read from them, samples
 * inside moves the shift moved out of them drawn again, the windows of the samples that disagree
 * estimated (`more`, at most two more passes, none for a track every sample agrees with), then
 * judgeSamples. A sparse track is judged on its first samples alone.
 */
export async function judgeTrack(
  track: PoseTrack,
  samples: Samples,
  first: Reestimated,
  more: EstimateMore,
  opts: JudgeOptions & { draw?: Draw } = {},
): Promise<TrackCheck> {
  const poses = new Map(first.poses);
  const reestimated = { ...first, poses };
  const reading = readShift(track, samples.indexes, first, opts);
  if (opts.sparse) return judgeSamples(track, samples.indexes, reestimated, { ...opts, reading });
  const ticks = first.ticks;
  const { samples: final, added } = redrawForShift(samples, reading.shift * track.fps, ticks, opts.draw);
  const flagged = suspectSamples(track, samples.indexes, reestimated, reading.shift, opts);
  const wanted = (indexes: number[]) => indexes.filter((i) => i < ticks && !poses.has(i));
  let next = wanted([...added, ...windowsOf(flagged, ticks)]);
  for (let pass = 0; pass < 2 && next.length; pass++) {
    for (const [i, pose] of await more(next)) poses.set(i, pose);
    // The samples just drawn may disagree too: their windows.
    next = wanted(windowsOf(suspectSamples(track, added, reestimated, reading.shift, opts), ticks));
  }
  return judgeSamples(track, final.indexes, reestimated, { ...opts, reading });
}

/**
 * Whether the browser's track of this take can stand for the server's analysis of it: its shape
 * fits the video, the video read to its end is as long as the track (and as its file says), and
 * frames drawn at random (`draw`: a secure source unless a bench gives one) — one inside each of
 * the moves `movesOf` finds on the track (the reference's moves as the track dances them), the
 * rest anywhere — estimated again here, agree with it.
 */
export async function verifyTakeTrack(
  path: string,
  info: VideoInfo,
  compact: CompactTrack,
  opts: { model?: PoseModelName; draw?: Draw; movesOf?: (track: PoseTrack) => Promise<MoveSpan[]> } = {},
): Promise<{ check: TrackCheck; track?: PoseTrack }> {
  const shaped = takeTrackOf(compact, info);
  if ("reason" in shaped) return { check: { ok: false, reason: shaped.reason } };
  const { track } = shaped;
  const sent = Math.min(compact.frames.length, track.frames.length);
  const sparse = tooSparse(compact, track.fps);
  // A sparse track never stands for the result: its moves need no looking at.
  const moves = sparse || !opts.movesOf ? [] : moveTicks(await opts.movesOf(track), track.fps, sent);
  const samples = sampleFrames(sent, { moves, draw: opts.draw });
  const first = await reestimate(path, info, samples.indexes, opts.model);
  const { ticks } = first;
  const refused = (reason: string) => ({ check: { ok: false as const, reason, ticks } });
  if (ticks === 0) return refused("no frame of the video could be read");
  // The video must be readable for as long as its file says, and as long as the track.
  const said = Math.round(info.duration * track.fps);
  if (said >= 1 && ticks < said - TRACK_CHECK.frameSlack)
    return refused(`the video reads ${ticks} of the ${said} ticks its file says`);
  const misfit = lengthMisfit(compact.frames.length, ticks, track.fps);
  if (misfit) return refused(misfit);
  const more: EstimateMore = async (indexes) => (await reestimate(path, info, indexes, opts.model)).poses;
  const check = await judgeTrack(track, samples, first, more, {
    sent,
    model: opts.model,
    sparse,
    posesPerSecond: compact.posesPerSecond,
    draw: opts.draw,
  });
  return { check, track };
}
