import { type FeatureTrack, JOINT_GROUPS, type Joint, JOINTS } from "../features.ts";

export interface Section {
  /** Reference frame range [start, end). */
  start: number;
  end: number;
  title: string;
}

const MIN_SECONDS = 2;
const MAX_SECONDS = 6;

function meanAngles(track: FeatureTrack, from: number, to: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < JOINTS.length; k++) {
    let s = 0;
    let n = 0;
    for (let i = Math.max(0, from); i < Math.min(track.frames.length, to); i++) {
      const v = track.frames[i]?.angles[k] as number;
      if (!Number.isNaN(v)) {
        s += v;
        n++;
      }
    }
    out.push(n ? s / n : Number.NaN);
  }
  return out;
}

/**
 * Novelty of each frame: how different the mean pose of the next second is from the mean pose of
 * the previous second (degrees). Peaks are where one movement gives way to another.
 */
export function novelty(track: FeatureTrack): number[] {
  const w = Math.max(1, Math.round(track.fps));
  return track.frames.map((_, t) => {
    const a = meanAngles(track, t - w, t);
    const b = meanAngles(track, t, t + w);
    let s = 0;
    let n = 0;
    for (let k = 0; k < a.length; k++) {
      const x = a[k] as number;
      const y = b[k] as number;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      s += Math.abs(x - y);
      n++;
    }
    return n ? s / n : 0;
  });
}

/**
 * Cuts the reference into sections of 2–6 s, each cut at the strongest change of movement within
 * the allowed window (earliest on ties), so sections follow the choreography's phrases.
 */
export function cutSections(track: FeatureTrack): Section[] {
  const n = track.frames.length;
  const fps = track.fps;
  const minLen = Math.max(1, Math.round(MIN_SECONDS * fps));
  const maxLen = Math.max(minLen + 1, Math.round(MAX_SECONDS * fps));
  const nov = novelty(track);
  const bounds: Array<[number, number]> = [];
  let start = 0;
  while (n - start > maxLen) {
    let best = -1;
    let bestV = -1;
    for (let c = start + minLen; c <= Math.min(start + maxLen, n - minLen); c++) {
      const v = nov[c] as number;
      if (v > bestV + 1e-9) {
        bestV = v;
        best = c;
      }
    }
    if (best < 0) break;
    bounds.push([start, best]);
    start = best;
  }
  bounds.push([start, n]);
  return bounds.map(([s, e]) => ({
    start: s,
    end: e,
    title: `${clock(s / fps)}–${clock(e / fps)} · ${describe(track, s, e)}`,
  }));
}

function clock(sec: number): string {
  const m = Math.floor(sec / 60);
  const s = Math.floor(sec % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** Names the body part that moves most in the section (mean angular speed per group). */
function describe(track: FeatureTrack, from: number, to: number): string {
  const speed = (joints: readonly Joint[]) => {
    let s = 0;
    let n = 0;
    for (const j of joints) {
      const k = JOINTS.indexOf(j);
      for (let i = from + 1; i < to; i++) {
        const a = track.frames[i - 1]?.angles[k] as number;
        const b = track.frames[i]?.angles[k] as number;
        if (Number.isNaN(a) || Number.isNaN(b)) continue;
        s += Math.abs(b - a) * track.fps;
        n++;
      }
    }
    return n ? s / n : 0;
  };
  const arms = speed(JOINT_GROUPS.arms);
  const legs = speed(JOINT_GROUPS.legs);
  const core = speed(JOINT_GROUPS.posture);
  const top = Math.max(arms, legs, core);
  if (top < 15) return "held pose";
  if (arms > 0.6 * top && legs > 0.6 * top) return "full-body movement";
  if (top === arms) return "arm movement";
  if (top === legs) return "leg work";
  return "torso and head";
}
