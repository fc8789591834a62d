import type { FeatureTrack } from "../features.ts";
import type { AudioBeats, CountInfo } from "../types.ts";
import { dancedSpan, fastestSegmentSpeed, motionEnvelope } from "./motion.ts";
import { lowerQuantile, round3 } from "../numbers.ts";

/** One move of the reference, in reference seconds. */
export interface MoveSpan {
  start: number;
  end: number;
  /** "1–2", "5–6" … or "move 3" when there is no count. */
  label: string;
  /** The reference holds still here: a pose to match, with no moment to be early or late for. */
  held?: boolean;
}

/** A group of consecutive moves: one 8-count, or a few seconds of movement without a count. */
export interface SectionSpan {
  start: number;
  end: number;
  /** Indexes into the moves. */
  moves: number[];
  /** 1-based number of the 8-count (or of the part, without a count). */
  number: number;
}

export interface Counting {
  info: CountInfo;
  moves: MoveSpan[];
  sections: SectionSpan[];
}

/** Beats are trusted when the audio carries a steady beat this clearly (see audio/beats.ts). */
const MIN_BEAT_CONFIDENCE = 0.5;
/** Counts slower than this are one move each; faster counts pair up ("1–2"), as teachers call them. */
const PAIR_COUNTS_BELOW_S = 0.75;
/** Above this tempo a teacher counts every other beat (half time). */
const HALF_TIME_ABOVE_BPM = 165;
/** Without a count, moves last this long (seconds), cut where the movement pauses or turns. */
const MOVE_MIN_S = 0.6;
const MOVE_MAX_S = 2;
const MOVE_TYPICAL_S = 1;
/** Without a count, sections gather moves up to about this long (seconds). */
const SECTION_TARGET_S = 4;

/**
 * Cuts the reference the way a teacher counts it: with music, on its beats — counts paired into
 * moves ("1–2", "3–4" …) and eight counts per section; without music, into moves where the
 * movement pauses or turns, a few of them per section.
 */
export function countReference(ref: FeatureTrack, audio: AudioBeats | null): Counting {
  const env = motionEnvelope(ref);
  const span = dancedSpan(ref, env);
  const counted = audio && audio.confidence >= MIN_BEAT_CONFIDENCE ? countOnBeats(audio, span) : undefined;
  return withHolds(withoutEmptyMoves(counted ?? cutOnMovement(ref, env, span), ref), ref);
}

/** A move whose fastest segment moves slower than this (degrees per second) is a hold: pose noise is about half of it. */
const HOLD_SPEED = 20;

function withHolds(c: Counting, ref: FeatureTrack): Counting {
  const moves = c.moves.map((m) => {
    const from = Math.max(0, Math.round(m.start * ref.fps));
    const to = Math.max(from + 2, Math.round(m.end * ref.fps));
    return { ...m, held: fastestSegmentSpeed(ref, from, to) < HOLD_SPEED };
  });
  return { ...c, moves };
}

/** A move counts only where the reference shows its dancer in at least this share of frames. */
const MIN_SHOWN = 0.5;

/**
 * Drops the moves during which the reference does not show its dancer (a close-up, the dancer
 * out of the picture): there is nothing there to follow. Sections keep the remaining moves; parts
 * without a count are renumbered.
 */
function withoutEmptyMoves(c: Counting, ref: FeatureTrack): Counting {
  const shown = (m: MoveSpan) => {
    const from = Math.max(0, Math.round(m.start * ref.fps));
    const to = Math.min(ref.frames.length, Math.max(from + 1, Math.round(m.end * ref.fps)));
    const frames = ref.frames.slice(from, to);
    return frames.length > 0 && frames.filter((f) => f.valid).length >= MIN_SHOWN * frames.length;
  };
  const keep = c.moves.map(shown);
  if (keep.every(Boolean)) return c;
  const newIndex: number[] = [];
  const moves: MoveSpan[] = [];
  c.moves.forEach((m, k) => {
    if (!keep[k]) return;
    newIndex[k] = moves.length;
    moves.push(m);
  });
  const sections: SectionSpan[] = [];
  for (const s of c.sections) {
    const ids = s.moves.filter((k) => keep[k]).map((k) => newIndex[k] as number);
    if (ids.length) sections.push(spanOf(moves, ids, c.info.source === "none" ? sections.length + 1 : s.number));
  }
  const labelled = c.info.source === "none" ? moves.map((m, k) => ({ ...m, label: `move ${k + 1}` })) : moves;
  return { info: c.info, moves: labelled, sections };
}

function countOnBeats(audio: AudioBeats, span: { start: number; end: number }): Counting | undefined {
  let beats = audio.beats;
  let bpm = audio.bpm;
  if (bpm > HALF_TIME_ABOVE_BPM) {
    beats = beats.filter((_, i) => i % 2 === 0);
    bpm /= 2;
  }
  const period = 60 / bpm;
  // Count 1 is the first beat at which the dancing has started (a little before counts as on it).
  const first = beats.findIndex((b) => b >= span.start + 0.5 - 0.25 * period);
  if (first < 0) return undefined;
  const counts = beats.slice(first).filter((b) => b < span.end - 0.25 * period);
  if (counts.length < 2) return undefined;
  const perMove = period < PAIR_COUNTS_BELOW_S ? 2 : 1;
  const moves: MoveSpan[] = [];
  for (let c = 0; c < counts.length; c += perMove) {
    const start = counts[c] as number;
    const next = counts[c + perMove];
    const end = next ?? Math.min(span.end, start + perMove * period);
    const n = (c % 8) + 1;
    const last = n + Math.min(perMove, counts.length - c) - 1;
    moves.push({ start, end, label: last > n ? `${n}–${last}` : `${n}` });
  }
  const movesPerEight = 8 / perMove;
  const sections: SectionSpan[] = [];
  for (let m = 0; m < moves.length; m += movesPerEight) {
    const ids = moves.slice(m, m + movesPerEight).map((_, k) => m + k);
    sections.push(spanOf(moves, ids, sections.length + 1));
  }
  // A last section of a count or two is folded into the one before it.
  mergeShortTail(sections, moves, 2 * period);
  return {
    info: {
      source: "music",
      bpm: Math.round(bpm * 10) / 10,
      downbeats: sections.map((s) => round3(s.start)),
    },
    moves,
    sections,
  };
}

/**
 * Without a count: cut at the quietest moments of the movement (pauses, turning points), moves
 * between MOVE_MIN_S and MOVE_MAX_S long, preferring about MOVE_TYPICAL_S; dynamic programming
 * picks the cuts with the least movement at them.
 */
function cutOnMovement(ref: FeatureTrack, env: number[], span: { start: number; end: number }): Counting {
  const fps = ref.fps;
  const from = Math.max(0, Math.round(span.start * fps));
  const to = Math.min(ref.frames.length, Math.round(span.end * fps));
  const n = to - from;
  const minLen = Math.max(1, Math.round(MOVE_MIN_S * fps));
  const maxLen = Math.max(minLen, Math.round(MOVE_MAX_S * fps));
  const typical = MOVE_TYPICAL_S * fps;
  const scale = Math.max(1e-6, env.length ? lowerQuantile(env, 0.8) : 1);
  const cutCost = (i: number) => (env[from + i] ?? 0) / scale;
  const lenCost = (len: number) => 0.15 * ((len - typical) / typical) ** 2;
  const best = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const prev = new Int32Array(n + 1).fill(-1);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    for (let len = minLen; len <= maxLen && len <= i; len++) {
      const j = i - len;
      const b = best[j] as number;
      if (!Number.isFinite(b)) continue;
      const c = b + lenCost(len) + (i < n ? cutCost(i) : 0);
      if (c < (best[i] as number)) {
        best[i] = c;
        prev[i] = j;
      }
    }
  }
  const cuts: number[] = [];
  if (Number.isFinite(best[n] as number) && n >= minLen) {
    for (let i = n; i > 0; i = prev[i] as number) cuts.push(i);
    cuts.push(0);
    cuts.reverse();
  } else {
    cuts.push(0, n);
  }
  const moves: MoveSpan[] = [];
  for (let k = 1; k < cuts.length; k++)
    moves.push({
      start: (from + (cuts[k - 1] as number)) / fps,
      end: (from + (cuts[k] as number)) / fps,
      label: `move ${k}`,
    });
  const sections: SectionSpan[] = [];
  let ids: number[] = [];
  for (let m = 0; m < moves.length; m++) {
    ids.push(m);
    const len = (moves[m] as MoveSpan).end - (moves[ids[0] as number] as MoveSpan).start;
    if (len >= SECTION_TARGET_S - 0.5) {
      sections.push(spanOf(moves, ids, sections.length + 1));
      ids = [];
    }
  }
  if (ids.length) sections.push(spanOf(moves, ids, sections.length + 1));
  mergeShortTail(sections, moves, 1.5);
  return { info: { source: "none", bpm: null, downbeats: [] }, moves, sections };
}

function spanOf(moves: MoveSpan[], ids: number[], number: number): SectionSpan {
  return {
    start: (moves[ids[0] as number] as MoveSpan).start,
    end: (moves[ids[ids.length - 1] as number] as MoveSpan).end,
    moves: ids,
    number,
  };
}

function mergeShortTail(sections: SectionSpan[], moves: MoveSpan[], minSeconds: number): void {
  const last = sections[sections.length - 1];
  const before = sections[sections.length - 2];
  if (!last || !before || last.end - last.start >= minSeconds) return;
  sections.pop();
  sections[sections.length - 1] = spanOf(moves, [...before.moves, ...last.moves], before.number);
}
