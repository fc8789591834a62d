import { judgeMatch, matchTracks } from "../../packages/motion/src/compare.ts";
import { loadCases, places } from "./load.ts";
import { clipFile } from "./build.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
const l = await loadCases((c) => c.split === "fit" && c.group !== "timing");
await shutdownPosePool();
const ms = l.cases.flatMap((c) => { const r = l.tracks.get(clipFile(c.ref, places)), u = l.tracks.get(clipFile(c.user, places)); return r && u ? [matchTracks(r, u)] : []; });
const t0 = performance.now(); for (const m of ms) judgeMatch(m, "hip_hop"); console.log("judgeAll", ms.length, (performance.now() - t0).toFixed(0), "ms");
