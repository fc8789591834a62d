/**
 * Which of the people followed through a video are its dancers: a person is kept only while they
 * dance in view. Someone seen in under a quarter of the video (as a solo video with so little of
 * its dancer is refused), someone walking through the picture (most of their time in view spent
 * travelling one way), and someone standing by (moving their limbs far less than the group does)
 * are not dancers. Up to MAX_DANCERS are kept, the largest in the picture. Pure.
 */
import { SEGMENTS } from "../features.ts";
import { median } from "../numbers.ts";
import type { PersonTrack, Sighting } from "./follow.ts";

export type PersonRole = "dancer" | "brief" | "passing" | "still" | "beyond_limit";

export const DANCERS = {
  /** Share of the video's frames a dancer is seen in (a solo video's dancer: analyze.ts MIN_PERSON_FRAMES). */
  MIN_SEEN: 0.25,
  /** Walking through: from first to last sighting, at least this far (torso lengths)… */
  PASS_DISTANCE: 3,
  /** …at this mean speed or more (torso lengths a second) over their time in view. */
  PASS_SPEED: 0.45,
  /** Standing by: limbs moving less than this share of the most moving person's… */
  STILL_SHARE: 0.1,
  /** …or less than this at all (1 − mean resultant length of a limb's direction over STILL_WINDOW_S). */
  STILL_FLOOR: 0.005,
  STILL_WINDOW_S: 2,
  MAX_DANCERS: 10,
};

/** Limbs whose swing tells a dancer from someone standing by: upper arms, forearms, thighs, shins. */
const LIMBS = SEGMENTS.filter((s) => /_(upper_arm|forearm|thigh|shin)$/.test(s.name)).map(
  (s) => [s.from[0], s.to[0]] as const,
);
/** Keypoint confidence trusted for a limb's direction. */
const PLACED = 0.3;

export interface PersonFacts {
  /** Share of the video's analysis frames they are seen in. */
  seen: number;
  /** Median torso length, pixels of the decoded frame. */
  size: number;
  /** How much their limbs swing (0: still). */
  movement: number;
  /** Torso lengths a second from first to last sighting, and the distance. */
  travelSpeed: number;
  travel: number;
}

export function personFacts(track: PersonTrack, frameCount: number, fps: number): PersonFacts {
  const s = track.sightings;
  const first = s[0] as Sighting;
  const last = s[s.length - 1] as Sighting;
  const size = median(s.map((x) => x.scale));
  const travel = Math.hypot(last.centre[0] - first.centre[0], last.centre[1] - first.centre[1]) / Math.max(size, 1);
  const seconds = (last.frame - first.frame) / fps;
  return {
    seen: frameCount ? s.length / frameCount : 0,
    size,
    movement: limbSwing(s, fps),
    travel,
    travelSpeed: seconds > 0 ? travel / seconds : 0,
  };
}

/**
 * Each person's role (see the module's comment), in the order given. The still test is against
 * the most moving of the others that pass the first two tests: a group's dancers move alike.
 */
export function rolesOf(facts: readonly PersonFacts[]): PersonRole[] {
  const roles: PersonRole[] = facts.map((f) => {
    if (f.seen < DANCERS.MIN_SEEN) return "brief";
    if (f.travel >= DANCERS.PASS_DISTANCE && f.travelSpeed >= DANCERS.PASS_SPEED) return "passing";
    return "dancer";
  });
  const most = Math.max(0, ...facts.filter((_, i) => roles[i] === "dancer").map((f) => f.movement));
  const floor = Math.max(DANCERS.STILL_FLOOR, DANCERS.STILL_SHARE * most);
  for (const [i, f] of facts.entries()) if (roles[i] === "dancer" && f.movement < floor) roles[i] = "still";
  const dancers = facts
    .map((f, i) => ({ f, i }))
    .filter(({ i }) => roles[i] === "dancer")
    .sort((a, b) => b.f.size - a.f.size || a.i - b.i);
  for (const { i } of dancers.slice(DANCERS.MAX_DANCERS)) roles[i] = "beyond_limit";
  return roles;
}

/**
 * How much a person's limbs swing: per limb, over windows of STILL_WINDOW_S, the spread of its
 * direction (1 − mean resultant length: 0 still, about 0.3 for a 90° swing to and fro), averaged.
 * Keypoint jitter of someone standing still spreads a direction by a few degrees (≈ 0.002).
 */
function limbSwing(s: readonly Sighting[], fps: number): number {
  const window = Math.max(2, Math.round(DANCERS.STILL_WINDOW_S * fps));
  const spreads: number[] = [];
  const first = (s[0] as Sighting).frame;
  const byWindow = new Map<number, Sighting[]>();
  for (const x of s) {
    const w = Math.floor((x.frame - first) / window);
    const list = byWindow.get(w) ?? [];
    list.push(x);
    byWindow.set(w, list);
  }
  for (const list of byWindow.values()) {
    for (const [a, b] of LIMBS) {
      let c = 0;
      let si = 0;
      let n = 0;
      for (const x of list) {
        const k = x.keypoints;
        if ((k[a * 3 + 2] ?? 0) < PLACED || (k[b * 3 + 2] ?? 0) < PLACED) continue;
        const angle = Math.atan2(
          (k[b * 3] as number) - (k[a * 3] as number),
          (k[b * 3 + 1] as number) - (k[a * 3 + 1] as number),
        );
        c += Math.cos(angle);
        si += Math.sin(angle);
        n++;
      }
      if (n >= 3) spreads.push(1 - Math.hypot(c, si) / n);
    }
  }
  return spreads.length ? spreads.reduce((x, y) => x + y, 0) / spreads.length : 0;
}
