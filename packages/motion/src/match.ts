import { alignTracks } from "./align/align.ts";
import { ContinuousTrack } from "./align/interp.ts";
import { musicOffset } from "./align/music.ts";
import { timeMoves } from "./align/refine.ts";
import { type Clock, type ClockInfo, fitTiming, type TimingFit } from "./align/timing.ts";
import { type Counting, countReference } from "./counts/counting.ts";
import { MotionError } from "./errors.ts";
import { extractFeatures, type FeatureTrack } from "./features.ts";
import { resampleTrack } from "./resample.ts";
import type { PoseTrack } from "./types.ts";

/**
 * Which moment of the user's video answers which moment of the reference: the first half of a
 * comparison, before anything is judged (compare.ts judges). Kept apart so the judging can be
 * recalibrated on many matches without aligning them again (bench/quality/fit.ts).
 */
export interface Match {
  fps: number;
  /** Both tracks at the common analysis rate. */
  refT: PoseTrack;
  userT: PoseTrack;
  ref: FeatureTrack;
  /** The user's features as compared (mirrored when the user danced mirror-wise). */
  user: FeatureTrack;
  cont: ContinuousTrack;
  mirrored: boolean;
  /** The reference's counts, moves and sections. */
  counting: Counting;
  /** Where each move starts in the user's video (null: not found). */
  starts: Array<number | null>;
  fit: TimingFit;
  /** When both videos carry the same music: where the reference's time zero is in the user's video (s); else null. */
  music: number | null;
  /** What the dancer kept time with (see align/timing.ts). */
  clock: Clock;
  /** Reference time → user time along the coarse alignment (null off it). */
  guide: (t: number) => number | null;
}

/** How the reference is counted into moves and sections, given its features at the analysis rate. */
export type CountingOf = (ref: FeatureTrack, fps: number) => Counting;

export interface MatchOptions {
  countingOf?: CountingOf;
  /**
   * The user's recording was started with the reference playing (dance along): reference time 0
   * is at this many seconds of the user's video. Timing is then against that clock, not aligned away.
   */
  takeOffset?: number;
}

export function matchTracks(reference: PoseTrack, user: PoseTrack, opts: MatchOptions = {}): Match {
  const countingOf = opts.countingOf ?? ((ref: FeatureTrack) => countReference(ref, reference.audio ?? null));
  if (!reference.frames.some((f) => f.score > 0))
    throw new MotionError("NO_PERSON_REFERENCE", "No person was found in the reference video.");
  if (!user.frames.some((f) => f.score > 0))
    throw new MotionError("NO_PERSON_USER", "No person was found in your video.");
  // Both tracks at the slower of the two analysis rates.
  const fps = Math.min(reference.fps, user.fps);
  const refT = resampleTrack(reference, fps);
  const userT = resampleTrack(user, fps);
  const ref = extractFeatures(refT);
  const usr = extractFeatures(userT);
  const usrMirrored = extractFeatures(userT, true);

  // Coarse alignment (and whether the user danced mirror-wise), then the counts and moves.
  const al = alignTracks(ref, usr, usrMirrored);
  const u = al.mirrored ? usrMirrored : usr;
  const cont = new ContinuousTrack(u);
  const counting = countingOf(ref, fps);
  const spans = counting.moves;

  // Each move timed precisely; pace and lateness against the reference (or the music).
  const guide = pathGuide(al.path, fps);
  const music = musicOffset(reference.audio ?? null, user.audio ?? null);
  const clock: ClockInfo =
    music !== null
      ? { clock: "music", offset: music }
      : opts.takeOffset !== undefined
        ? { clock: "take", offset: opts.takeOffset }
        : { clock: counting.info.source === "music" ? "beat" : "free" };
  let found = timeMoves(ref, cont, spans, guide, al.tempo);
  const fitOf = () =>
    fitTiming(
      // A hold has no moment to be on time for: it neither sets the pace nor is late.
      spans.map((m, k) => ({ start: m.start, userStart: m.held ? null : (found[k]?.userStart ?? null) })),
      clock,
      al.tempo,
    );
  let fit = fitOf();
  if (Math.abs(fit.tempo - al.tempo) > 0.02) {
    found = timeMoves(ref, cont, spans, guide, fit.tempo);
    fit = fitOf();
  }
  return {
    fps,
    refT,
    userT,
    ref,
    user: u,
    cont,
    mirrored: al.mirrored,
    counting,
    starts: found.map((f) => f.userStart),
    fit,
    music,
    clock: clock.clock,
    guide,
  };
}

/** Reference time → user time along the coarse warping path (mean of the matched frames), null off the path. */
function pathGuide(path: Array<[number, number]>, fps: number): (t: number) => number | null {
  const sum = new Map<number, [number, number]>();
  for (const [i, j] of path) {
    const s = sum.get(i) ?? [0, 0];
    sum.set(i, [s[0] + j, s[1] + 1]);
  }
  const idx = [...sum.keys()].sort((a, b) => a - b);
  const at = new Map(
    idx.map((i) => [i, (sum.get(i) as [number, number])[0] / (sum.get(i) as [number, number])[1] / fps]),
  );
  const first = idx[0];
  const last = idx[idx.length - 1];
  return (t) => {
    if (first === undefined || last === undefined) return null;
    const x = t * fps;
    if (x < first - 0.5 || x > last + 0.5) return null;
    const i = Math.max(first, Math.min(last, Math.floor(x)));
    const a = at.get(i);
    const b = at.get(Math.min(last, i + 1));
    if (a === undefined) return null;
    return b === undefined ? a : a + (b - a) * Math.max(0, Math.min(1, x - i));
  };
}
