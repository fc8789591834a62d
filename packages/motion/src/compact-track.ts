import { round3 } from "./numbers.ts";
import { COCO_KEYPOINTS, cocoIndexMap } from "./pose/keypoints.ts";
import type { CompactTrack, PoseTrack } from "./types.ts";

/** COCO-17 keypoints per frame, 3 decimals: enough for a skeleton overlay, small enough to store. */
export function compactTrack(track: PoseTrack): CompactTrack {
  const map = cocoIndexMap(track.keypointNames);
  return {
    keypointNames: [...COCO_KEYPOINTS],
    fps: track.fps,
    width: track.width,
    height: track.height,
    frames: track.frames.map((f) => {
      const row = [round3(f.t)];
      for (const src of map) {
        row.push(
          round3(f.keypoints[src * 3] ?? 0),
          round3(f.keypoints[src * 3 + 1] ?? 0),
          Math.round((f.keypoints[src * 3 + 2] ?? 0) * 100) / 100,
        );
      }
      return row;
    }),
  };
}

/**
 * A compact track read back as a pose track the engine takes (no sound: whatever is counted on
 * the music comes with it). A compact frame keeps no pose score: a frame shows a person when it
 * has any point (the engine zeroes every point of a frame without one), scored by their mean.
 */
export function trackFromCompact(compact: CompactTrack): PoseTrack {
  const k = compact.keypointNames.length;
  const frames = compact.frames.map((row) => {
    const keypoints = row.slice(1, 1 + 3 * k);
    let sum = 0;
    let seen = 0;
    for (let i = 0; i < k; i++) {
      const s = keypoints[i * 3 + 2] ?? 0;
      if (s > 0) {
        sum += s;
        seen++;
      }
    }
    return { t: row[0] ?? 0, score: seen ? sum / seen : 0, keypoints };
  });
  const last = frames[frames.length - 1];
  return {
    version: 1,
    model: "measured",
    keypointNames: [...compact.keypointNames],
    fps: compact.fps,
    width: compact.width,
    height: compact.height,
    duration: last ? round3(last.t + 1 / compact.fps) : 0,
    minScore: 0,
    frames,
    audio: null,
  };
}
