/**
 * Who is who over the whole video: the people each frame shows (pose/people.ts, identities local
 * to a chunk of frames) linked into one track per person. Dancers in matching outfits look alike,
 * so a person is told from the others by where they are and where they were going, as the
 * group-dance tracking benchmarks advise (DanceTrack: motion and position continuity matter more
 * than appearance): each track predicts where its body will be (its last place plus its recent
 * velocity), and each frame's people are assigned to the tracks at the least total distance
 * (assign.ts), in the tracks' own torso lengths. A track not seen for a while (behind someone)
 * keeps predicting; after MAX_GAP_S it ends, and a later track that starts where it ended (the
 * same person back in view) continues it. Pure and deterministic.
 */
import { bodyCentre, bodyScale } from "../pose/people.ts";
import type { RawPeople } from "../pose/pool.ts";
import { assign } from "./assign.ts";

/** One person seen in one analysis frame: keypoints [x, y, score] in pixels of the decoded frame. */
export interface Sighting {
  frame: number;
  keypoints: Float32Array;
  score: number;
  centre: [number, number];
  scale: number;
}

/** One person over the video: where they were seen, frame by frame (frames increasing, with gaps). */
export interface PersonTrack {
  sightings: Sighting[];
}

export const FOLLOW = {
  /** A body this far from where its track predicts it (torso lengths) is someone else… */
  GATE: 1.2,
  /** …growing with every frame the track has not been seen (its prediction is less sure)… */
  GATE_GROWTH: 0.35,
  /** …up to this. */
  GATE_MAX: 3,
  /** A body this much bigger or smaller than the track's (ratio of torso lengths) is someone else. */
  SIZE_RATIO: 1.7,
  /** Weight of a difference in size (|ln ratio|) against distance in torso lengths. */
  SIZE_WEIGHT: 1.5,
  /** How much of a new step a track's velocity takes on (exponential mean). */
  VELOCITY_GAIN: 0.4,
  /** Frames a track is carried along its velocity while not seen; then it waits where it was going. */
  EXTRAPOLATE_FRAMES: 6,
  /** Seconds a track not seen is kept waiting for its person. */
  MAX_GAP_S: 2.5,
  /** A later track starting this close (torso lengths) to where one ended, within MAX_JOIN_S, is its person back. */
  JOIN: 2,
  MAX_JOIN_S: 10,
};

interface Live {
  track: PersonTrack;
  last: Sighting;
  vx: number;
  vy: number;
  scale: number;
}

/** Links the people of every frame into one track per person (see the module's comment). */
export function followPeople(frames: readonly RawPeople[], fps: number): PersonTrack[] {
  const maxGap = Math.max(1, Math.round(FOLLOW.MAX_GAP_S * fps));
  const done: PersonTrack[] = [];
  let live: Live[] = [];
  for (const [frame, f] of frames.entries()) {
    // Tracks whose person has been gone too long end here.
    live = live.filter((l) => {
      if (frame - l.last.frame <= maxGap) return true;
      done.push(l.track);
      return false;
    });
    const seen = sightingsOf(f, frame);
    const cost = live.map((l) => seen.map((s) => linkCost(l, s, frame)));
    const taken = new Set<number>();
    for (const [li, si] of assign(cost)) {
      const l = live[li] as Live;
      const s = seen[si] as Sighting;
      taken.add(si);
      advance(l, s);
    }
    for (const [si, s] of seen.entries()) {
      if (taken.has(si)) continue;
      live.push({ track: { sightings: [s] }, last: s, vx: 0, vy: 0, scale: s.scale });
    }
  }
  done.push(...live.map((l) => l.track));
  return joinReturns(done, fps);
}

function sightingsOf(f: RawPeople, frame: number): Sighting[] {
  const out: Sighting[] = [];
  for (const p of f.people) {
    const centre = bodyCentre(p.keypoints);
    const scale = bodyScale(p.keypoints);
    if (centre && scale > 0) out.push({ frame, keypoints: p.keypoints, score: p.score, centre, scale });
  }
  return out;
}

/** Where a track expects its body on `frame`. */
function predicted(l: Live, frame: number): [number, number] {
  const steps = Math.min(frame - l.last.frame, FOLLOW.EXTRAPOLATE_FRAMES);
  return [l.last.centre[0] + l.vx * steps, l.last.centre[1] + l.vy * steps];
}

/** Distance of a body from the track's prediction in its torso lengths, plus the size difference; Infinity past the gates. */
function linkCost(l: Live, s: Sighting, frame: number): number {
  const [px, py] = predicted(l, frame);
  const d = Math.hypot(s.centre[0] - px, s.centre[1] - py) / l.scale;
  const gap = frame - l.last.frame;
  const gate = Math.min(FOLLOW.GATE_MAX, FOLLOW.GATE + FOLLOW.GATE_GROWTH * (gap - 1));
  const ratio = s.scale / l.scale;
  if (d > gate || ratio > FOLLOW.SIZE_RATIO || ratio < 1 / FOLLOW.SIZE_RATIO) return Number.POSITIVE_INFINITY;
  return d + FOLLOW.SIZE_WEIGHT * Math.abs(Math.log(ratio));
}

function advance(l: Live, s: Sighting): void {
  const gap = s.frame - l.last.frame;
  const vx = (s.centre[0] - l.last.centre[0]) / gap;
  const vy = (s.centre[1] - l.last.centre[1]) / gap;
  const k = FOLLOW.VELOCITY_GAIN;
  l.vx = (1 - k) * l.vx + k * vx;
  l.vy = (1 - k) * l.vy + k * vy;
  l.scale = 0.8 * l.scale + 0.2 * s.scale;
  l.last = s;
  l.track.sightings.push(s);
}

/**
 * A person gone from view longer than MAX_GAP_S (behind others, or out of the picture and back)
 * starts a new track on return; a track that starts, after one ended, near where that one ended
 * continues it. The nearest pairs are joined first, each track continued once.
 */
function joinReturns(tracks: PersonTrack[], fps: number): PersonTrack[] {
  const first = (t: PersonTrack) => t.sightings[0] as Sighting;
  const last = (t: PersonTrack) => t.sightings[t.sightings.length - 1] as Sighting;
  const pairs: Array<{ a: number; b: number; d: number }> = [];
  for (const [a, ta] of tracks.entries())
    for (const [b, tb] of tracks.entries()) {
      const end = last(ta);
      const start = first(tb);
      if (a === b || start.frame <= end.frame || start.frame - end.frame > FOLLOW.MAX_JOIN_S * fps) continue;
      const d = Math.hypot(start.centre[0] - end.centre[0], start.centre[1] - end.centre[1]) / end.scale;
      const ratio = start.scale / end.scale;
      if (d <= FOLLOW.JOIN && ratio <= FOLLOW.SIZE_RATIO && ratio >= 1 / FOLLOW.SIZE_RATIO) pairs.push({ a, b, d });
    }
  pairs.sort((x, y) => x.d - y.d || x.a - y.a || x.b - y.b);
  const next = new Map<number, number>();
  const previous = new Map<number, number>();
  for (const { a, b } of pairs) {
    // Each track continues one and is continued by one (b starts after a ends: chains run forward in time).
    if (next.has(a) || previous.has(b)) continue;
    next.set(a, b);
    previous.set(b, a);
  }
  const out: PersonTrack[] = [];
  for (const [i] of tracks.entries()) {
    if (previous.has(i)) continue;
    const sightings: Sighting[] = [];
    for (let k: number | undefined = i; k !== undefined; k = next.get(k))
      sightings.push(...(tracks[k] as PersonTrack).sightings);
    out.push({ sightings });
  }
  return out.sort((x, y) => first(x).frame - first(y).frame || first(x).centre[0] - first(y).centre[0]);
}
