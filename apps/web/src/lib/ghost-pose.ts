// The teacher's pose as a faint ghost over the user's video: the reference track at the moment the
// engine's time map pairs with the user's, moved onto the user's body (hip centre on hip centre,
// scaled by the two dancers' torso lengths), mirrored when the user danced mirror-wise.
import type { CompactTrack } from "@stepsync/contracts";
import { frameAt, midpointOf, type Pt, pointOf, type Size } from "./pose-frames";
import { hasTimeMap, type TimeMap } from "@stepsync/contracts";
import { userToRef } from "./sync";

export interface Ghost {
  /** The reference's pose track (tracks.reference). */
  track: CompactTrack;
  /** alignment_info.time_map: [[user_t, ref_t], …]. */
  timeMap: TimeMap;
  /** alignment_info.mirrored: the user danced the reference mirror-wise. */
  mirrored: boolean;
}

/** How far past either end of the time map the pairing is still trusted (seconds); beyond it there is no ghost. */
export const GHOST_MAP_MARGIN_S = 0.25;

const torsoCache = new WeakMap<CompactTrack, Map<string, number>>();

/**
 * Median distance from hip centre to shoulder centre over a whole track, in pixels of `size`: one
 * scale per video (as the engine's), so a dancer bending over does not shrink the ghost. NaN when
 * no frame shows a torso.
 */
export function medianTorso(track: CompactTrack, size: Size): number {
  const key = `${size.width}x${size.height}`;
  const cached = torsoCache.get(track)?.get(key);
  if (cached !== undefined) return cached;
  const lengths: number[] = [];
  for (const frame of track.frames) {
    const hip = midpointOf(frame, 11, 12, size);
    const shoulder = midpointOf(frame, 5, 6, size);
    if (hip && shoulder) lengths.push(Math.hypot(shoulder.x - hip.x, shoulder.y - hip.y));
  }
  lengths.sort((a, b) => a - b);
  const median = lengths.length ? (lengths[Math.floor(lengths.length / 2)] as number) : Number.NaN;
  const bySize = torsoCache.get(track) ?? new Map<string, number>();
  bySize.set(key, median);
  torsoCache.set(track, bySize);
  return median;
}

/**
 * The ghost at user time t: per COCO-17 keypoint a point in fractions (0–1) of the user's picture,
 * null where the reference does not show it; null altogether outside the time map (no pairing, no
 * claim) or when either dancer's hips or torso are not seen. `userSize` is the user's picture in
 * pixels; the reference's comes from its track (its own aspect ratio), else the user's is assumed.
 */
export function ghostPose(ghost: Ghost, user: CompactTrack, t: number, userSize: Size): Array<Pt | null> | null {
  const map = ghost.timeMap;
  if (!hasTimeMap(map) || !userSize.width || !userSize.height) return null;
  const first = map[0]?.[0] ?? 0;
  const last = map[map.length - 1]?.[0] ?? 0;
  if (t < first - GHOST_MAP_MARGIN_S || t > last + GHOST_MAP_MARGIN_S) return null;
  const refFrame = frameAt(ghost.track, userToRef(map, t));
  const userFrame = frameAt(user, t);
  if (!refFrame || !userFrame) return null;
  const refSize =
    ghost.track.width && ghost.track.height ? { width: ghost.track.width, height: ghost.track.height } : userSize;
  const refHip = midpointOf(refFrame, 11, 12, refSize);
  const userHip = midpointOf(userFrame, 11, 12, userSize);
  const scale = medianTorso(user, userSize) / medianTorso(ghost.track, refSize);
  if (!refHip || !userHip || !Number.isFinite(scale) || scale <= 0) return null;
  const flip = ghost.mirrored ? -1 : 1;
  return Array.from({ length: 17 }, (_, k) => {
    const p = pointOf(refFrame, k, refSize);
    if (!p) return null;
    return {
      x: (userHip.x + flip * (p.x - refHip.x) * scale) / userSize.width,
      y: (userHip.y + (p.y - refHip.y) * scale) / userSize.height,
    };
  });
}
