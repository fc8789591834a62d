/**
 * What a dancer would notice as a contradiction in a result's timing: a move shown "228 ms late"
 * whose cue says "about 0.3 s early", a section or the summary saying early where its moves are
 * late (or a size none of them has), a move a second off called Perfect. Judged from the result
 * alone, as the screen shows it, not from the engine's own rule.
 */
import type { ComparisonResult, MoveResult } from "../src/types.ts";

const SAID = /You are about (\d+\.\d) s (late|early)/g;
/** As words.ts rounds seconds for a dancer: to the nearest tenth, at least 0.1. */
const said = (ms: number) => Math.max(0.1, Math.round(Math.abs(ms) / 100) / 10);
/** A move this far off (ms) cannot be Perfect or Great, whatever its shape. */
const FAR_OFF_MS = 500;

function sentences(text: string): Array<{ seconds: number; sign: 1 | -1 }> {
  return [...text.matchAll(SAID)].map(([, s, dir]) => ({ seconds: Number(s), sign: dir === "late" ? 1 : -1 }));
}

/** A timing sentence over some moves must have their direction and a size within theirs. */
function sentenceAgrees(s: { seconds: number; sign: 1 | -1 }, moves: MoveResult[]): boolean {
  const sizes = moves
    .filter((m) => m.timing_ms !== null && Math.sign(m.timing_ms) === s.sign)
    .map((m) => said(m.timing_ms as number));
  return sizes.length > 0 && s.seconds >= Math.min(...sizes) - 1e-9 && s.seconds <= Math.max(...sizes) + 1e-9;
}

/** Every contradiction found, in words (empty: the result agrees with itself). */
export function timingDisagreements(r: ComparisonResult): string[] {
  const out: string[] = [];
  for (const m of r.moves) {
    for (const s of sentences(m.cue ?? ""))
      if (m.timing_ms === null || Math.sign(m.timing_ms) !== s.sign || said(m.timing_ms) !== s.seconds)
        out.push(`move ${m.index}: timing_ms ${m.timing_ms}, cue "${m.cue}"`);
    if (m.timing_ms !== null && Math.abs(m.timing_ms) >= FAR_OFF_MS && ["perfect", "great"].includes(m.verdict))
      out.push(`move ${m.index}: timing_ms ${m.timing_ms}, verdict ${m.verdict}`);
  }
  for (const sec of r.sections) {
    const own = sec.moves.map((k) => r.moves[k] as MoveResult);
    for (const s of sentences(sec.overall_feedback))
      if (!sentenceAgrees(s, own))
        out.push(
          `section "${sec.title}": "${sec.overall_feedback}" over timing_ms ${own.map((m) => m.timing_ms).join(", ")}`,
        );
  }
  for (const s of sentences(r.overallFeedback))
    if (!sentenceAgrees(s, r.moves)) out.push(`summary: "${r.overallFeedback}"`);
  return out;
}
