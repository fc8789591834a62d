/** Pose tracks changed in a known way, for tests whose truth is "this limb, then, by this much". */
import { cocoIndexMap } from "../src/pose/keypoints.ts";
import type { PoseTrack } from "../src/types.ts";

/** Left ↔ right partner of each COCO-17 index. */
const COCO_MIRROR = [0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15];

/**
 * The track with one keypoint (COCO index `point`) turned `degrees` about another (`pivot`, e.g.
 * the wrist about the elbow: the forearm bent) in the frames from `from` to `to` seconds. Turned
 * in pixels, so the limb keeps its length; frames missing either point are left as they are.
 */
export function bendLimb(
  track: PoseTrack,
  opts: { point: number; pivot: number; degrees: number; from: number; to: number },
): PoseTrack {
  const map = cocoIndexMap(track.keypointNames);
  const p = map[opts.point] as number;
  const c = map[opts.pivot] as number;
  const a = (opts.degrees * Math.PI) / 180;
  const frames = track.frames.map((f) => {
    if (f.t < opts.from || f.t >= opts.to) return f;
    const k = [...f.keypoints];
    if (!((k[p * 3 + 2] ?? 0) > 0) || !((k[c * 3 + 2] ?? 0) > 0)) return f;
    const dx = ((k[p * 3] as number) - (k[c * 3] as number)) * track.width;
    const dy = ((k[p * 3 + 1] as number) - (k[c * 3 + 1] as number)) * track.height;
    k[p * 3] = (k[c * 3] as number) + (dx * Math.cos(a) - dy * Math.sin(a)) / track.width;
    k[p * 3 + 1] = (k[c * 3 + 1] as number) + (dx * Math.sin(a) + dy * Math.cos(a)) / track.height;
    return { ...f, keypoints: k };
  });
  return { ...track, frames };
}

/**
 * The track as the pose model would see the video flipped left ↔ right: x → 1 − x, and each point
 * labelled by the side it now appears on (a COCO-17 track).
 */
export function mirrorTrack(track: PoseTrack): PoseTrack {
  return relabelSides(track, true);
}

/**
 * The track with every point's side named the other way round where it is (a dancer seen from
 * behind read as facing the camera), in the frames from `from` to `to` seconds (all by default).
 */
export function swapSideNames(
  track: PoseTrack,
  opts: { from: number; to: number } = { from: 0, to: Infinity },
): PoseTrack {
  return relabelSides(track, false, opts);
}

function relabelSides(track: PoseTrack, flipX: boolean, span = { from: 0, to: Infinity }): PoseTrack {
  const map = cocoIndexMap(track.keypointNames);
  const frames = track.frames.map((f) => {
    if (f.t < span.from || f.t >= span.to) return f;
    const k: number[] = [...f.keypoints];
    COCO_MIRROR.forEach((partner, i) => {
      const dst = map[i] as number;
      const src = map[partner] as number;
      const x = f.keypoints[src * 3] ?? 0;
      k[dst * 3] = flipX ? 1 - x : x;
      k[dst * 3 + 1] = f.keypoints[src * 3 + 1] ?? 0;
      k[dst * 3 + 2] = f.keypoints[src * 3 + 2] ?? 0;
    });
    return { ...f, keypoints: k };
  });
  return { ...track, frames };
}

/**
 * The track with one keypoint (COCO index `point`) unseen from `from` to `to` seconds, as a pose
 * model loses a blurred or badly encoded wrist: its score and position zeroed.
 */
export function losePoint(track: PoseTrack, opts: { point: number; from: number; to: number }): PoseTrack {
  const p = cocoIndexMap(track.keypointNames)[opts.point] as number;
  const frames = track.frames.map((f) => {
    if (f.t < opts.from || f.t >= opts.to) return f;
    const k = [...f.keypoints];
    k.splice(p * 3, 3, 0, 0, 0);
    return { ...f, keypoints: k };
  });
  return { ...track, frames };
}
