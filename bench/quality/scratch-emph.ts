import { matchTracks } from "../../packages/motion/src/compare.ts";
import { measureMoves, userTimeIn } from "../../packages/motion/src/score/judge.ts";
import { SEGMENT_COUNT, SEGMENTS } from "../../packages/motion/src/features.ts";
import { angleDiff } from "../../packages/motion/src/align/distance.ts";
import { shutdownPosePool } from "../../packages/motion/src/index.ts";
import { clipFile } from "./build.ts";
import { loadCases, places } from "./load.ts";
import { auc, quantile } from "./stats.ts";
const split = process.argv[2] ?? "test";
const loaded = await loadCases((c) => c.split === split && ["people_same", "people_incorrect", "people_different", "same_routine", "dancers_same", "camera_angle", "different_routine", "same_performance"].includes(c.group));
await shutdownPosePool();
type Frame = { r: any; u: any };
const cases: Array<{ g: string; frames: Frame[][]; noise: number[] }> = [];
const jitter = (tr: any) => { const out: number[] = []; for (let k = 0; k < SEGMENT_COUNT; k++) { const v: number[] = []; for (let i = 1; i + 1 < tr.frames.length; i++) { const a = tr.frames[i - 1], b = tr.frames[i], c = tr.frames[i + 1]; if (!a.valid || !b.valid || !c.valid) continue; const x = a.seg[k], y = b.seg[k], z = c.seg[k]; if ([x, y, z].some(Number.isNaN)) continue; const d1 = ((y - x + 540) % 360) - 180, d2 = ((z - y + 540) % 360) - 180; v.push(Math.abs(d2 - d1)); } v.sort((a, b) => a - b); out.push(v.length ? v[Math.floor(v.length / 2)]! / Math.sqrt(6) * 1.48 : 0); } return out; };
for (const c of loaded.cases) {
  const ref = loaded.tracks.get(clipFile(c.ref, places)); const user = loaded.tracks.get(clipFile(c.user, places));
  if (!ref || !user) continue;
  const m = matchTracks(ref, user);
  const ms = measureMoves(m.ref, m.cont, m.counting.moves, m.starts, m.fit.timing, m.fit.lapse, m.fit.tempo);
  const moves: Frame[][] = [];
  for (const mv of ms) {
    const from = Math.round(mv.span.start * m.fps), to = Math.max(from + 1, Math.round(mv.span.end * m.fps));
    const fr: Frame[] = [];
    for (let i = from; i < Math.min(to, m.ref.frames.length); i++) { const r = m.ref.frames[i]; if (!r?.valid) continue; const t = userTimeIn(mv, i / m.fps, m.fit.tempo); fr.push({ r, u: t === null ? undefined : m.cont.at(m.cont.clampEdge(t)) }); }
    moves.push(fr);
  }
  const jr = jitter(m.ref), ju = jitter(m.user);
  cases.push({ g: c.group + (c.truth.same === false ? "-diff" : ""), frames: moves, noise: jr.map((x, k) => Math.hypot(x, ju[k]!)) });
}
const spread = (dirs: number[]) => { if (dirs.length < 2) return 0; const c = dirs.reduce((a, d) => a + Math.cos(d * Math.PI / 180), 0), s = dirs.reduce((a, d) => a + Math.sin(d * Math.PI / 180), 0); return 1 - Math.hypot(c, s) / dirs.length; };
const facing = new Set(["shoulders", "hips"]);
function shape(fr: Frame[][], still: number, d50: number, p: number, both: boolean, facingW: number, noise?: number[], nk = 0): number {
  let tot = 0, n = 0;
  for (const mv of fr) {
    const emph: number[] = [];
    for (let k = 0; k < SEGMENT_COUNT; k++) {
      const rs = spread(mv.filter((f) => !Number.isNaN(f.r.seg[k])).map((f) => f.r.seg[k]));
      const us = both ? spread(mv.filter((f) => f.u && !Number.isNaN(f.u.seg[k])).map((f) => f.u.seg[k])) : 0;
      emph.push(still + Math.min(1, Math.max(rs, us) / 0.155));
    }
    for (const { r, u } of mv) {
      let s = 0, w = 0;
      for (let k = 0; k < SEGMENT_COUNT; k++) { const a = r.seg[k], b = u?.seg[k]; const wr = r.segW[k] * emph[k]! * (facing.has(SEGMENTS[k]!.name) ? facingW : 1); if (Number.isNaN(a) || !(wr > 0)) continue; if (!u || Number.isNaN(b) || !(u.segW[k] > 0)) { w += wr; continue; } const ww = wr * u.segW[k]; const tol = noise ? Math.hypot(d50, nk * noise[k]!) : d50; s += ww / (1 + (angleDiff(a, b, true) / tol) ** p); w += ww; }
      if (w > 0) { tot += s / w; n++; }
    }
  }
  return n ? 100 * tot / n : 0;
}
const NK = Number(process.argv[3] ?? 0);
const nq = (g: string) => { const v = cases.filter((c) => c.g === g).map((c) => c.noise.slice(0, 8).reduce((a, b) => a + b, 0) / 8); return `${quantile(v, 0.5).toFixed(1)}`; };
console.log("noise median: same", nq("people_same"), "dancers", nq("dancers_same"), "samerout", nq("same_routine"), "perf", nq("same_performance"));
for (const [still, d50, p, both, fw] of [[2.84, 30, 4, false, 0.414], [0.3, 30, 4, false, 0.414], [0.3, 30, 4, true, 0.414], [0.15, 35, 3, true, 0.414], [0.15, 40, 3, true, 0.414], [0.3, 40, 2, true, 0.414], [0.1, 45, 3, true, 0.3], [0.2, 35, 2, true, 0.3]] as const) {
  const by: Record<string, number[]> = {};
  for (const c of cases) (by[c.g] ??= []).push(shape(c.frames, still, d50, p, both, fw, c.noise, NK));
  const q = (g: string) => by[g] ? `${quantile(by[g]!, 0.1).toFixed(0)}/${quantile(by[g]!, 0.5).toFixed(0)}` : "-";
  console.log(`still ${still} d50 ${d50} p ${p} both ${both} fw ${fw}: same ${q("people_same")} inc ${q("people_incorrect")} auc ${auc(by["people_same"]!, by["people_incorrect"]!).toFixed(3)} diff ${q("people_different-diff")} dancers ${q("dancers_same")} cam ${q("camera_angle")} samerout ${q("same_routine")} diffrout ${q("different_routine-diff")}`);
}
