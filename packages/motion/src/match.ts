import { alignTracks } from "./align/align.ts";
import { ContinuousTrack } from "./align/interp.ts";
import { musicOffset, PLACED_S } from "./align/music.ts";
import { DUE_SEARCH_S, type MoveMatch, TIMING_TIE, timeMoves } from "./align/refine.ts";
import { type Clock, type ClockInfo, fitTiming, type TimingFit } from "./align/timing.ts";
import { type Counting, countReference } from "./counts/counting.ts";
import { MotionError } from "./errors.ts";
import { extractFeatures, type FeatureTrack } from "./features.ts";
import { median } from "./numbers.ts";
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
  /** The user's features the way the whole video was danced (mirrored when mirror-wise). */
  user: FeatureTrack;
  cont: ContinuousTrack;
  /** The whole video's orientation: the user danced mirror-wise. */
  mirrored: boolean;
  /** Per move: danced mirror-wise (a move danced the other way round from the rest follows its own way). */
  moveMirrored: boolean[];
  /** The user's features either way round (as danced: false; flipped left ↔ right: true). */
  oriented(mirrored: boolean): { features: FeatureTrack; cont: ContinuousTrack };
  /** The reference's counts, moves and sections. */
  counting: Counting;
  /** Where each move starts in the user's video (null: not found): where it fits best, or on time when it fits there about as well (refine.ts TIMING_TIE). */
  starts: Array<number | null>;
  /** Where each move fits best, before any was put on time: what says whether the moves follow each other (sameness). */
  fitStarts: Array<number | null>;
  fit: TimingFit;
  /** When both videos carry the same music: where the reference's time zero is in the user's video (s); else null. */
  music: number | null;
  /** What the dancer kept time with (see align/timing.ts). */
  clock: Clock;
  /** Reference time → user time along the coarse alignment (null off it). */
  guide: (t: number) => number | null;
  /** User seconds [start, end] in which the dancer is hidden behind someone (CompareOptions.hidden): not judged. */
  hidden?: ReadonlyArray<readonly [number, number]>;
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

  // Coarse alignment (and whether the user danced mirror-wise), where the music or the take says
  // which moment of the reference the user's video starts at, then the counts and moves. A part
  // danced from deep in a long routine is placed by the dance, and its music looked for there.
  const near = musicOffset(reference.audio ?? null, user.audio ?? null);
  const known = near ?? opts.takeOffset;
  const al = alignTracks(ref, usr, usrMirrored, known === undefined ? {} : { refStart: -known });
  const music = near ?? musicOffset(reference.audio ?? null, user.audio ?? null, placedOffset(al.path, fps), PLACED_S);
  const ways = {
    plain: { features: usr, cont: new ContinuousTrack(usr) },
    flipped: { features: usrMirrored, cont: new ContinuousTrack(usrMirrored) },
  };
  const oriented = (mirrored: boolean) => (mirrored ? ways.flipped : ways.plain);
  const cont = oriented(al.mirrored).cont;
  const counting = countingOf(ref, fps);
  const spans = counting.moves;

  // Each move timed precisely, either way round (each as it was danced); pace and lateness against
  // the clock.
  const guide = pathGuide(al.path, fps);
  const clock: ClockInfo =
    music !== null
      ? { clock: "music", offset: music }
      : opts.takeOffset !== undefined
        ? { clock: "take", offset: opts.takeOffset }
        : { clock: counting.info.source === "music" ? "beat" : "free" };
  const kept = clock.clock === "music" || clock.clock === "take";
  const timeAll = (tempo: number, onTime?: Array<number | null>) => {
    const main = timeMoves(ref, cont, spans, guide, tempo, onTime, kept);
    const other = timeMoves(ref, oriented(!al.mirrored).cont, spans, guide, tempo, onTime, kept);
    const flip = flippedMoves(main, other, kept ? onTime : undefined);
    return { found: main.map((m, k) => (flip[k] ? (other[k] as MoveMatch) : m)), flip };
  };
  let { found, flip } = timeAll(al.tempo);
  const fitOf = () =>
    fitTiming(
      // A hold has no moment to be on time for: it neither sets the pace nor is late.
      spans.map((m, k) => ({ start: m.start, userStart: m.held ? null : (found[k]?.userStart ?? null) })),
      clock,
      al.tempo,
    );
  let fit = fitOf();
  if (Math.abs(fit.tempo - al.tempo) > 0.02) {
    ({ found, flip } = timeAll(fit.tempo));
    fit = fitOf();
  }
  // Once the pace is known, a move that fits on it about as well as anywhere kept it.
  const fitStarts = found.map((f) => f.userStart);
  const onTime = found.map((f, k) => {
    const late = fit.lapse[k];
    return f.userStart === null || late === null || late === undefined ? null : f.userStart - late;
  });
  if (onTime.some((t, k) => t !== null && t !== found[k]?.userStart)) {
    ({ found, flip } = timeAll(fit.tempo, onTime));
    fit = fitOf();
  }
  return {
    fps,
    refT,
    userT,
    ref,
    user: oriented(al.mirrored).features,
    cont,
    mirrored: al.mirrored,
    moveMirrored: flip.map((f) => f !== al.mirrored),
    oriented,
    counting,
    starts: found.map((f) => f.userStart),
    fitStarts,
    fit,
    music,
    clock: clock.clock,
    guide,
  };
}

/** A move counts as danced the other way round only when it fits that way this much better (ratio of position mismatch)… */
const FLIP_RATIO = 0.6;
/** …and fits the video's way worse than this (torso lengths², mean): below it both ways fit, as a symmetric move does. */
const FLIP_MIN_COST = 0.02;

/**
 * Per move: whether it was danced the other way round from the whole video (a dancer who mirrors
 * some moves and not others), timed both ways: it fits clearly better so. A symmetric move fits
 * both ways alike and keeps the video's way. Given where a clock the dancer kept says each move is
 * due (`onTime`), a move found near it (DUE_SEARCH_S) only the other way round, fitting about as
 * well (TIMING_TIE), is taken so: a routine that repeats its moves mirror-wise every couple of
 * beats fits its mirror image a couple of beats off as well as itself on the beat.
 */
export function flippedMoves(main: MoveMatch[], other: MoveMatch[], onTime?: ReadonlyArray<number | null>): boolean[] {
  return main.map((m, k) => {
    const o = other[k] as MoveMatch;
    if (o.userStart === null) return false;
    const due = onTime?.[k];
    const near = (x: MoveMatch) =>
      due !== null && due !== undefined && x.userStart !== null && Math.abs(x.userStart - due) <= DUE_SEARCH_S;
    if (near(o) && !near(m) && o.cost <= m.cost * (1 + TIMING_TIE)) return true;
    return m.cost > FLIP_MIN_COST && o.cost < FLIP_RATIO * m.cost;
  });
}

/**
 * Where the reference's time zero falls in the user's video if the user kept its pace (as a shared
 * song does) through the aligned frames: the median of their time differences (seconds).
 */
function placedOffset(path: Array<[number, number]>, fps: number): number {
  const d = median(path.map(([i, j]) => (j - i) / fps));
  return Number.isNaN(d) ? 0 : d;
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
