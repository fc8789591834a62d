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
  /**
   * A later track starting within MAX_JOIN_S this close (torso lengths) to where one ended — or to
   * where its motion was taking it — is its person back, the allowance growing by JOIN_GROWTH a
   * second out of view up to JOIN_MAX…
   */
  JOIN: 2,
  JOIN_GROWTH: 0.5,
  JOIN_MAX: 4,
  MAX_JOIN_S: 10,
  /** …the motion run on for at most this long (s), measured over this many sightings… */
  JOIN_EXTRAPOLATE_S: 3,
  VELOCITY_SPAN: 4,
  /** …or both ends this close (torso lengths) to one other person: hidden behind them. */
  BEHIND: 1.5,
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
 * A person gone from view longer than MAX_GAP_S (hidden behind others, or out of the picture and
 * back) starts a new track on return; a track that starts after one ended continues it when it
 * starts where that one was (still), where its motion was taking it (or its own motion, run back,
 * comes from), or where someone else was when it vanished behind them and still is when it
 * reappears (a dancer passing in front of another). The likeliest pairs are joined first, each
 * track continued once; the allowance grows with the time out of view.
 */
function joinReturns(tracks: PersonTrack[], fps: number): PersonTrack[] {
  const first = (t: PersonTrack) => t.sightings[0] as Sighting;
  const last = (t: PersonTrack) => t.sightings[t.sightings.length - 1] as Sighting;
  const at = tracks.map((t) => new Map(t.sightings.map((s) => [s.frame, s])));
  const pairs: Array<{ a: number; b: number; d: number }> = [];
  for (const [a, ta] of tracks.entries())
    for (const [b, tb] of tracks.entries()) {
      const end = last(ta);
      const start = first(tb);
      const gap = start.frame - end.frame;
      if (a === b || gap <= 0 || gap > FOLLOW.MAX_JOIN_S * fps) continue;
      const ratio = start.scale / end.scale;
      if (ratio > FOLLOW.SIZE_RATIO || ratio < 1 / FOLLOW.SIZE_RATIO) continue;
      const scale = (start.scale + end.scale) / 2;
      const dist = (p: readonly number[], q: readonly number[]) =>
        Math.hypot((p[0] as number) - (q[0] as number), (p[1] as number) - (q[1] as number)) / scale;
      const steps = Math.min(gap, FOLLOW.JOIN_EXTRAPOLATE_S * fps);
      const [vx, vy] = velocityAt(ta, "end");
      const [ux, uy] = velocityAt(tb, "start");
      const still = dist(end.centre, start.centre);
      const onward = dist([end.centre[0] + vx * steps, end.centre[1] + vy * steps], start.centre);
      const back = dist([start.centre[0] - ux * steps, start.centre[1] - uy * steps], end.centre);
      const behind = tracks.some((_, c) => {
        if (c === a || c === b) return false;
        const then = at[c]?.get(end.frame);
        const now = at[c]?.get(start.frame);
        return (
          !!then &&
          !!now &&
          dist(then.centre, end.centre) <= FOLLOW.BEHIND &&
          dist(now.centre, start.centre) <= FOLLOW.BEHIND
        );
      });
      const d = Math.min(still, onward, back, behind ? FOLLOW.BEHIND / 2 : Number.POSITIVE_INFINITY);
      const allowed = Math.min(FOLLOW.JOIN_MAX, FOLLOW.JOIN + FOLLOW.JOIN_GROWTH * (gap / fps));
      if (d <= allowed) pairs.push({ a, b, d });
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

/** A track's velocity (pixels a frame) over its last (or first) VELOCITY_SPAN sightings. */
function velocityAt(t: PersonTrack, where: "start" | "end"): [number, number] {
  const s = t.sightings;
  const span = Math.min(FOLLOW.VELOCITY_SPAN, s.length - 1);
  if (span < 1) return [0, 0];
  const [p, q] = where === "end" ? [s[s.length - 1 - span], s[s.length - 1]] : [s[0], s[span]];
  const a = p as Sighting;
  const b = q as Sighting;
  const frames = b.frame - a.frame;
  return frames > 0 ? [(b.centre[0] - a.centre[0]) / frames, (b.centre[1] - a.centre[1]) / frames] : [0, 0];
}

/**
 * The stretches (first and last frame not seen) in which a person was hidden behind someone: a gap
 * between two of their sightings during which another person was seen within BEHIND torso lengths
 * of where they were (on the line from where they vanished to where they came back). A gap with no
 * one there (out of the picture and back) is not one, nor the time before they first appear or
 * after they last do.
 */
export function hiddenGaps(track: PersonTrack, others: readonly PersonTrack[]): Array<[number, number]> {
  const at = others.map((t) => new Map(t.sightings.map((s) => [s.frame, s])));
  const gaps: Array<[number, number]> = [];
  for (let i = 1; i < track.sightings.length; i++) {
    const end = track.sightings[i - 1] as Sighting;
    const start = track.sightings[i] as Sighting;
    const n = start.frame - end.frame;
    if (n <= 1) continue;
    let behind = false;
    for (let f = end.frame + 1; f < start.frame && !behind; f++) {
      const w = (f - end.frame) / n;
      const x = end.centre[0] + w * (start.centre[0] - end.centre[0]);
      const y = end.centre[1] + w * (start.centre[1] - end.centre[1]);
      const scale = end.scale + w * (start.scale - end.scale);
      behind = at.some((o) => {
        const p = o.get(f);
        return !!p && Math.hypot(p.centre[0] - x, p.centre[1] - y) / ((p.scale + scale) / 2) <= FOLLOW.BEHIND;
      });
    }
    if (behind) gaps.push([end.frame + 1, start.frame - 1]);
  }
  return gaps;
}
