/**
 * One timed analysis in a fresh process (so its time and memory are its own), for bench/group.ts.
 * Prints one JSON line.
 *   node --import tsx bench/group/scenario.ts <prepare|solo|group> <reference> <video> <cacheDir> [groupMaxSide]
 * prepare: the reference's poses into the cache; solo: compareVideos (one dancer's video); group:
 * compareGroupVideo (a group's video). Both against the cached reference.
 */
import { readFileSync } from "node:fs";
import {
  analyzeVideoCached,
  compareGroupVideo,
  compareVideos,
  shutdownPosePool,
} from "../../packages/motion/src/index.ts";

const [mode, reference, video, cacheDir, side] = process.argv.slice(2) as [string, string, string, string, string?];
const groupMaxSide = side ? Number(side) : undefined;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let dancers = 1;
if (mode === "prepare") await analyzeVideoCached(reference, { cacheDir });
else if (mode === "solo") await compareVideos(reference, video, { style: "hip_hop", cacheDir });
else dancers = (await compareGroupVideo(reference, video, { style: "hip_hop", cacheDir, groupMaxSide })).dancers.length;
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
await shutdownPosePool();
console.log(
  JSON.stringify({
    mode,
    dancers,
    wall_s: wall / 1000,
    cpu_s: (cpu.user + cpu.system) / 1e6,
    children_cpu_s: childrenCpu(),
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

/** CPU seconds of the children that have ended (ffmpeg), from /proc (0 where there is none). */
function childrenCpu(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state field (3).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
