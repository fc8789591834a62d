import type { Counting, MoveSpan, SectionSpan } from "./counts/counting.ts";
import { MotionError } from "./errors.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";
import { round3 } from "./numbers.ts";

/** A part of the reference, seconds in the reference's own time. */
export interface ReferenceWindow {
  start: number;
  end: number;
}

/**
 * The reference track cut to a window, re-timed to start at 0 (the engine counts a track from its
 * first frame). Poses are cut from the whole video's track, so its pose cache stays useful; the
 * music's beats and onset envelope are cut alike.
 */
export function windowTrack(track: PoseTrack, w: ReferenceWindow): PoseTrack {
  if (!(w.start >= 0 && w.end > w.start))
    throw new MotionError("INVALID_OPTIONS", "The reference window must start at 0 or later and end after it starts.");
  const end = Math.min(w.end, track.duration);
  const frames = track.frames.filter((f) => f.t >= w.start && f.t < end).map((f) => ({ ...f, t: f.t - w.start }));
  const audio = track.audio && {
    ...track.audio,
    beats: track.audio.beats.filter((b) => b >= w.start && b < end).map((b) => b - w.start),
    onset: {
      rate: track.audio.onset.rate,
      values: track.audio.onset.values.slice(
        Math.round(w.start * track.audio.onset.rate),
        Math.round(end * track.audio.onset.rate),
      ),
    },
  };
  return { ...track, duration: Math.max(0, end - w.start), frames, audio };
}

/** Share of a move of the whole reference that must lie inside a window for the part to keep it. */
const MOVE_INSIDE = 0.5;

/**
 * The whole reference's counting cut to a window and timed from its start: the moves mostly inside
 * it (clipped to it) keep their counts and their sections' numbers, so a practised part speaks of
 * "counts 5–6" and "8-count 3" as the whole video's result does, not of counts 1–2 of 8-count 1.
 * Null when no move lies mostly inside the window.
 */
export function countingInWindow(whole: Counting, w: ReferenceWindow): Counting | null {
  const index: number[] = [];
  const moves: MoveSpan[] = [];
  whole.moves.forEach((m, k) => {
    const inside = Math.min(m.end, w.end) - Math.max(m.start, w.start);
    if (inside < MOVE_INSIDE * (m.end - m.start)) return;
    index[k] = moves.length;
    moves.push({ ...m, start: Math.max(m.start, w.start) - w.start, end: Math.min(m.end, w.end) - w.start });
  });
  if (!moves.length) return null;
  const sections: SectionSpan[] = [];
  for (const s of whole.sections) {
    const ids = s.moves.filter((k) => index[k] !== undefined).map((k) => index[k] as number);
    const first = moves[ids[0] as number];
    const last = moves[ids[ids.length - 1] as number];
    if (first && last) sections.push({ start: first.start, end: last.end, moves: ids, number: s.number });
  }
  const downbeats = whole.info.downbeats.filter((d) => d >= w.start && d < w.end).map((d) => d - w.start);
  return { info: { ...whole.info, downbeats }, moves, sections };
}

/**
 * A result computed on a windowed reference, put back into the reference's own time: moves,
 * sections, counts, the time map, the timeline and the reference's overlay track all say reference
 * seconds, so a part lines up with the whole video (and with a comparison of all of it). User times
 * are unchanged; offset_s is restated so that user_t ≈ offset_s + tempo_ratio × ref_t still holds.
 */
export function inReferenceTime(result: ComparisonResult, w: ReferenceWindow): ComparisonResult {
  const s = w.start;
  const a = result.alignment;
  return {
    ...result,
    moves: result.moves.map((m) => ({ ...m, start_s: round3(m.start_s + s), end_s: round3(m.end_s + s) })),
    sections: result.sections.map((x) => ({ ...x, timestamp: round3(x.timestamp + s) })),
    counts: { ...result.counts, downbeats: result.counts.downbeats.map((d) => round3(d + s)) },
    alignment: {
      ...a,
      offset_s: round3(a.offset_s - a.tempo_ratio * s),
      time_map: a.time_map.map(([u, r]) => [u, round3(r + s)] as [number, number]),
    },
    timeline: result.timeline.map(([t, v]) => [round3(t + s), v] as [number, number]),
    tracks: {
      ...result.tracks,
      reference: {
        ...result.tracks.reference,
        frames: result.tracks.reference.frames.map(([t, ...rest]) => [round3((t ?? 0) + s), ...rest]),
      },
    },
  };
}

/** What a judgment of part of the routine says about which part (see compareTracks). */
export interface PartDanced {
  danced: NonNullable<ComparisonResult["danced"]>;
  /** The practised part the comparison was about, or null for the whole routine. */
  window: ReferenceWindow | null;
}
