import type { AudioBeats } from "../types.ts";
import { FFT, nextPow2 } from "./fft.ts";
import { parabolicPeak } from "./tempo.ts";

/** Lags this close to the best (seconds) belong to the same peak when looking for the runner-up. */
const PEAK_HALF_WIDTH = 0.05;
/** Peak-to-runner-up ratios: at or below LOW the envelopes share nothing; LOW + SPAN is certain. */
const LOW = 1.4;
const SPAN = 2;

/** An envelope at `to` values per second (linear interpolation), with its mean removed. */
function centred(values: number[], from: number, to: number): Float64Array {
  const n = Math.floor((values.length * to) / from);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = (i * from) / to;
    const j = Math.floor(x);
    const a = values[j] ?? 0;
    out[i] = a + (x - j) * ((values[j + 1] ?? a) - a);
  }
  const mean = out.reduce((s, v) => s + v, 0) / Math.max(1, n);
  for (let i = 0; i < n; i++) out[i] = out[i]! - mean;
  return out;
}

/**
 * Phase-transform cross-correlation (GCC-PHAT) g[k] for k in lo..hi (index k − lo):
 * Σ x[t]·y[t+k] with the cross-spectrum whitened to unit magnitude. A steady beat is a few strong
 * spectral lines that would make every beat-long shift match almost as well; whitened, the song's
 * irregular detail (fills, melody, accents) decides, and the true shift becomes a sharp peak.
 */
function phaseCorrelation(x: Float64Array, y: Float64Array, lo: number, hi: number): Float64Array {
  const size = nextPow2(x.length + y.length);
  const fft = new FFT(size);
  const xr = new Float64Array(size);
  const xi = new Float64Array(size);
  const yr = new Float64Array(size);
  const yi = new Float64Array(size);
  xr.set(x);
  yr.set(y);
  fft.transform(xr, xi);
  fft.transform(yr, yi);
  let total = 0;
  for (let i = 0; i < size; i++) {
    // conj(X)·Y: its inverse transform has lag k at index k (negative lags wrap to the end).
    const re = xr[i]! * yr[i]! + xi[i]! * yi[i]!;
    const im = xr[i]! * yi[i]! - xi[i]! * yr[i]!;
    xr[i] = re;
    xi[i] = im;
    total += Math.sqrt(re * re + im * im);
  }
  const floor = (1e-6 * total) / size;
  for (let i = 0; i < size; i++) {
    const w = 1 / (Math.sqrt(xr[i]! ** 2 + xi[i]! ** 2) + floor);
    xr[i] = xr[i]! * w;
    xi[i] = xi[i]! * w;
  }
  fft.transform(xr, xi, true);
  const out = new Float64Array(hi - lo + 1);
  for (let k = lo; k <= hi; k++) out[k - lo] = xr[(k + size) % size]! / size;
  return out;
}

/**
 * How many seconds later the same music plays in b than in a (negative: earlier), within
 * ±maxShift_s of `around_s`, from the two onset envelopes: the peak of their phase-transform cross-correlation,
 * refined between frames by a parabola. `confidence` 0–1 grows with how many times the peak
 * exceeds the best lag outside it. Null when no lag stands out (the two do not share the music).
 */
export function audioOffset(
  a: AudioBeats,
  b: AudioBeats,
  maxShift_s = 20,
  around_s = 0,
): { offset_s: number; confidence: number } | null {
  const rate = a.onset.rate;
  const x = centred(a.onset.values, rate, rate);
  const y = centred(b.onset.values, b.onset.rate, rate);
  if (x.length < rate || y.length < rate) return null;
  // Lags at which the two overlap at all, within the window asked for.
  const lo = Math.max(-(x.length - 1), Math.round((around_s - maxShift_s) * rate));
  const hi = Math.min(y.length - 1, Math.round((around_s + maxShift_s) * rate));
  if (hi < lo) return null;
  const g = phaseCorrelation(x, y, lo, hi);
  let best = 0;
  for (let i = 1; i < g.length; i++) if (g[i]! > g[best]!) best = i;
  const width = Math.max(1, Math.round(PEAK_HALF_WIDTH * rate));
  let second = 0;
  for (let i = 0; i < g.length; i++) if (Math.abs(i - best) > width && g[i]! > second) second = g[i]!;
  const ratio = second > 0 ? g[best]! / second : Number.POSITIVE_INFINITY;
  const confidence = Math.min(1, (ratio - LOW) / SPAN);
  if (!(g[best]! > 0) || confidence <= 0) return null;
  return { offset_s: (parabolicPeak(g, best) + lo) / rate, confidence: Math.round(confidence * 1000) / 1000 };
}
