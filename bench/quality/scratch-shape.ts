import { matchTracks } from "../../packages/motion/src/compare.ts";
import { measureMoves, userTimeIn } from "../../packages/motion/src/score/judge.ts";
import { compareShape, segmentSimilarity } from "../../packages/motion/src/score/shape.ts";
import { SEGMENT_COUNT } from "../../packages/motion/src/features.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { clipFile } from "./build.ts";
import { loadCases, places } from "./load.ts";
import { auc } from "./stats.ts";
const split = process.argv[2] ?? "fit";
const loaded = await loadCases((c) => c.split === split && ["people_same", "people_incorrect", "people_different", "same_routine", "same_performance", "tempo", "dancers_same", "camera_angle"].includes(c.group));
await shutdownPosePool();
const circMeanDist = (a: number, b: number) => { let d = Math.abs(a - b) % 360; return d > 180 ? 360 - d : d; };
const feats: Record<string, Record<string, number[]>> = {};
for (const c of loaded.cases) {
  const ref = loaded.tracks.get(clipFile(c.ref, places)); const user = loaded.tracks.get(clipFile(c.user, places));
  if (!ref || !user) continue;
  const m = matchTracks(ref, user);
  const ms = measureMoves(m.ref, m.cont, m.counting.moves, m.starts, m.fit.timing, m.fit.lapse, m.fit.tempo);
  // per-frame: ref pose distance from ref's "rest" (median direction per segment) = frame weight
  const valid = m.ref.frames.filter((f) => f.valid);
  const rest: number[] = [];
  for (let k = 0; k < SEGMENT_COUNT; k++) { let cx = 0, sy = 0; for (const f of valid) { const a = f.seg[k]!; if (Number.isNaN(a)) continue; cx += Math.cos(a * Math.PI / 180); sy += Math.sin(a * Math.PI / 180); } rest.push(Math.atan2(sy, cx) * 180 / Math.PI); }
  let sw = 0, ss = 0, sp = 0, sn = 0; const dists: number[] = [];
  const sims: Array<{ w: number; sim: number; d: number }> = [];
  for (const mv of ms) {
    const from = Math.round(mv.span.start * m.fps), to = Math.round(mv.span.end * m.fps);
    for (let i = from; i < to; i++) {
      const r = m.ref.frames[i]; if (!r?.valid) continue;
      const t = userTimeIn(mv, i / m.fps, m.fit.tempo); const u = t === null ? undefined : m.cont.at(m.cont.clampEdge(t));
      const s = compareShape(r, u);
      let away = 0, n = 0; for (let k = 0; k < 8; k++) { const a = r.seg[k]!; if (Number.isNaN(a)) continue; away += circMeanDist(a, rest[k]!); n++; }
      const w = 0.2 + (n ? away / n : 0) / 20;
      const sim = Number.isNaN(s.sim) ? 0 : s.sim;
      sims.push({ w, sim, d: Number.isNaN(s.dist) ? 90 : s.dist });
      sw += w; ss += w * sim; sp += sim; sn++;
    }
  }
  const ranges = ms.flatMap((mv) => mv.ranges.slice(0, 8).filter(([a, b]) => !Number.isNaN(a) && !Number.isNaN(b) && a > 20).map(([a, b]) => Math.min(1, b / a)));
  // Excursion: per segment, the 95th percentile of distance from the track's circular-median direction.
  const excursion = (tr: any) => { const out: number[] = []; for (let k = 0; k < 8; k++) { const v = tr.frames.filter((f: any) => f.valid && !Number.isNaN(f.seg[k])).map((f: any) => f.seg[k] as number); if (v.length < 3) { out.push(0); continue; }
    const cx = v.reduce((a: number, d: number) => a + Math.cos(d * Math.PI / 180), 0), sy = v.reduce((a: number, d: number) => a + Math.sin(d * Math.PI / 180), 0); const mu = Math.atan2(sy, cx) * 180 / Math.PI;
    // rest = median of the frames closest to mu: use mu itself
    const dev = v.map((d: number) => circMeanDist(d, mu)).sort((a: number, b: number) => a - b); out.push(dev[Math.floor(0.95 * (dev.length - 1))]!); } return out; };
  const er = excursion(m.ref), eu = excursion(m.user);
  let an = 0, ad = 0; er.forEach((x, k) => { if (x < 30) return; an += x * Math.min(1.2, eu[k]! / x); ad += x; });
  const amp = ad ? 100 * an / ad : 100;
  const g = c.group + (c.truth.same === false ? "-diff" : "");
  const f = (feats[g] ??= {});
  const push = (k: string, v: number) => (f[k] ??= []).push(v);
  push("shape", ms.reduce((a, x) => a + x.shape * x.frames, 0) / ms.reduce((a, x) => a + x.frames, 0));
  push("peakw", 100 * ss / sw);
  push("plain", 100 * sp / sn);
  const sorted = sims.map((x) => x.d).sort((a, b) => a - b);
  push("d50", sorted[Math.floor(0.5 * sorted.length)] ?? NaN);
  push("d90", sorted[Math.floor(0.9 * sorted.length)] ?? NaN);
  push("range", ranges.length ? 100 * ranges.reduce((a, b) => a + b, 0) / ranges.length : 100);
  push("tempo", m.fit.tempo);
  push("amp", amp);
  push("shapeXamp", (ms.reduce((a, x) => a + x.shape * x.frames, 0) / ms.reduce((a, x) => a + x.frames, 0)) * Math.min(1, amp / 100));
}
const q = (v: number[], p: number) => { const s = [...v].sort((a, b) => a - b); return s[Math.floor(p * (s.length - 1))] ?? NaN; };
for (const [g, f] of Object.entries(feats)) console.log(g.padEnd(22), Object.entries(f).map(([k, v]) => `${k} ${q(v, 0.1).toFixed(1)}/${q(v, 0.5).toFixed(1)}/${q(v, 0.9).toFixed(1)}`).join("  "));
const same = feats["people_same"]!, inc = feats["people_incorrect"]!;
for (const k of Object.keys(same)) console.log("AUC correct>incorrect", k, auc(same[k]!, inc[k]!).toFixed(3));
