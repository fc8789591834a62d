import { matchTracks, judgeMatch } from "../../packages/motion/src/compare.ts";
import { measureMoves, userTimeIn } from "../../packages/motion/src/score/judge.ts";
import { buildTrack } from "./tracks/recipes.ts";
const dir = "/work/shared/fixtures/tracks";
const ref = buildTrack({ kind: "ui-prmd", movement: 7, subject: 1, reps: [1, 2, 3], correct: true, yaw: 0 }, dir);
for (const correct of [true, false]) {
  const user = buildTrack({ kind: "ui-prmd", movement: 7, subject: 2, reps: [4, 5, 6], correct, yaw: 0 }, dir);
  const m = matchTracks(ref, user);
  const r = judgeMatch(m, "hip_hop");
  console.log(correct ? "CORRECT" : "INCORRECT", "overall", r.overall_score, r.scores, "mirrored", m.mirrored, "tempo", m.fit.tempo);
  const ms = measureMoves(m.ref, m.cont, m.counting.moves, m.starts, m.fit.timing, m.fit.lapse, m.fit.tempo);
  for (const mv of ms) {
    const from = Math.round(mv.span.start * m.fps), to = Math.round(mv.span.end * m.fps);
    const row: string[] = [];
    for (let i = from; i < to; i++) { const rr = m.ref.frames[i]!; const t = userTimeIn(mv, i / m.fps, m.fit.tempo); const u = t === null ? undefined : m.cont.at(m.cont.clampEdge(t)); row.push(`${rr.seg[1]!.toFixed(0)}/${u ? u.seg[1]!.toFixed(0) : "-"}`); }
    console.log(`  move ${mv.span.label} ${mv.span.start.toFixed(1)}-${mv.span.end.toFixed(1)} shape ${mv.shape.toFixed(1)} userStart ${mv.userStart?.toFixed(2)} R upper arm ref/user: ${row.join(" ")}`);
  }
}
