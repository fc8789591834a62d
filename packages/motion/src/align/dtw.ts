/**
 * Dynamic time warping between the reference (rows, i) and the user (columns, j).
 *
 * - Steps (1,1), (1,2), (2,1): the local tempo may range from half to double speed, so a different
 *   dance cannot be "explained away" by arbitrary warping. Symmetric weights (diagonal cell ×2, the
 *   intermediate cell of a long step ×1, its end ×2) give every route between two cells the same
 *   total weight, so no route wins by being longer.
 * - Band: cells far from the diagonal through the free start region are never visited, which
 *   keeps memory and time linear in the length for long videos.
 * - Open begin and end: the user may start or stop a little earlier or later than the reference
 *   (extra lead-in, a late start, a cut-off end). Which end is chosen: the lowest mean cost per step,
 *   where every reference frame left unmatched counts as a step of `skipCost` (a user video that
 *   covers only part of the reference is matched where it fits, but is not rewarded for skipping).
 */
export interface DtwOptions {
  /** Max reference frames that may be left unmatched at the start and at the end. */
  refSlack: number;
  /** Max user frames that may be left unmatched at the start and at the end. */
  userSlack: number;
  /** Half-width of the band, in frames, around the line between the corners. */
  band: number;
  /** Cost of each reference frame left unmatched at either end (default 0: skipping is free). */
  skipCost?: number;
  /** Extra cost of each long step (a change of pace), so a steady pace is preferred where it fits as well (default 0). */
  warpCost?: number;
}

export interface DtwResult {
  /** Matched pairs [refIndex, userIndex], increasing in both. */
  path: Array<[number, number]>;
  /** Mean frame distance along the path. */
  meanCost: number;
}

export function dtw(n: number, m: number, cost: (i: number, j: number) => number, opts: DtwOptions): DtwResult {
  if (n === 0 || m === 0) return { path: [], meanCost: Number.POSITIVE_INFINITY };
  // Band: around the straight line from (0,0) to (n-1,m-1), widened by the slack allowed at the ends.
  const slope = n > 1 ? (m - 1) / (n - 1) : 0;
  const halfWidth = Math.ceil(opts.band + opts.userSlack + opts.refSlack * Math.max(1, slope));
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const c = i * slope;
    lo[i] = Math.max(0, Math.floor(c - halfWidth));
    hi[i] = Math.min(m - 1, Math.ceil(c + halfWidth));
  }
  const width = Math.min(m, 2 * halfWidth + 3);
  const INF = Number.POSITIVE_INFINITY;
  const skip = opts.skipCost ?? 0;
  const warp = opts.warpCost ?? 0;
  // D: accumulated cost, L: path length, B: back-pointer (0 diag, 1 = (1,2), 2 = (2,1), 3 start).
  const D = new Float64Array(n * width).fill(INF);
  const L = new Float64Array(n * width);
  const B = new Uint8Array(n * width);
  const C = new Float64Array(n * width).fill(INF);
  const at = (i: number, j: number) =>
    j < (lo[i] as number) || j > (hi[i] as number) ? -1 : i * width + (j - (lo[i] as number));
  for (let i = 0; i < n; i++) {
    for (let j = lo[i] as number; j <= (hi[i] as number); j++) C[at(i, j)] = cost(i, j);
  }
  const get = (arr: Float64Array, i: number, j: number) => {
    if (i < 0 || j < 0) return INF;
    const k = at(i, j);
    return k < 0 ? INF : (arr[k] as number);
  };
  for (let i = 0; i < n; i++) {
    for (let j = lo[i] as number; j <= (hi[i] as number); j++) {
      const k = at(i, j);
      const c = C[k] as number;
      let best = INF;
      let bestLen = 0;
      let back = 3;
      if ((i === 0 && j <= opts.userSlack) || (j === 0 && i <= opts.refSlack)) {
        best = 2 * c + 2 * skip * i;
        bestLen = 2 + 2 * i;
      }
      // Three ways in (diagonal, or a long step either way); compared by mean cost so long and
      // short routes compete fairly. Written out, not as a closure: this is the hot loop.
      for (let step = 0; step < 3; step++) {
        const pi = step === 2 ? i - 2 : i - 1;
        const pj = step === 1 ? j - 2 : j - 1;
        if (pi < 0 || pj < 0) continue;
        const kp = at(pi, pj);
        if (kp < 0) continue;
        const prev = D[kp] as number;
        if (prev === INF) continue;
        const extra = step === 0 ? 0 : (step === 1 ? get(C, i, j - 1) : get(C, i - 1, j)) + warp;
        const total = prev + extra + 2 * c;
        const len = (L[kp] as number) + (step === 0 ? 2 : 3);
        if (best === INF || total / len < best / bestLen - 1e-12) {
          best = total;
          bestLen = len;
          back = step;
        }
      }
      D[k] = best;
      L[k] = bestLen;
      B[k] = back;
    }
  }
  // Open end: best mean cost over the last row/column within the slack.
  let endI = -1;
  let endJ = -1;
  let endMean = INF;
  const consider = (i: number, j: number) => {
    const k = at(i, j);
    if (k < 0) return;
    const d = D[k] as number;
    if (d === INF) return;
    const left = n - 1 - i;
    const mean = (d + 2 * skip * left) / ((L[k] as number) + 2 * left);
    if (mean < endMean - 1e-12) {
      endMean = mean;
      endI = i;
      endJ = j;
    }
  };
  for (let j = m - 1; j >= Math.max(0, m - 1 - opts.userSlack); j--) consider(n - 1, j);
  for (let i = n - 2; i >= Math.max(0, n - 1 - opts.refSlack); i--) consider(i, m - 1);
  if (endI < 0) return { path: [], meanCost: INF };
  const path: Array<[number, number]> = [];
  let i = endI;
  let j = endJ;
  for (;;) {
    path.push([i, j]);
    const b = B[at(i, j)];
    if (b === 3) break;
    if (b === 0) {
      i--;
      j--;
    } else if (b === 1) {
      path.push([i, j - 1]);
      i--;
      j -= 2;
    } else {
      path.push([i - 1, j]);
      i -= 2;
      j--;
    }
  }
  path.reverse();
  return { path, meanCost: endMean };
}
