/** Tempo range the engine counts in, beats per minute. */
export const MIN_BPM = 60;
export const MAX_BPM = 200;
/** Centre and width of the tempo prior: dance music is mostly counted around 90–150 BPM. */
const PRIOR_BPM = 120;
const PRIOR_OCTAVES = 0.5;
/** Multiples of the period the comb looks at (a steady beat repeats; speech and noise do not). */
const COMB = 4;
/** Lag tolerance of each comb tooth, relative (slight tempo drift, frame quantisation). */
const TOLERANCE = 0.02;

/**
 * Autocorrelation of x for lags 0..maxLag, unbiased (each lag's sum divided by its overlap) and
 * normalised so that lag 0 is 1 (all zeros when x is constant). x should have its mean removed.
 */
export function autocorrelation(x: Float32Array, maxLag: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(Math.min(maxLag, n - 1) + 1);
  for (let lag = 0; lag < out.length; lag++) {
    let sum = 0;
    for (let i = lag; i < n; i++) sum += x[i]! * x[i - lag]!;
    out[lag] = sum / (n - lag);
  }
  const zero = out[0]!;
  for (let lag = 0; lag < out.length; lag++) out[lag] = zero > 0 ? out[lag]! / zero : 0;
  return out;
}

/** Log-Gaussian weight of a tempo around PRIOR_BPM (1 at the centre, 0.5 about 0.6 octave away). */
export function tempoPrior(bpm: number): number {
  return Math.exp(-0.5 * (Math.log2(bpm / PRIOR_BPM) / PRIOR_OCTAVES) ** 2);
}

/** Fractional position of the peak at integer index i (parabola through i−1, i, i+1). */
export function parabolicPeak(y: ArrayLike<number>, i: number): number {
  if (i <= 0 || i >= y.length - 1) return i;
  const a = y[i - 1]!;
  const b = y[i]!;
  const c = y[i + 1]!;
  const d = a - 2 * b + c;
  return d < 0 ? i + Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / d)) : i;
}

function peakNear(acf: Float64Array, lag: number): number {
  const lo = Math.max(1, Math.floor(lag * (1 - TOLERANCE)));
  const hi = Math.min(acf.length - 1, Math.ceil(lag * (1 + TOLERANCE)));
  let best = Number.NEGATIVE_INFINITY;
  for (let i = lo; i <= hi; i++) best = Math.max(best, acf[i]!);
  return best;
}

function interpolate(acf: Float64Array, lag: number): number {
  const i = Math.floor(lag);
  if (i + 1 >= acf.length) return acf[acf.length - 1]!;
  return acf[i]! + (lag - i) * (acf[i + 1]! - acf[i]!);
}

/** How many comb teeth fit in the autocorrelation at this lag. */
function teeth(acf: Float64Array, lag: number): number {
  return Math.max(1, Math.min(COMB, Math.floor((acf.length - 1) / (lag * (1 + TOLERANCE)))));
}

/** Periodicity at a lag: mean autocorrelation at its first multiples (each within ±2%). */
export function combStrength(acf: Float64Array, lag: number): number {
  const k = teeth(acf, lag);
  let sum = 0;
  for (let m = 1; m <= k; m++) sum += peakNear(acf, m * lag);
  return sum / k;
}

export interface Tempo {
  /** Beat period in envelope frames (fractional). */
  period: number;
  /** Comb periodicity at the period, −1..1 (about 0 for noise, near 1 for a metronome). */
  strength: number;
}

/**
 * The beat period from the envelope's autocorrelation (`rate` frames per second). Candidates between
 * MAX_BPM and MIN_BPM are scored by their comb periodicity times the tempo prior. A steady beat
 * correlates as well at twice its period as at its period; the prior picks the octave a dancer
 * counts, the one nearer 120 BPM (90 stays 90 and 150 stays 150; the switch is near 85 / 170,
 * and near 75 for a bare pulse with nothing between the beats, whose half period scores half).
 * The winner is refined to a fraction of a frame on its multiples. Null when the autocorrelation
 * is too short for the fastest beat or the envelope was constant.
 */
export function pickPeriod(acf: Float64Array, rate: number): Tempo | null {
  const lo = (60 * rate) / MAX_BPM;
  const hi = Math.min((60 * rate) / MIN_BPM, (acf.length - 1) / (1 + TOLERANCE));
  if (hi < lo || acf[0]! === 0) return null;
  let best = lo;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let lag = lo; lag <= hi; lag += 0.25) {
    const score = combStrength(acf, lag) * tempoPrior((60 * rate) / lag);
    if (score > bestScore) {
      bestScore = score;
      best = lag;
    }
  }
  // Sharpen: the lag whose exact multiples sit highest on the autocorrelation.
  let period = best;
  let top = Number.NEGATIVE_INFINITY;
  const k = teeth(acf, best);
  for (let lag = best * (1 - TOLERANCE); lag <= best * (1 + TOLERANCE); lag += 0.02) {
    if (k * lag > acf.length - 1) break;
    let sum = 0;
    for (let m = 1; m <= k; m++) sum += interpolate(acf, m * lag);
    if (sum > top) {
      top = sum;
      period = lag;
    }
  }
  return { period, strength: combStrength(acf, period) };
}
