/**
 * How together a group danced, move by move, from each dancer's own comparison with the teacher.
 * As in SyncUp (Zhou, Xu, Yatani, IMWUT 2021), a group's synchrony is how far apart in time the
 * dancers hit each move and how alike their shapes are: per move, when each dancer hit it (their
 * own matched start, on the video's one clock) against the others, and the shapes of every pair of
 * dancers compared at the moments each of them danced it — so a dancer who is late with the right
 * shape is late, not also out of shape. Dancers the engine found not to dance the teacher's
 * routine take no part. Pure.
 */
import { extractFeatures, type FeatureTrack, type FrameFeatures } from "../features.ts";
import { median, round1, round3 } from "../numbers.ts";
import { compareShape, sidesAsReference } from "../score/shape.ts";
import type { ComparisonResult, PoseTrack } from "../types.ts";

export const SYNC = {
  /** Two dancers this close in time (ms) on a move are together… */
  TOGETHER_MS: 80,
  /** …and this far apart (a beat at 120 BPM) not at all; in between, linearly. */
  APART_MS: 500,
  /** Share of a move's sync that is timing; the rest is how alike the shapes are. */
  TIMING_WEIGHT: 0.6,
  /** A move whose sync is below this is where the group falls apart. */
  FALLS_APART: 75,
};

/** One dancer of the group as the sync needs them: their number, poses and comparison with the teacher. */
export interface SyncDancer {
  id: number;
  track: PoseTrack;
  result: ComparisonResult;
}

/** One move of the teacher's routine, as the group danced it. */
export interface GroupMoveSync {
  /** The teacher's move (ComparisonResult.moves index of the first dancer who has it). */
  index: number;
  start_s: number;
  end_s: number;
  count_label: string;
  /**
   * Per dancer: ms after the group's middle (the median dancer of those seen) when they hit the move,
   * + later; null: not found, hidden behind someone there, or not this routine.
   */
  timing_ms: Array<{ dancer: number; ms: number | null }>;
  /** Latest minus earliest hit, ms (null: fewer than two dancers were seen to hit it). */
  spread_ms: number | null;
  /** 0–100: how alike the dancers' shapes were, each at their own moment of the move (null: fewer than two). */
  shape_agreement: number | null;
  /** 0–100: timing and shape together (null: fewer than two dancers). */
  sync: number | null;
  /** The group falls apart here (sync below SYNC.FALLS_APART). */
  apart: boolean;
}

export interface GroupSync {
  /** 0–100: mean of the moves' sync (null: no move two dancers of the routine hit). */
  sync_score: number | null;
  /** Median over the moves of their spread, ms. */
  spread_ms: number | null;
  /**
   * What each dancer's lateness (offset_s) is measured against: "teacher" when the video keeps the
   * teacher's clock (the same music, or a take recorded with the reference playing), else "group"
   * (the group's middle: with no shared clock, the time most of the group keeps stands for the count).
   */
  lateness_against: "teacher" | "group";
  moves: GroupMoveSync[];
  /** Indexes (into moves) where the group falls apart. */
  apart_moves: number[];
}

export interface GroupSyncOutcome {
  sync: GroupSync;
  /** Per dancer id: mean lateness in seconds (+ late), null when not dancing the routine. */
  offsets: Map<number, number | null>;
}

export function groupSync(dancers: readonly SyncDancer[]): GroupSyncOutcome {
  const dancing = dancers.filter((d) => d.result.sameness.decision !== "not_same");
  const features = new Map(dancing.map((d) => [d.id, extractFeatures(d.track)]));
  const keptClock = dancing.length > 0 && dancing.every((d) => ["music", "take"].includes(d.result.alignment.clock));
  const moves = teacherMoves(dancing).map((m) => moveSync(m, dancers, dancing, features));
  const scored = moves.filter((m) => m.sync !== null);
  const spreads = moves.flatMap((m) => (m.spread_ms === null ? [] : [m.spread_ms]));
  const offsets = new Map<number, number | null>();
  for (const d of dancers) {
    if (!dancing.includes(d)) {
      offsets.set(d.id, null);
      continue;
    }
    const late = keptClock
      ? d.result.moves.flatMap((m) => (m.timing_ms === null ? [] : [m.timing_ms]))
      : moves.flatMap((m) => {
          const ms = m.timing_ms.find((x) => x.dancer === d.id)?.ms;
          return ms === null || ms === undefined ? [] : [ms];
        });
    offsets.set(d.id, late.length ? round3(mean(late) / 1000) : null);
  }
  return {
    sync: {
      sync_score: scored.length ? round1(mean(scored.map((m) => m.sync as number))) : null,
      spread_ms: spreads.length ? Math.round(median(spreads)) : null,
      lateness_against: keptClock ? "teacher" : "group",
      moves,
      apart_moves: moves.flatMap((m, i) => (m.apart ? [i] : [])),
    },
    offsets,
  };
}

interface TeacherMove {
  index: number;
  start_s: number;
  end_s: number;
  count_label: string;
}

/** The teacher's moves any dancing dancer's comparison has, in order (one per start time). */
function teacherMoves(dancing: readonly SyncDancer[]): TeacherMove[] {
  const byStart = new Map<number, TeacherMove>();
  for (const d of dancing)
    for (const m of d.result.moves)
      if (!byStart.has(m.start_s))
        byStart.set(m.start_s, { index: m.index, start_s: m.start_s, end_s: m.end_s, count_label: m.count_label });
  return [...byStart.values()].sort((a, b) => a.start_s - b.start_s);
}

function moveSync(
  move: TeacherMove,
  dancers: readonly SyncDancer[],
  dancing: readonly SyncDancer[],
  features: ReadonlyMap<number, FeatureTrack>,
): GroupMoveSync {
  // A dancer hidden behind someone on this move was not seen to hit it: where her comparison found
  // it is a guess from what little showed, which would read as the group falling apart.
  const hits = new Map<number, number>();
  for (const d of dancing) {
    const own = d.result.moves.find((m) => m.start_s === move.start_s);
    const at = own?.hidden ? null : own?.user_start_s;
    if (at !== null && at !== undefined) hits.set(d.id, at);
  }
  const middle = hits.size ? median([...hits.values()]) : 0;
  const timing_ms = dancers.map((d) => {
    const at = hits.get(d.id);
    return { dancer: d.id, ms: at === undefined ? null : Math.round((at - middle) * 1000) };
  });
  if (hits.size < 2) return { ...move, timing_ms, spread_ms: null, shape_agreement: null, sync: null, apart: false };
  const times = [...hits.values()];
  const spread = Math.round((Math.max(...times) - Math.min(...times)) * 1000);
  const ids = [...hits.keys()];
  let together = 0;
  let pairs = 0;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      together += closeness(Math.abs((hits.get(ids[i] as number) as number) - (hits.get(ids[j] as number) as number)));
      pairs++;
    }
  const timing = together / pairs;
  const shape = shapeAgreement(move, ids, hits, dancing, features);
  const sync = 100 * (Number.isNaN(shape) ? timing : SYNC.TIMING_WEIGHT * timing + (1 - SYNC.TIMING_WEIGHT) * shape);
  return {
    ...move,
    timing_ms,
    spread_ms: spread,
    shape_agreement: Number.isNaN(shape) ? null : round1(100 * shape),
    sync: round1(sync),
    apart: sync < SYNC.FALLS_APART,
  };
}

/** 1 for two hits within TOGETHER_MS, 0 from APART_MS, linear between (seconds apart in). */
export function closeness(apart: number): number {
  const ms = apart * 1000;
  if (ms <= SYNC.TOGETHER_MS) return 1;
  if (ms >= SYNC.APART_MS) return 0;
  return 1 - (ms - SYNC.TOGETHER_MS) / (SYNC.APART_MS - SYNC.TOGETHER_MS);
}

/**
 * 0–1: how alike every pair of dancers' shapes are through the move, each read at their own moment
 * of it (their hit plus the teacher's time into the move at their own pace); NaN when nothing is
 * comparable.
 */
function shapeAgreement(
  move: TeacherMove,
  ids: readonly number[],
  hits: ReadonlyMap<number, number>,
  dancing: readonly SyncDancer[],
  features: ReadonlyMap<number, FeatureTrack>,
): number {
  const byId = new Map(dancing.map((d) => [d.id, d]));
  const fps = (features.get(ids[0] as number) as FeatureTrack).fps;
  const steps = Math.max(1, Math.round((move.end_s - move.start_s) * fps));
  let sum = 0;
  let n = 0;
  for (let k = 0; k < steps; k++) {
    const into = k / fps;
    const frames = ids.map((id) => {
      const d = byId.get(id) as SyncDancer;
      const t = (hits.get(id) as number) + into * d.result.alignment.tempo_ratio;
      return frameAt(features.get(id) as FeatureTrack, t);
    });
    for (let i = 0; i < frames.length; i++)
      for (let j = i + 1; j < frames.length; j++) {
        const a = frames[i];
        const b = frames[j];
        if (!a || !b) continue;
        const sim = compareShape(a, sidesAsReference(a, b)).sim;
        if (Number.isNaN(sim)) continue;
        sum += sim;
        n++;
      }
  }
  return n ? sum / n : Number.NaN;
}

function frameAt(track: FeatureTrack, t: number): FrameFeatures | undefined {
  const f = track.frames[Math.round(t * track.fps)];
  return f?.valid ? f : undefined;
}

function mean(v: readonly number[]): number {
  return v.reduce((a, b) => a + b, 0) / v.length;
}
