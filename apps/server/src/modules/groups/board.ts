import {
  type BoardPart,
  type BoardRow,
  type BoardSort,
  GROUP_LIMITS,
  type GroupPart,
  type MissedMove,
  type ReferenceAnalysisResponse,
  type RoutineMove,
  round1,
  WHOLE_ROUTINE_PART,
} from "@stepsync/contracts";
import { isBehind } from "./policy.ts";

/**
 * The board: a read model over the members' takes (comparisons) and drills of the group's routine,
 * computed on every read. Pure, so its rules live here alone: which take scores a part, what
 * touches it, which moves are missed, who is behind, the orders.
 */

type Counting = ReferenceAnalysisResponse["counting"];
const DAY_MS = 24 * 60 * 60 * 1000;
/** Takes and drills "this week": within the last seven days. */
const WEEK_MS = 7 * DAY_MS;
/** How far (seconds) a take's ends may lie from a part's and still cover it: a part is chosen on the moves, which are 0.5–1 s each. */
const COVER_SLACK_S = 0.5;

/** The routine's moves numbered from 1, named as a teacher counts them ("8-count 2 · 5–6"; "move 3" without a count). */
export function routineMovesOf(counting: Counting): RoutineMove[] {
  const sectionOf = new Map<number, number>();
  for (const s of counting.sections) for (const m of s.moves) sectionOf.set(m, s.number);
  const counted = counting.info.source !== "none";
  return counting.moves.map((m, i) => {
    const section = sectionOf.get(i);
    return {
      move: i + 1,
      label: counted && section !== undefined ? `8-count ${section} · ${m.label}` : m.label,
      start_s: m.start,
      end_s: m.end,
    };
  });
}

/** A column of the board: a part, with its span of the reference (seconds). */
export type Column = { name: string; firstMove: number | null; lastMove: number | null; start: number; end: number };

/**
 * The board's columns: the named parts (those the routine's moves still hold), or one part — the
 * whole routine — without named parts or while the moves are not known.
 */
export function columnsOf(parts: readonly GroupPart[], moves: readonly RoutineMove[] | null): Column[] {
  if (moves && moves.length > 0) {
    const named = parts.flatMap((p) => {
      const first = moves[p.first_move - 1];
      const last = moves[p.last_move - 1];
      return first && last && p.first_move <= p.last_move
        ? [{ name: p.name, firstMove: p.first_move, lastMove: p.last_move, start: first.start_s, end: last.end_s }]
        : [];
    });
    if (named.length > 0) return named;
    const lastMove = moves[moves.length - 1] as RoutineMove;
    return [
      {
        name: WHOLE_ROUTINE_PART,
        firstMove: 1,
        lastMove: moves.length,
        start: (moves[0] as RoutineMove).start_s,
        end: lastMove.end_s,
      },
    ];
  }
  return [{ name: WHOLE_ROUTINE_PART, firstMove: null, lastMove: null, start: 0, end: Number.POSITIVE_INFINITY }];
}

/** A take as the board reads it (a comparison of the routine that counts: see the repository). */
export type Take = {
  userId: number;
  createdAt: Date;
  overallScore: number | null;
  /** A practised part: the span of the reference compared. */
  startS: number | null;
  endS: number | null;
  /** The stored result's moves, sections and the part of the routine a shorter video covered. */
  moves: unknown;
  sections: unknown;
  danced: unknown;
};
export type Drill = { userId: number; startS: number; endS: number; createdAt: Date };

type Span = { start: number; end: number };
const WHOLE: Span = { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY };

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** What of the routine a take danced: the practised part, else the part a shorter video covered, else all of it. */
function spanOf(take: Take): Span {
  if (take.startS !== null && take.endS !== null) return { start: take.startS, end: take.endS };
  const danced = (take.danced ?? null) as { start_s?: unknown; end_s?: unknown } | null;
  const start = num(danced?.start_s);
  const end = num(danced?.end_s);
  return start !== undefined && end !== undefined ? { start, end } : WHOLE;
}

const overlap = (a: Span, b: Span) => Math.min(a.end, b.end) - Math.max(a.start, b.start);
const near = (a: number, b: number) => a === b || Math.abs(a - b) <= COVER_SLACK_S;

/**
 * A take's score for a part, when it danced all of it: its overall score when it danced exactly that
 * part (or the whole routine for the whole-routine column), else its sections' scores over the part,
 * each weighed by how much of the part it spans. Null when it did not dance all of it.
 */
export function partScore(take: Take, column: Column): number | null {
  const span = spanOf(take);
  const whole = span === WHOLE;
  if (!(whole || (span.start <= column.start + COVER_SLACK_S && span.end >= column.end - COVER_SLACK_S))) return null;
  const exact = whole
    ? column.name === WHOLE_ROUTINE_PART
    : near(span.start, column.start) && near(span.end, column.end);
  if (exact) return take.overallScore;
  let weighted = 0;
  let weight = 0;
  for (const s of Array.isArray(take.sections) ? take.sections : []) {
    const { timestamp, duration, score } = (s ?? {}) as Record<string, unknown>;
    const start = num(timestamp);
    const length = num(duration);
    const value = num(score);
    if (start === undefined || length === undefined || value === undefined) continue;
    const w = overlap({ start, end: start + length }, column);
    if (w <= 0) continue;
    weighted += w * value;
    weight += w;
  }
  return weight > 0 ? weighted / weight : null;
}

/** Whether a take danced any of a part (the part was practised). */
function touches(take: Take, column: Column): boolean {
  return overlap(spanOf(take), column) > 0;
}

/** Whether a drill's move lies in a part (by its middle). */
function drillIn(drill: Drill, column: Column): boolean {
  const middle = (drill.startS + drill.endS) / 2;
  return middle >= column.start && middle < column.end;
}

/** The routine's move (numbered from 1) whose span holds `t`, the nearest when none does. */
function moveAt(moves: readonly RoutineMove[], t: number): RoutineMove | undefined {
  let best: { move: RoutineMove; distance: number } | undefined;
  for (const m of moves) {
    const distance = t < m.start_s ? m.start_s - t : t >= m.end_s ? t - m.end_s : 0;
    if (!best || distance < best.distance) best = { move: m, distance };
    if (distance === 0) break;
  }
  return best?.move;
}

/** The moves a take missed, as the routine's moves (or, while those are not known, as the take numbered them). */
function missedMovesOf(take: Take, moves: readonly RoutineMove[] | null): Array<{ move: number; label: string }> {
  if (!Array.isArray(take.moves)) return [];
  return take.moves.flatMap((m: unknown) => {
    const { verdict, hidden, start_s, end_s, index, count_label } = (m ?? {}) as Record<string, unknown>;
    // A move the dancer was hidden in (a group rehearsal) was not seen: not missed.
    if (verdict !== "miss" || hidden === true) return [];
    const start = num(start_s);
    const end = num(end_s);
    if (moves && moves.length > 0 && start !== undefined && end !== undefined) {
      const found = moveAt(moves, (start + end) / 2);
      return found ? [{ move: found.move, label: found.label }] : [];
    }
    const i = num(index);
    return i === undefined
      ? []
      : [{ move: i + 1, label: typeof count_label === "string" ? count_label : `move ${i + 1}` }];
  });
}

const latest = (a: Date | null, b: Date): Date => (a && a > b ? a : b);

/** One member's row (before names): their parts, misses and practice. */
export type MemberFigures = Omit<BoardRow, "name" | "role"> & { progress: number; lastPractised: Date | null };

/** A member's row of the board from their takes and drills. */
export function memberFigures(
  userId: number,
  columns: readonly Column[],
  moves: readonly RoutineMove[] | null,
  takes: readonly Take[],
  drills: readonly Drill[],
  now: Date,
): MemberFigures {
  const weekStart = now.getTime() - WEEK_MS;
  const thisWeek = (d: Date) => d.getTime() >= weekStart;
  const parts: BoardPart[] = columns.map((column) => {
    let best: number | null = null;
    let last: Date | null = null;
    let week = 0;
    for (const take of takes) {
      if (!touches(take, column)) continue;
      last = latest(last, take.createdAt);
      if (thisWeek(take.createdAt)) week += 1;
      const score = partScore(take, column);
      if (score !== null && (best === null || score > best)) best = score;
    }
    for (const drill of drills) {
      if (!drillIn(drill, column)) continue;
      last = latest(last, drill.createdAt);
      if (thisWeek(drill.createdAt)) week += 1;
    }
    return {
      part: column.name,
      best_score: best === null ? null : round1(best),
      last_practised_at: last?.toISOString() ?? null,
      takes: week,
    };
  });

  const misses = new Map<number, MissedMove>();
  for (const take of takes) {
    // A move missed twice in one take (a part danced twice) is one take's miss.
    const seen = new Set<number>();
    for (const missed of missedMovesOf(take, moves)) {
      if (seen.has(missed.move)) continue;
      seen.add(missed.move);
      const entry = misses.get(missed.move) ?? { ...missed, misses: 0 };
      entry.misses += 1;
      misses.set(missed.move, entry);
    }
  }

  let lastPractised: Date | null = null;
  for (const x of [...takes, ...drills]) lastPractised = latest(lastPractised, x.createdAt);
  const started = takes.length + drills.length > 0;
  return {
    user_id: userId,
    started,
    behind: isBehind(lastPractised, now),
    last_practised_at: lastPractised?.toISOString() ?? null,
    takes_this_week: [...takes, ...drills].filter((x) => thisWeek(x.createdAt)).length,
    parts,
    weakest_moves: [...misses.values()]
      .sort((a, b) => b.misses - a.misses || a.move - b.move)
      .slice(0, GROUP_LIMITS.memberWeakMoves),
    progress: parts.reduce((sum, p) => sum + (p.best_score ?? 0), 0) / Math.max(1, parts.length),
    lastPractised,
  };
}

/**
 * The group's weakest moves over the rows given: the moves most members missed at least once, then
 * those missed most often ("everyone misses move 14"). Each member's misses count in full here, not
 * only their top three.
 */
export function groupWeakMoves(
  moves: readonly RoutineMove[] | null,
  takesByMember: ReadonlyMap<number, readonly Take[]>,
): Array<MissedMove & { members: number }> {
  const byMove = new Map<number, MissedMove & { members: number }>();
  for (const takes of takesByMember.values()) {
    const own = new Map<number, { label: string; misses: number }>();
    for (const take of takes) {
      const seen = new Set<number>();
      for (const missed of missedMovesOf(take, moves)) {
        if (seen.has(missed.move)) continue;
        seen.add(missed.move);
        const entry = own.get(missed.move) ?? { label: missed.label, misses: 0 };
        entry.misses += 1;
        own.set(missed.move, entry);
      }
    }
    for (const [move, { label, misses }] of own) {
      const entry = byMove.get(move) ?? { move, label, misses: 0, members: 0 };
      entry.misses += misses;
      entry.members += 1;
      byMove.set(move, entry);
    }
  }
  return [...byMove.values()]
    .sort((a, b) => b.members - a.members || b.misses - a.misses || a.move - b.move)
    .slice(0, GROUP_LIMITS.groupWeakMoves);
}

/**
 * The rows in the order asked: members who have not started first in every order, then by the sort
 * (see BOARD_SORTS); ties by name.
 */
export function sortRows<R extends { name: string; started: boolean; progress: number; lastPractised: Date | null }>(
  rows: R[],
  sort: BoardSort,
): R[] {
  const byName = (a: R, b: R) => a.name.localeCompare(b.name);
  const time = (r: R) => r.lastPractised?.getTime() ?? 0;
  const order: Record<BoardSort, (a: R, b: R) => number> = {
    behind: (a, b) => a.progress - b.progress || time(a) - time(b),
    name: () => 0,
    best: (a, b) => b.progress - a.progress,
    recent: (a, b) => time(b) - time(a),
  };
  return [...rows].sort((a, b) => Number(a.started) - Number(b.started) || order[sort](a, b) || byName(a, b));
}

/** Whole days from today (UTC) to the event: 0 on the day, negative after; null without a date. */
export function daysToEvent(eventDate: string | null, now: Date): number | null {
  if (!eventDate) return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${eventDate}T00:00:00Z`) - today) / DAY_MS);
}
