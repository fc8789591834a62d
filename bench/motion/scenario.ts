/**
 * One benchmark measurement in a fresh process (so peak memory is this scenario's own).
 * Prints one JSON line on stdout. Used by run.ts.
 *   node --import tsx bench/motion/scenario.ts <mode> <model> <fps> <ref> <user> <cacheDir> [warmClip]
 * mode: prepare (analyse the reference into the cache), cached (compare against the cached
 * reference, cold process), cached-warm (same, after the pose workers are started and the model
 * loaded, as in a long-running server), fresh (compare two videos, nothing cached).
 */
import {
  analyzeVideo,
  analyzeVideoCached,
  compareVideos,
  type PoseModelName,
  shutdownPosePool,
} from "../../packages/motion/src/index.ts";

const [mode, model, fpsArg, ref, user, cacheDir, warmClip] = process.argv.slice(2) as [
  string,
  PoseModelName,
  string,
  string,
  string,
  string,
  string?,
];
const fps = Number(fpsArg);
if (mode === "cached-warm") {
  // Start the pool and load the model on a short clip first (not timed).
  await analyzeVideo(warmClip ?? ref, { model, fps });
}
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let userStart = 0;
let userEnd = 0;
let frames = 0;
if (mode === "prepare") {
  const { track } = await analyzeVideoCached(ref, { model, fps, cacheDir });
  frames = track.frames.length;
} else {
  const result = await compareVideos(ref, user, {
    style: "hip_hop",
    model,
    fps,
    ...(mode === "fresh" ? {} : { cacheDir }),
    onProgress: (_p, stage) => {
      if (stage === "user" && !userStart) userStart = performance.now();
      if (stage === "compare" && !userEnd) userEnd = performance.now();
    },
  });
  frames = result.tracks.user.frames.length;
}
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
await shutdownPosePool();
console.log(
  JSON.stringify({
    mode,
    model,
    fps,
    wall_s: wall / 1000,
    cpu_s: (cpu.user + cpu.system) / 1e6,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    user_frames: frames,
    user_analysis_s: userEnd && userStart ? (userEnd - userStart) / 1000 : undefined,
  }),
);
