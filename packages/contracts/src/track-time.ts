/**
 * Looking things up by time in what a comparison's answer carries (alignment_info.time_map and the
 * compact pose tracks), one rule for the server (which checks a result against its own tracks) and
 * the web app (which plays the two videos in step and draws their skeletons).
 */

/** [[user_t, ref_t], …], both increasing: where each moment of the user's video is in the reference. */
export type TimeMap = ReadonlyArray<readonly [number, number]>;

/** One frame of a compact pose track: [t, x0, y0, s0, x1, …]. */
export type CompactFrame = ReadonlyArray<number>;

/** A time map is usable when it has at least two points. */
export function hasTimeMap(map: TimeMap | null | undefined): map is TimeMap {
  return Array.isArray(map) && map.length >= 2;
}

/**
 * Where time t of one video ("user" or "reference": the side t is on) is in the other, along the
 * map: interpolated between its points; before its first point and after its last, at that end's
 * offset (rate 1 beyond the mapped part). Without a usable map, t itself.
 */
export function alongTimeMap(map: TimeMap | null | undefined, t: number, from: "user" | "reference"): number {
  if (!hasTimeMap(map)) return t;
  const a: 0 | 1 = from === "user" ? 0 : 1;
  const b: 0 | 1 = a === 0 ? 1 : 0;
  const first = map[0] as readonly [number, number];
  const last = map[map.length - 1] as readonly [number, number];
  if (t <= first[a]) return first[b] + (t - first[a]);
  if (t >= last[a]) return last[b] + (t - last[a]);
  let lo = 0;
  let hi = map.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((map[mid] as readonly [number, number])[a] <= t) lo = mid;
    else hi = mid;
  }
  const p = map[lo] as readonly [number, number];
  const q = map[hi] as readonly [number, number];
  const span = q[a] - p[a];
  return span <= 0 ? p[b] : p[b] + ((t - p[a]) / span) * (q[b] - p[b]);
}

/** Index of the entry whose time (timeOf) is nearest t, entries sorted by time (a tie: the earlier); -1 when there are none. */
export function nearestIndex(count: number, timeOf: (i: number) => number, t: number): number {
  if (count <= 0) return -1;
  let lo = 0;
  let hi = count - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (timeOf(mid) <= t) lo = mid;
    else hi = mid;
  }
  return Math.abs(t - timeOf(lo)) <= Math.abs(timeOf(hi) - t) ? lo : hi;
}

/** The frame nearest time t (frames in time order), undefined when there are none. */
export function nearestFrame<F extends CompactFrame>(frames: readonly F[], t: number): F | undefined {
  const i = nearestIndex(frames.length, (k) => frames[k]?.[0] ?? 0, t);
  return i < 0 ? undefined : frames[i];
}
