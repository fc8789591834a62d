import { judgeMatch, matchTracks } from "../../packages/motion/src/compare.ts";
import { measureMoves } from "../../packages/motion/src/score/judge.ts";
import { samenessEvidence } from "../../packages/motion/src/score/sameness.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { clipFile } from "./build.ts";
import { loadCases, places } from "./load.ts";
const loaded = await loadCases((c) => c.group !== "timing" && c.group !== "ladder");
await shutdownPosePool();
const rows: Record<string, number[][]> = {};
for (const c of loaded.cases) {
  const ref = loaded.tracks.get(clipFile(c.ref, places)); const user = loaded.tracks.get(clipFile(c.user, places));
  if (!ref || !user) continue;
  const m = matchTracks(ref, user);
  const measures = measureMoves(m.ref, m.cont, m.counting.moves, m.starts, m.fit.timing, m.fit.lapse, m.fit.tempo);
  const e = samenessEvidence(m, measures);
  const key = `${c.group}${c.truth.same === false ? " (diff)" : ""}`;
  const range = (f: any) => { const out: number[] = []; for (let k = 0; k < 10; k++) { const v = f.frames.filter((x: any) => x.valid && !Number.isNaN(x.seg[k])).map((x: any) => x.seg[k] as number); if (v.length < 2) { out.push(0); continue; } const c = v.reduce((a: number, d: number) => a + Math.cos(d * Math.PI / 180), 0), s2 = v.reduce((a: number, d: number) => a + Math.sin(d * Math.PI / 180), 0); const mu = Math.atan2(s2, c) * 180 / Math.PI; const dev = v.map((d: number) => { let x = Math.abs(d - mu) % 360; return x > 180 ? 360 - x : x; }).sort((a: number, b: number) => a - b); out.push(Math.max(15, 2 * dev[Math.floor(0.95 * (dev.length - 1))]!)); } return out; };
  const rr = range(m.ref), ur = range(m.user);
  let mn = 0, mx = 0; rr.forEach((a, k) => { mn += Math.min(a, ur[k]!); mx += Math.max(a, ur[k]!); });
  const emph = measures.reduce((a, x) => a + (Number.isNaN(x.dist) ? 0 : x.dist * x.frames), 0) / measures.reduce((a, x) => a + x.frames, 0);
  let ms = 0, mw = 0;
  for (const x of measures) for (let k = 0; k < 8; k++) { const [a, b] = x.ranges[k]!; const d = x.segs[k]!; if (Number.isNaN(d) || !(Math.max(a || 0, b || 0) > 30)) continue; ms += d * x.frames; mw += x.frames; }
  (rows[key] ??= []).push([e.matched, e.random, e.matched / e.random, e.motionCorrelation, e.order, e.rangeOverlap, mw ? ms / mw : NaN]);
}
const q = (v: number[], p: number) => { const s = [...v].filter(x => !Number.isNaN(x)).sort((a, b) => a - b); return s[Math.floor(p * (s.length - 1))] ?? NaN; };
for (const [k, v] of Object.entries(rows)) {
  const col = (i: number) => v.map((r) => r[i]!);
  console.log(k.padEnd(26), String(v.length).padStart(4), ["matched", "random", "ratio", "corr", "order", "jacc", "moving"].map((n, i) => `${n} ${q(col(i), 0.1).toFixed(2)}/${q(col(i), 0.5).toFixed(2)}/${q(col(i), 0.9).toFixed(2)}`).join("  "));
}
