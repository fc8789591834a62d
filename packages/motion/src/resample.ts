import type { PoseFrame, PoseTrack } from "./types.ts";

/**
 * The track at a lower frame rate (nearest analysed frame for each new tick). Two tracks must
 * share one rate before they are aligned; the slower one sets it.
 */
export function resampleTrack(track: PoseTrack, fps: number): PoseTrack {
  if (Math.abs(track.fps - fps) < 1e-6 || track.frames.length === 0) return track;
  const last = track.frames[track.frames.length - 1] as PoseFrame;
  const count = Math.floor(last.t * fps + 1e-6) + 1;
  const frames: PoseFrame[] = [];
  for (let k = 0; k < count; k++) {
    const t = k / fps;
    const idx = Math.min(track.frames.length - 1, Math.round(t * track.fps));
    const f = track.frames[idx] as PoseFrame;
    frames.push({ ...f, t: Math.round(t * 1e4) / 1e4 });
  }
  return { ...track, fps, frames };
}
