import { MIRROR_MARGIN } from "../align/align.ts";
import { ContinuousTrack } from "../align/interp.ts";
import { type MoveMatch, TIMING_REACH_S, timeMoves } from "../align/refine.ts";
import { fitTiming } from "../align/timing.ts";
import type { MoveSpan } from "../counts/counting.ts";
import { type FeatureTrack, GrowingFeatures, PARTS } from "../features.ts";
import { flippedMoves } from "../match.ts";
import { median, round1, round3, wrap } from "../numbers.ts";
import { moveScore, routineScores, timingRule, VERDICT_MIN, verdictOf } from "../score/combine.ts";
import { type MoveMeasure, type MoveReading, readMove, withMovement } from "../score/judge.ts";
import { LIMB, LIMB_NAMES, limbsAround, segmentMatch } from "../score/limbs.ts";
import { judgeSameness, samenessEvidence } from "../score/sameness.ts";
import type { PoseFrame, PoseTrack, Verdict } from "../types.ts";
import { type LiveReference, liveReference, type ReferenceAnalysis } from "./reference.ts";
import { TakeFrames } from "./take-frames.ts";
import type { ReferenceWindow } from "../window.ts";
import type { RawPoseFrame, SmoothingRule } from "../pose/smooth.ts";

/** One move judged live, as the result will show it. */
export interface LiveMove {
  index: number;
  count_label: string;
  start_s: number;
  end_s: number;
  verdict: Verdict;
  /** 0–100: the move's own score (shape and timing combined), which gives its verdict. */
  score: number;
  shape: number;
  /** Signed: + late, − early against the take's clock; null for a hold or a move not found. */
  timing_ms: number | null;
  /** Where the move was found, take seconds; null when not found. */
  user_start_s: number | null;
  /** Danced mirror-wise. */
  mirrored: boolean;
  /** Shape per body part (0–100, PARTS order, null where not seen): for colouring the limbs. */
  parts: Record<string, number | null>;
  /** Take time (s) of the last frame that was needed: the verdict was given when it arrived. */
  judged_at_s: number;
}

/** The running score over the moves judged so far, as the result's scores are made. */
export interface LiveScore {
  overall: number;
  shape: number;
  timing: number | null;
  /** Moves judged so far, of all the reference's. */
  judged: number;
  total: number;
  /** Whether the take looks like the reference's routine ("unsure" until enough moves are in). */
  sameness: "same" | "unsure" | "not_same";
}

export interface LiveScorerOptions {
  /**
   * Take seconds at which the reference's time 0 played (the take's clock, as sent with the
   * upload); practising a part, at which the part's start played.
   */
  takeOffset: number;
  /** The part practised (the whole reference's seconds), as the comparison will be asked for it. */
  window?: ReferenceWindow;
  /** The picture the take's poses are in (pixels): angles are measured in it. */
  width: number;
  height: number;
  /** Names of the points in each pose (default: the reference's, COCO-17). */
  keypointNames?: readonly string[];
  /**
   * Poses straight from a pose model (keypoints in pixels of the width × height picture), to be
   * smoothed as the server smooths every track (take-frames.ts MOVENET_RULE for MoveNet). Absent:
   * the poses are an engine track's frames (normalised 0–1, already smoothed).
   */
  raw?: SmoothingRule;
  /**
   * The rate the reference played at (0.5: a move drilled at half speed; default 1). The take is
   * judged at the reference's own pace: its clock from takeOffset on runs `rate` times as fast, so
   * a move danced 0.2 s late at half speed is 0.1 s late to the music, as the count hears it. The
   * take times the scorer answers (user_start_s, judged_at_s, limbs' t) are on that clock.
   */
  rate?: number;
  /**
   * Analysis frames per second the take is read at (default: the reference's analysis rate, as the
   * server reads it). A whole multiple of it reads the same moves a few frames sooner: a verdict
   * waits for the first frame past the move's end.
   */
  fps?: number;
}

/**
 * The live stand-in for the coarse alignment that centres the timing search: how late the take
 * runs, from the last few moves found (their median), never more than MAX_LAG_S either way.
 */
const LAG_MOVES = 5;
const MAX_LAG_S = 1.5;
/** The limbs now are read from this much of the take's end (seconds): enough for its features' scale. */
const LIMB_TAIL_S = 4;
/** Frame times are kept to 0.1 ms. */
const TIME_SLACK = 1e-4;
/**
 * A move's verdict is said on the first analysis frame past its end as found, read without the
 * movement out of it (the frame after, which the server's timing also reads); a score this close
 * (points) to a verdict line waits for that frame, which can tip it. Measured on the bench's 312
 * moves (bench/live-verdicts.ts), the frame after moved a move's score by 0.2 points at p95, 0.6 at
 * p99 and more than 1 on 2 moves (at most 5.5); on real footage (live/scorer.footage.test.ts) saying every
 * verdict on the first frame read a late take's borderline Ok as Good (9 of 11 verdicts as the
 * server's instead of 10), as this margin does not. 1 point: 98.4 % said within 150 ms (3 points:
 * 93.6 %, the same verdicts on both sets; waiting every time: 22.4 %).
 */
export const VERDICT_MARGIN = 1;

/**
 * A dancer who stands still (no body segment turned more than STILL_TURN degrees over the last
 * STILL_S seconds) is not waited for past the teacher's end of the move (as late as the take runs):
 * a still pose fits the move anywhere, so where the move "ends" as found moves on with every frame
 * that arrives. On the bench's takes a frozen dancer's segments turn at most 11° in 0.3 s (pose noise),
 * a dancing one more than 12–25° 95 % of the time (bench/live-verdicts.ts: the one verdict said 158 ms
 * after the move's end before this, on a frozen stretch, now comes at the teacher's end).
 */
const STILL_S = 0.3;
const STILL_TURN = 12;

/** Whether a move's score is far enough from every verdict line that one frame more cannot tip it. */
function clearOfVerdictLines(score: number): boolean {
  return Object.values(VERDICT_MIN).every((line) => Math.abs(score - line) >= VERDICT_MARGIN);
}

/** A take is read at most this many times the reference's analysis rate (4 × 7: a frame every 36 ms). */
const MAX_RATE_FACTOR = 4;

/**
 * The rate to read a take at live (LiveScorerOptions.fps): the largest whole multiple of the
 * reference's analysis rate, up to MAX_RATE_FACTOR, that the poses arrive at (a 30-fps camera: 28; a
 * pose model managing 15 a second: 14; fewer: the reference's own), so that a verdict does not wait
 * up to a whole analysis frame (143 ms at 7 fps) past its move's end, and no frame read repeats the
 * one before. Read 4 times as often, the bench's takes (bench/live-verdicts.ts) give the server's
 * verdicts on 98 % of moves (99.4 % read at the server's rate) and scores within 0.7 points.
 */
export function takeReadingRate(referenceFps: number, posesPerSecond: number): number {
  const factor = Math.floor(posesPerSecond / referenceFps + 1e-6);
  return referenceFps * Math.max(1, Math.min(MAX_RATE_FACTOR, factor));
}

/** Whether it is the same routine is first asked after this many moves: before, one move says little. */
const SAMENESS_MIN_MOVES = 4;

/**
 * Scores a take while it is danced: the user's poses arrive in order on the take's clock, and
 * each reference move is judged — found (timeMoves), read (readMove), scored and given its verdict
 * (moveScore, verdictOf), with the engine's own functions — twice:
 * - as the move ends: once the take has reached its end (as late as the take runs) and the move as
 *   found there has ended — a dancer later than that is waited for while they move (STILL_TURN), and
 *   a score near a verdict line for one frame more (VERDICT_MARGIN) — the verdict the dancer sees
 *   (`push` answers it);
 * - for the record, once the take has reached as far as timing the move reads (TIMING_REACH_S past
 *   its end, as the server times it): that reading makes the running score, the lag and the take's
 *   way round, and replaces the first in `moves` (the summary after the take shows these).
 * The running score is routineScores over the moves so far. What only a whole take has is
 * approximated from the take so far: the features' scale, which way round it is danced, how late
 * it runs (the centre of the timing search), and whether it is the same routine.
 */
export class LiveScorer {
  readonly reference: LiveReference;
  private readonly opts: LiveScorerOptions;
  private readonly frames: PoseFrame[] = [];
  private readonly input: TakeFrames;
  private readonly rule = timingRule("take");
  /** The moves judged for the record, in order: their readings, where they were found, as shown. */
  private readonly readings: MoveReading[] = [];
  private readonly found: Found[] = [];
  private readonly judged: LiveMove[] = [];
  /** The verdicts said at the moves' ends, as judged then (the next moves' timing and movement use them until the record has them). */
  private readonly said = new Map<number, Said>();
  private costs: Costs = { plain: 0, flipped: 0 };
  private oriented: { frames: number; plain: Oriented; flipped: Oriented } | undefined;
  /** The take's features as it grows, both ways round (each frame read once). */
  private growing: { plain: GrowingFeatures; flipped: GrowingFeatures } | undefined;
  private decision: LiveScore["sameness"] = "unsure";
  private refCont: ContinuousTrack | undefined;

  constructor(analysis: ReferenceAnalysis | LiveReference, opts: LiveScorerOptions) {
    this.reference = "features" in analysis ? analysis : liveReference(analysis, opts.window);
    this.opts = opts;
    this.input = new TakeFrames(this.fps(), opts.raw && { rule: opts.raw, width: opts.width, height: opts.height });
  }

  /** Every move judged so far: for the record where timing it has been read, else as said at its end. */
  get moves(): readonly LiveMove[] {
    return [...this.judged, ...this.saidAhead().map((a) => a.move)];
  }

  /** Takes the next pose of the take; answers the moves that ended with it (usually none, at most a few). */
  push(frame: PoseFrame | RawPoseFrame): LiveMove[] {
    const { rate = 1, takeOffset } = this.opts;
    const paced = rate === 1 ? frame : { ...frame, t: takeOffset + (frame.t - takeOffset) * rate };
    this.frames.push(...this.input.push(paced));
    const out: LiveMove[] = [];
    for (;;) {
      const k = this.judged.length + this.pendingSaid();
      const ended = this.reference.counting.moves[k];
      // Tried from the teacher's end of it (as early as the take has been running; a late dancer is
      // waited for by `settled`, not by the lag, which lags when they catch up).
      if (ended && this.reached(ended, Math.min(0, -this.lag()))) {
        const { move, found, reading, score } = this.judge(k);
        if (
          (this.settled(ended, found, 0) && clearOfVerdictLines(score)) ||
          this.settled(ended, found, 1) ||
          (this.reached(ended, 0) && this.standingStill()) ||
          this.reached(ended, TIMING_REACH_S)
        ) {
          this.said.set(k, { move, found, reading });
          out.push(move);
          continue;
        }
      }
      // A verdict said now is not kept waiting for the record (the next pose catches up on it).
      const next = this.next();
      if (!out.length && next && this.reached(next, TIMING_REACH_S)) this.record();
      else break;
    }
    return out;
  }

  /**
   * The take ended: judges for the record the moves it started (with what there is of them);
   * answers those whose verdict was not said yet.
   */
  finish(): LiveMove[] {
    const out: LiveMove[] = [];
    const end = this.takeTime();
    for (let mv = this.next(); mv; mv = this.next()) {
      if (this.opts.takeOffset + mv.start + this.lag() >= end) break;
      const k = this.judged.length;
      const move = this.record();
      if (!this.said.has(k)) out.push(move);
    }
    return out;
  }

  /** The running score over the moves judged so far, those said ahead of the record too (null before the first). */
  score(): LiveScore | null {
    const readings = [...this.readings, ...this.saidAhead().map((a) => a.reading)];
    if (!readings.length) return null;
    const same = this.decision !== "not_same";
    const { shape, timing, overall } = routineScores(withMovement(readings), 1, this.rule, same);
    return {
      overall,
      shape,
      timing,
      judged: readings.length,
      total: this.reference.counting.moves.length,
      sameness: this.decision,
    };
  }

  /**
   * How close each limb is to the reference's now, for the skeleton drawn over the camera (the
   * result's limb rule, score/limbs.ts): the pose one analysis frame ago (the rule averages it with
   * its neighbours) against the reference's at the playback clock, as late as the take runs.
   * Scores 0–100 by the user's own limbs (LIMB_NAMES), null where unknown; null between takes.
   */
  limbs(): { t: number; scores: Record<string, number | null> } | null {
    const n = this.frames.length;
    // The rule's window, as long in time at the rate the take is read at.
    const reach = LIMB.WINDOW * Math.max(1, Math.round(this.fps() / this.reference.track.fps));
    if (n < 2 * reach + 1) return null;
    const mirrored = dancedMirrored(this.costs);
    const growing = this.growingFeatures();
    const user = (mirrored ? growing.flipped : growing.plain).tail(this.frames, Math.round(LIMB_TAIL_S * this.fps()));
    this.refCont ??= new ContinuousTrack(this.reference.features);
    const ref = this.refCont;
    const lag = this.lag();
    const last = user.frames.length - 1;
    const at = last - reach;
    const refTime = (t: number) => t - this.opts.takeOffset - lag;
    if (!ref.covers(refTime((user.frames[at] as FeatureTrack["frames"][number]).t))) return null;
    const window = user.frames.slice(at - reach, last + 1);
    const matches = window.map((u) => {
      const t = refTime(u.t);
      return segmentMatch(ref.covers(t) ? ref.at(t) : undefined, u);
    });
    const scores = limbsAround(
      { weight: matches.map((m) => m.weight), sim: matches.map((m) => m.sim), mirrored: window.map(() => mirrored) },
      0,
      window.length - 1,
    );
    return {
      t: round3((user.frames[at] as FeatureTrack["frames"][number]).t),
      scores: Object.fromEntries(LIMB_NAMES.map((name, k) => [name, scores[k] ?? null])),
    };
  }

  /** The take's scale (its features' median torso, hips, limb lengths) is worked out again every second of it. */
  private rescaleAfter(): number {
    return Math.round(this.fps());
  }

  /** The rate the take is read at. */
  private fps(): number {
    return this.opts.fps ?? this.reference.track.fps;
  }

  /** Take time of the last analysis frame in. */
  takeTime(): number {
    const last = this.frames[this.frames.length - 1];
    return last ? last.t : Number.NEGATIVE_INFINITY;
  }

  private next(): MoveSpan | undefined {
    return this.reference.counting.moves[this.readings.length];
  }

  /** Whether the take has reached `beyond` seconds past the move's end, as late as it runs. */
  private reached(mv: MoveSpan, beyond: number): boolean {
    return this.takeTime() >= this.opts.takeOffset + mv.end + this.lag() + beyond;
  }

  /**
   * Whether the move as found has ended in the take `frames` analysis frames ago: found against the
   * end of what has arrived, the dancer runs later than the lag says and may still be on it (its end
   * is read between frames, so the frame after it tells; see VERDICT_MARGIN for when it must).
   */
  private settled(mv: MoveSpan, found: Found, frames: 0 | 1): boolean {
    const frame = frames / this.fps();
    return found.userStart === null || found.userStart + (mv.end - mv.start) + frame <= this.takeTime() + TIME_SLACK;
  }

  /**
   * Whether the dancer stands still: no body segment (seen clearly at both ends) turned more than
   * STILL_TURN degrees over the last STILL_S of the take — net, so that pose noise does not add up.
   */
  private standingStill(): boolean {
    const f = this.orientations().plain.features.frames;
    const a = f[f.length - 1 - Math.round(STILL_S * this.fps())];
    const b = f[f.length - 1];
    if (!a?.valid || !b?.valid) return false;
    for (let k = 0; k < a.seg.length; k++) {
      if (Math.min(a.segW[k] as number, b.segW[k] as number) < 0.5) continue;
      if (Math.abs(wrap((b.seg[k] as number) - (a.seg[k] as number))) > STILL_TURN) return false;
    }
    return true;
  }

  /** Every move said but not yet judged for the record, in order. */
  private saidAhead(): Said[] {
    return this.aheadOfRecord(this.judged.length + this.pendingSaid());
  }

  /** Moves whose verdict was said but not yet judged for the record. */
  private pendingSaid(): number {
    let n = 0;
    while (this.said.has(this.judged.length + n)) n++;
    return n;
  }

  /** How late the take runs (seconds), from the last moves found. */
  private lag(): number {
    const recent = this.found.filter((f) => f.userStart !== null).slice(-LAG_MOVES);
    const lag = median(recent.map((f) => (f.userStart as number) - this.opts.takeOffset - f.start));
    return Number.isNaN(lag) ? 0 : Math.max(-MAX_LAG_S, Math.min(MAX_LAG_S, lag));
  }

  private userTrack(): PoseTrack {
    const { track } = this.reference;
    return {
      ...track,
      model: "measured",
      keypointNames: [...(this.opts.keypointNames ?? track.keypointNames)],
      width: this.opts.width,
      height: this.opts.height,
      fps: this.fps(),
      duration: this.frames.length / this.fps(),
      frames: this.frames,
    };
  }

  /** Judges the next move for the record: it now counts for the score, the lag and the way round. */
  private record(): LiveMove {
    const k = this.judged.length;
    const { move, reading, found, costs, score } = this.judge(k);
    this.costs = costs;
    this.found.push(found);
    this.readings.push(reading);
    this.decide(withMovement(this.readings));
    // The record's verdict follows the sameness decision just made, as the server's would.
    const judged: LiveMove = { ...move, verdict: this.decision === "not_same" ? "miss" : verdictOf(score) };
    this.judged.push(judged);
    return judged;
  }

  /**
   * Move k judged on the take so far, after the moves judged for the record (and those said ahead
   * of it, as they were said): changes nothing.
   */
  private judge(k: number): { move: LiveMove; reading: MoveReading; found: Found; costs: Costs; score: number } {
    const from = this.reference.window?.start ?? 0;
    const span = this.reference.counting.moves[k] as MoveSpan;
    const ref = this.reference.features;
    const { plain, flipped } = this.orientations();
    // Found either way round, as timeMoves finds every move, around where the take runs.
    const lag = this.lag();
    const guide = (t: number) => this.opts.takeOffset + lag + t;
    const [asDanced] = timeMoves(ref, plain.cont, [span], guide, 1) as [MoveMatch];
    const [asFlipped] = timeMoves(ref, flipped.cont, [span], guide, 1) as [MoveMatch];
    const costs = { plain: this.costs.plain + asDanced.cost, flipped: this.costs.flipped + asFlipped.cost };
    // The take's way round so far (as the alignment decides it for a whole video), and this move's own.
    const mirrored = dancedMirrored(costs);
    const [main, other] = mirrored ? [asFlipped, asDanced] : [asDanced, asFlipped];
    const flip = flippedMoves([main], [other])[0] as boolean;
    const moveMirrored = flip !== mirrored;
    const match = flip ? other : main;
    const ahead = this.aheadOfRecord(k);
    // A hold has no moment to be on time for.
    const found = { start: span.start, userStart: span.held ? null : match.userStart };
    const fit = fitTiming([...this.found, ...ahead.map((m) => m.found), found], {
      clock: "take",
      offset: this.opts.takeOffset,
    });
    const timing = fit.timing[k] ?? null;
    const reading = readMove(
      ref,
      { cont: (moveMirrored ? flipped : plain).cont, mirrored: moveMirrored },
      span,
      { userStart: match.userStart, timing, lapse: fit.lapse[k] ?? null },
      1,
    );
    const m = withMovement([...this.readings, ...ahead.map((a) => a.reading), reading])[k] as MoveMeasure;
    const score = moveScore(m, this.rule);
    const move: LiveMove = {
      index: k,
      count_label: span.label,
      // In the whole reference's time, as the result says it.
      start_s: round3(span.start + from),
      end_s: round3(span.end + from),
      verdict: this.decision === "not_same" ? "miss" : verdictOf(score),
      score: round1(score),
      shape: round1(m.shape),
      timing_ms: m.span.held || timing === null ? null : Math.round(timing * 1000),
      user_start_s: match.userStart === null ? null : round3(match.userStart),
      mirrored: moveMirrored,
      parts: Object.fromEntries(
        PARTS.map((p, i) => {
          const v = m.partShape[i] as number;
          return [p, Number.isNaN(v) ? null : round1(v)];
        }),
      ),
      judged_at_s: round3(this.takeTime()),
    };
    return { move, reading, found, costs, score };
  }

  /** What the moves between the record and k were judged as when their verdicts were said. */
  private aheadOfRecord(k: number): Said[] {
    const out: Said[] = [];
    for (let i = this.judged.length; i < k; i++) {
      const a = this.said.get(i);
      if (a) out.push(a);
    }
    return out;
  }

  /** The take's features as it grows, both ways round. */
  private growingFeatures(): { plain: GrowingFeatures; flipped: GrowingFeatures } {
    this.growing ??= {
      plain: new GrowingFeatures(this.userTrack()),
      flipped: new GrowingFeatures(this.userTrack(), true),
    };
    return this.growing;
  }

  /** The take's features both ways round, made once per analysis frame that arrived. */
  private orientations(): { plain: Oriented; flipped: Oriented } {
    if (this.oriented?.frames !== this.frames.length) {
      const growing = this.growingFeatures();
      this.oriented = {
        frames: this.frames.length,
        plain: oriented(growing.plain.of(this.frames, this.rescaleAfter())),
        flipped: oriented(growing.flipped.of(this.frames, this.rescaleAfter())),
      };
    }
    return this.oriented;
  }

  /** Same routine? The engine's decision on the moves so far, once there are enough of them. */
  private decide(measures: MoveMeasure[]): void {
    if (measures.length < SAMENESS_MIN_MOVES) return;
    const { plain, flipped } = this.orientations();
    const main = dancedMirrored(this.costs) ? flipped : plain;
    const ref = this.reference.features;
    // The reference as far as the take has danced it: random pairs and ranges of motion from that part.
    const upTo = Math.ceil(((measures[measures.length - 1] as MoveMeasure).span.end + 0.5) * ref.fps);
    const danced: FeatureTrack = { ...ref, frames: ref.frames.slice(0, upTo) };
    const evidence = samenessEvidence(
      {
        ref: danced,
        user: main.features,
        cont: main.cont,
        oriented: (m) => (m ? flipped : plain),
        fit: { tempo: 1 },
        keptClock: this.opts.takeOffset,
      },
      measures,
    );
    this.decision = judgeSameness(evidence).decision;
  }
}

type Found = { start: number; userStart: number | null };
/** How well the take's moves fit as danced and mirror-wise, summed: which way round it is danced. */
type Costs = { plain: number; flipped: number };
/** A move's verdict as said at its end, with what it was judged on. */
type Said = { move: LiveMove; found: Found; reading: MoveReading };

/** The take's way round so far, as the alignment decides it for a whole video. */
function dancedMirrored(costs: Costs): boolean {
  return costs.flipped < MIRROR_MARGIN * costs.plain;
}

interface Oriented {
  features: FeatureTrack;
  cont: ContinuousTrack;
}

function oriented(features: FeatureTrack): Oriented {
  return { features, cont: new ContinuousTrack(features) };
}
