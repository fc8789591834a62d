import type { AudioBeats } from "../types.ts";
import { ONSET_RATE, onsetStrength, rms } from "./onset.ts";
import { autocorrelation, MIN_BPM, parabolicPeak, pickPeriod } from "./tempo.ts";
import { lowerQuantile } from "../numbers.ts";

/** Below this RMS (−80 dBFS) the track is silence. */
const SILENT_RMS = 1e-4;
/** Shortest audio worth analysing, seconds. */
const MIN_SECONDS = 2;
/** DP tempo rigidity (Ellis 2007, librosa's default): higher keeps gaps closer to the period. */
const TIGHTNESS = 100;
/**
 * Gaussian σ (envelope frames: 20 ms) the envelope is smoothed by before its periodicity is
 * measured. Music played by hand lands ±15–20 ms off the grid and soft attacks swell over tens of
 * ms, so unsmoothed the onsets of successive beats barely overlap at the beat's lag; smoothing to
 * that spread lines them up and also removes the frame-to-frame flicker that noise-like sounds
 * (brushes, hiss, room tone) add to the flux.
 */
const PERIODICITY_SIGMA = 2;
/**
 * Noise reaches a comb periodicity of about 0.28/√seconds by chance on the smoothed envelope (the
 * median for pink, white and brown noise, 8–20 s; 0.2/√seconds unsmoothed): about twice that,
 * CHANCE/√seconds, counts as nothing.
 */
const CHANCE = 0.55;
/** Comb periodicity above chance at which a beat is certain. */
const CERTAIN_ABOVE_CHANCE = 0.3;

/** Gaussian smoothing with standard deviation `sigma` samples (truncated at 3σ, renormalised at the ends). */
export function gaussianSmooth(x: Float32Array, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float64Array(2 * r + 1);
  for (let k = -r; k <= r; k++) kernel[k + r] = Math.exp(-0.5 * (k / sigma) ** 2);
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    let sum = 0;
    let weight = 0;
    for (let k = Math.max(-r, -i); k <= r && i + k < x.length; k++) {
      sum += kernel[k + r]! * x[i + k]!;
      weight += kernel[k + r]!;
    }
    out[i] = sum / weight;
  }
  return out;
}

/**
 * Beat tracking by dynamic programming (Ellis 2007): the chain of frames maximising the score at
 * the beats plus −tightness·log²(gap / period) per gap, so beats land on onsets while keeping to
 * the tempo. Returns beat frames, increasing. Beats at the ends that fall where nothing plays
 * (before the music starts, after it stops) are trimmed.
 */
export function trackBeats(score: Float32Array, period: number, tightness = TIGHTNESS): number[] {
  const n = score.length;
  const lo = Math.max(1, Math.round(period / 2));
  const hi = Math.round(2 * period);
  const penalty = new Float64Array(hi + 1);
  for (let d = lo; d <= hi; d++) penalty[d] = -tightness * Math.log(d / period) ** 2;
  const cumulative = new Float64Array(n);
  const back = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    // A chain may also start here (best 0) when no earlier beat helps.
    let best = 0;
    for (let d = lo; d <= hi && d <= i; d++) {
      const v = cumulative[i - d]! + penalty[d]!;
      if (v > best) {
        best = v;
        back[i] = i - d;
      }
    }
    cumulative[i] = score[i]! + best;
  }
  // The best chain ends within the last two periods (past any off-beat ending that the last
  // onset might pull it to; beats over trailing silence are trimmed below).
  let end = n - 1;
  for (let i = Math.max(0, n - 2 * Math.round(period)); i < n; i++) if (cumulative[i]! > cumulative[end]!) end = i;
  const beats: number[] = [];
  for (let i = end; i >= 0; i = back[i]!) beats.push(i);
  beats.reverse();
  return trimBeats(beats, score);
}

/** Drops leading and trailing beats whose score is under half the beats' RMS score. */
function trimBeats(beats: number[], score: Float32Array): number[] {
  if (beats.length === 0) return beats;
  const strength = beats.map((b) => Math.max(0, score[b]!));
  const rms = Math.sqrt(strength.reduce((s, v) => s + v * v, 0) / strength.length);
  let first = 0;
  let last = beats.length - 1;
  while (first <= last && strength[first]! < 0.5 * rms) first++;
  while (last >= first && strength[last]! < 0.5 * rms) last--;
  return beats.slice(first, last + 1);
}

/**
 * Tempo from the beats themselves (least-squares slope of time against beat number, numbering
 * skipped beats by the nominal period): finer than the autocorrelation's lag grid.
 */
export function beatPeriod(beats: number[], nominal: number): number | null {
  if (beats.length < 4) return null;
  const t0 = beats[0]!;
  const idx = beats.map((t) => Math.round((t - t0) / nominal));
  const n = beats.length;
  const mx = idx.reduce((a, b) => a + b, 0) / n;
  const my = beats.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (idx[i]! - mx) * (beats[i]! - my);
    sxx += (idx[i]! - mx) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return Math.abs(slope / nominal - 1) < 0.05 ? slope : null;
}

/**
 * 0–1 from the comb periodicity of the smoothed envelope: what noise of this length reaches by
 * chance (CHANCE/√seconds, with margin) counts as nothing, CERTAIN_ABOVE_CHANCE above it as
 * certain. Steady music scores 0.75–1, noise, speech and a held tone about 0.
 */
export function beatConfidence(strength: number, seconds: number, beats: number): number {
  const chance = CHANCE / Math.sqrt(seconds);
  const c = Math.max(0, Math.min(1, (strength - chance) / CERTAIN_ABOVE_CHANCE));
  return c * Math.min(1, beats / 4);
}

/** The envelope for storage: positive part over its 99th percentile, clipped to 1, 3 decimals. */
export function compactOnset(strength: Float32Array): number[] {
  const positive = Array.from(strength, (v) => Math.max(0, v));
  const scale = lowerQuantile(positive, 0.99) || lowerQuantile(positive, 1) || 1;
  return Array.from(strength, (v) => Math.round(Math.min(1, Math.max(0, v) / scale) * 1000) / 1000);
}

/**
 * Beats of mono PCM audio: onset envelope → tempo (autocorrelation comb with a prior) → beats (DP).
 * Pure and deterministic. Null when there is nothing to analyse (under 2 s, silence, or a signal
 * without any change, like a pure tone).
 */
export function detectBeats(samples: Float32Array, rate: number): AudioBeats | null {
  if (samples.length < MIN_SECONDS * rate || rms(samples) < SILENT_RMS) return null;
  const strength = onsetStrength(samples, rate);
  const maxLag = Math.min(Math.round((4 * 60 * ONSET_RATE) / MIN_BPM), Math.floor(strength.length / 2));
  const tempo = pickPeriod(autocorrelation(gaussianSmooth(strength, PERIODICITY_SIGMA), maxLag), ONSET_RATE);
  if (!tempo) return null;
  let sd = 0;
  for (const v of strength) sd += v * v;
  sd = Math.sqrt(sd / strength.length) || 1;
  const score = gaussianSmooth(strength, Math.max(1, tempo.period / 32));
  for (let i = 0; i < score.length; i++) score[i] = score[i]! / sd;
  const beats = trackBeats(score, tempo.period).map(
    (f) => Math.round((parabolicPeak(score, f) / ONSET_RATE) * 1000) / 1000,
  );
  const period = beatPeriod(beats, tempo.period / ONSET_RATE) ?? tempo.period / ONSET_RATE;
  return {
    bpm: Math.round(600 / period) / 10,
    beats,
    confidence: Math.round(beatConfidence(tempo.strength, samples.length / rate, beats.length) * 1000) / 1000,
    onset: { rate: ONSET_RATE, values: compactOnset(strength) },
  };
}
