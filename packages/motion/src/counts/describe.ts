import { type FeatureTrack, type FrameFeatures, SEGMENTS } from "../features.ts";
import { angleDiff } from "../numbers.ts";

const seg = (name: string) => SEGMENTS.findIndex((s) => s.name === name);
const L_UPPER = seg("left_upper_arm");
const R_UPPER = seg("right_upper_arm");
const L_THIGH = seg("left_thigh");
const R_THIGH = seg("right_thigh");
const SHOULDERS = seg("shoulders");
const TORSO = seg("torso");

/** Height of an upper arm or thigh: 0° hanging down, 90° level, 180° straight up. */
function lift(f: FrameFeatures, k: number): number {
  const a = f.seg[k] as number;
  return Number.isNaN(a) ? Number.NaN : Math.abs(a);
}

function range(values: number[]): number {
  const v = values.filter((x) => !Number.isNaN(x));
  if (v.length < 2) return 0;
  return Math.max(...v) - Math.min(...v);
}

function last<T>(v: T[]): T | undefined {
  return v[v.length - 1];
}

/**
 * One description per section in words a dancer recognises ("arms up", "step", "turn", "jump",
 * "knees bend", "kick", "lean"; "hold" when little moves), each telling its section apart from the
 * others: the one or two things that stand out most, a third where that is what differs, and
 * "again" on a section that repeats an earlier one.
 */
export function describeSections(
  track: FeatureTrack,
  sections: ReadonlyArray<{ start: number; end: number }>,
): string[] {
  const seen = sections.map((s) => movesSeen(track, s.start, s.end));
  const words = (cues: string[], n: number) => (cues.length ? cues.slice(0, n).join(", ") : "hold");
  const titles = seen.map((cues) => words(cues, 2));
  seen.forEach((cues, i) => {
    const clash = () => titles.some((t, j) => j !== i && t === titles[i]);
    if (clash() && cues.length > 2) titles[i] = words(cues, 3);
  });
  return titles.map((t, i) => (titles.slice(0, i).includes(t) ? `${t} again` : t));
}

/** Everything that stands out in a stretch, most first. */
function movesSeen(track: FeatureTrack, start: number, end: number): string[] {
  const from = Math.max(0, Math.floor(start * track.fps));
  const to = Math.min(track.frames.length, Math.ceil(end * track.fps));
  const frames = track.frames.slice(from, to).filter((f) => f.valid);
  if (frames.length < 2) return [];
  const cues: Array<[string, number]> = [];
  // Arms: how far each upper arm travels up or down, and where they end.
  const armL = frames.map((f) => lift(f, L_UPPER));
  const armR = frames.map((f) => lift(f, R_UPPER));
  const armTravel = Math.max(range(armL), range(armR));
  if (armTravel > 50) {
    const endHigh = Math.max(last(armL) ?? 0, last(armR) ?? 0) > 120;
    const startHigh = Math.max(armL[0] ?? 0, armR[0] ?? 0) > 120;
    const both = Math.min(range(armL), range(armR)) > 0.6 * armTravel;
    const which = both ? "arms" : range(armL) > range(armR) ? "left arm" : "right arm";
    cues.push([
      endHigh && !startHigh ? `${which} up` : startHigh && !endHigh ? `${which} down` : `${which} swing`,
      armTravel / 60,
    ]);
  }
  // Legs: a thigh lifted well off the ground line is a kick or knee lift.
  const legLift = Math.max(...frames.map((f) => Math.max(lift(f, L_THIGH) || 0, lift(f, R_THIGH) || 0)));
  if (legLift > 60) cues.push(["kick", legLift / 60]);
  // Knees: both bending together (a plié, a squat, a bounce).
  const knees = frames.map((f) => ((f.angles[6] as number) + (f.angles[7] as number)) / 2);
  if (range(knees) > 35) cues.push(["knees bend", range(knees) / 40]);
  // The hips travel sideways (a step) or up (a jump).
  const hipX = frames.map((f) => f.hip[0]);
  const hipY = frames.map((f) => f.hip[1]);
  if (range(hipX) > 0.5) cues.push(["step", range(hipX) / 0.6]);
  const rise = Math.max(0, (hipY[0] ?? 0) - Math.min(...hipY.filter((y) => !Number.isNaN(y))));
  if (rise > 0.35 && range(knees) > 20) cues.push(["jump", rise / 0.35]);
  // A turn: the shoulder line swings round (it flips when the back faces the camera).
  let turn = 0;
  for (let i = 1; i < frames.length; i++) {
    const a = (frames[i - 1] as FrameFeatures).seg[SHOULDERS] as number;
    const b = (frames[i] as FrameFeatures).seg[SHOULDERS] as number;
    if (!Number.isNaN(a) && !Number.isNaN(b)) turn += angleDiff(a, b, true);
  }
  if (turn > 120) cues.push(["turn", turn / 120]);
  // The torso tips away from upright (its direction is 180° when upright).
  const upright = frames.map((f) => Math.abs(f.seg[TORSO] as number)).filter((v) => !Number.isNaN(v));
  const tilt = upright.length ? 180 - Math.min(...upright) : 0;
  if (tilt > 30) cues.push(["lean", tilt / 30]);
  cues.sort((a, b) => b[1] - a[1]);
  return cues.map((c) => c[0]);
}
