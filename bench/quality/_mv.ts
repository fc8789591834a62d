import { matchTracks } from "../../packages/motion/src/compare.ts";
import { measureMatch } from "../../packages/motion/src/score/judge.ts";
import { PARTS } from "../../packages/motion/src/features.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { clipFile } from "./build.ts";
import { loadCases, places } from "./load.ts";
const id = process.env.CASE as string;
const loaded = await loadCases((c) => c.id === id);
const c = loaded.cases[0]!;
const m = matchTracks(loaded.tracks.get(clipFile(c.ref, places))!, loaded.tracks.get(clipFile(c.user, places))!);
for (const mv of measureMatch(m))
  console.log(mv.span.label, "shape", mv.shape.toFixed(1), "vis", mv.visible.toFixed(2), "moved", mv.moved.toFixed(2), "parts", PARTS.map((p, i) => `${p}:${(mv.parts[i] as number).toFixed(0)}/${(mv.partShape[i] as number).toFixed(0)}`).join(" "));
await shutdownPosePool();
