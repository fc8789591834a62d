import { type FeatureTrack, SEGMENT_COUNT } from "../features.ts";
import { angleDiff, lowerQuantile } from "../numbers.ts";

/**
 * How much the body moves at each analysed frame: the confidence-weighted mean angular speed of
 * the body segments (degrees per second), centred difference, lightly smoothed. Pauses and
 * turning points of a routine are its minima.
 */
export function motionEnvelope(track: FeatureTrack): number[] {
  const f = track.frames;
  const raw = f.map((_, i) => {
    const a = f[Math.max(0, i - 1)];
    const b = f[Math.min(f.length - 1, i + 1)];
    if (!a?.valid || !b?.valid || a === b) return 0;
    const dt = (Math.min(f.length - 1, i + 1) - Math.max(0, i - 1)) / track.fps;
    let s = 0;
    let w = 0;
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const x = a.seg[k] as number;
      const y = b.seg[k] as number;
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      const wk = Math.min(a.segW[k] as number, b.segW[k] as number);
      s += wk * angleDiff(x, y, true);
      w += wk;
    }
    return w > 0 ? s / w / dt : 0;
  });
  return raw.map((_, i) => {
    const p = raw[i - 1] ?? raw[i] ?? 0;
    const n = raw[i + 1] ?? raw[i] ?? 0;
    return 0.25 * p + 0.5 * (raw[i] ?? 0) + 0.25 * n;
  });
}

/**
 * Where the routine is danced: from the first to the last frame that moves at more than a
 * fifth of the routine's typical speed (a still intro or outro is not part of the routine).
 * Seconds. A reference that hardly moves at all is taken whole.
 */
export function dancedSpan(track: FeatureTrack, env: number[]): { start: number; end: number } {
  const whole = { start: 0, end: track.frames.length / track.fps };
  const typical = env.length ? lowerQuantile(env, 0.8) : 0;
  if (typical < 15) return whole;
  const limit = 0.2 * typical;
  const first = env.findIndex((v) => v > limit);
  let last = -1;
  for (let i = env.length - 1; i >= 0; i--) {
    if ((env[i] as number) > limit) {
      last = i;
      break;
    }
  }
  if (first < 0 || last < first) return whole;
  // Keep half a second of context on each side: a move starts before it is fast.
  return {
    start: Math.max(0, (first - 0.5 * track.fps) / track.fps),
    end: Math.min(whole.end, (last + 1 + 0.5 * track.fps) / track.fps),
  };
}

/**
 * The fastest body segment's mean angular speed over frames [from, to) (degrees per second): a
 * stretch is a hold only when no segment moves, however little the rest of the body does.
 */
export function fastestSegmentSpeed(track: FeatureTrack, from: number, to: number): number {
  let fastest = 0;
  for (let k = 0; k < SEGMENT_COUNT; k++) {
    let s = 0;
    let n = 0;
    for (let i = Math.max(1, from); i < Math.min(track.frames.length, to); i++) {
      const a = track.frames[i - 1];
      const b = track.frames[i];
      if (!a?.valid || !b?.valid) continue;
      const x = a.seg[k] as number;
      const y = b.seg[k] as number;
      if (Number.isNaN(x) || Number.isNaN(y) || Math.min(a.segW[k] as number, b.segW[k] as number) < 0.5) continue;
      s += angleDiff(x, y, true) * track.fps;
      n++;
    }
    if (n) fastest = Math.max(fastest, s / n);
  }
  return fastest;
}
