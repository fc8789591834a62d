/**
 * The cheapest one-to-one assignment of rows to columns (Hungarian method, potentials form; Kuhn
 * 1955, Munkres 1957): O(n²·m) for n rows ≤ m columns. Pairs that must not be made cost Infinity
 * and are never returned.
 */
export function assign(cost: ReadonlyArray<ReadonlyArray<number>>): Array<[row: number, col: number]> {
  const rows = cost.length;
  const cols = rows ? (cost[0] as ReadonlyArray<number>).length : 0;
  if (!rows || !cols) return [];
  if (rows > cols) {
    const transposed = Array.from({ length: cols }, (_, c) => cost.map((r) => r[c] as number));
    return assign(transposed)
      .map(([c, r]): [number, number] => [r, c])
      .sort((x, y) => x[0] - y[0]);
  }
  // Forbidden pairs get a cost above any real assignment, then are dropped.
  let finite = 0;
  for (const r of cost) for (const v of r) if (Number.isFinite(v)) finite = Math.max(finite, Math.abs(v));
  const big = (finite + 1) * (rows + 1);
  const a = (i: number, j: number) => {
    const v = (cost[i - 1] as ReadonlyArray<number>)[j - 1] as number;
    return Number.isFinite(v) ? v : big;
  };
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const p = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const cur = a(i0, j) - (u[i0] as number) - (v[j] as number);
        if (cur < (minv[j] as number)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else minv[j] = (minv[j] as number) - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0);
  }
  const out: Array<[number, number]> = [];
  for (let j = 1; j <= cols; j++) {
    const i = p[j] as number;
    if (i > 0 && Number.isFinite((cost[i - 1] as ReadonlyArray<number>)[j - 1] as number)) out.push([i - 1, j - 1]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}
