import { MotionError } from "./errors.ts";
import type { ComparisonResult, PoseTrack } from "./types.ts";

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

/**
 * A result computed on a windowed reference, put back into the reference's own time: moves,
 * sections, counts, the time map, the timeline and the reference's overlay track all say reference
 * seconds, so a part lines up with the whole video (and with a comparison of all of it). User times
 * are unchanged; offset_s is restated so that user_t ≈ offset_s + tempo_ratio × ref_t still holds.
 */
export function inReferenceTime(result: ComparisonResult, w: ReferenceWindow): ComparisonResult {
  const s = w.start;
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  const a = result.alignment;
  return {
    ...result,
    moves: result.moves.map((m) => ({ ...m, start_s: r3(m.start_s + s), end_s: r3(m.end_s + s) })),
    sections: result.sections.map((x) => ({ ...x, timestamp: r3(x.timestamp + s) })),
    counts: { ...result.counts, downbeats: result.counts.downbeats.map((d) => r3(d + s)) },
    alignment: {
      ...a,
      offset_s: r3(a.offset_s - a.tempo_ratio * s),
      time_map: a.time_map.map(([u, r]) => [u, r3(r + s)] as [number, number]),
    },
    timeline: result.timeline.map(([t, v]) => [r3(t + s), v] as [number, number]),
    tracks: {
      ...result.tracks,
      reference: {
        ...result.tracks.reference,
        frames: result.tracks.reference.frames.map(([t, ...rest]) => [r3((t ?? 0) + s), ...rest]),
      },
    },
  };
}
