// A move and its verdict in words and colours, wherever the app lists moves: the result, the drill,
// the live summary while recording.
import { type MoveResult, VERDICTS, type Verdict } from "@stepsync/contracts";

/**
 * Each verdict's word and colours, defined once: the chip in the move list and the solid block on
 * the timeline. The word is always there (shown or in the name): colour is never the only signal.
 */
export const VERDICT_LOOK: Record<Verdict, { label: string; chip: string; block: string }> = {
  perfect: {
    label: "Perfect",
    chip: "bg-emerald-400/15 text-emerald-200 ring-emerald-300/40",
    block: "bg-emerald-400",
  },
  great: { label: "Great", chip: "bg-lime-400/15 text-lime-200 ring-lime-300/35", block: "bg-lime-400" },
  good: { label: "Good", chip: "bg-sky-400/15 text-sky-200 ring-sky-300/35", block: "bg-sky-400" },
  ok: { label: "OK", chip: "bg-amber-400/15 text-amber-200 ring-amber-300/35", block: "bg-amber-400" },
  miss: { label: "Miss", chip: "bg-rose-500/15 text-rose-200 ring-rose-300/40", block: "bg-rose-500" },
};

/**
 * A move the dancer was hidden in, behind another dancer (a group rehearsal: MoveResult.hidden):
 * nobody could see it, so it has no verdict, only this muted look and these words.
 */
export const NOT_SEEN_LOOK = {
  label: "Not seen",
  // Dashed and grey: no verdict's colour, as the timeline draws what was not danced.
  chip: "border border-dashed border-slate-400/60 bg-white/[0.03] text-slate-300 ring-transparent",
  block: "border border-dashed border-slate-300/60 bg-slate-400/15",
} as const;
/** Why, beside the "Not seen" chip. */
export const NOT_SEEN_WHY = "Hidden behind another dancer";
/** The move's state in words, where its verdict would be said. */
export const NOT_SEEN_TEXT = "Not seen — hidden behind another dancer";

/** Whether a move was not seen (hidden behind another dancer); results stored before the flag: seen. */
export function notSeen(move: Pick<MoveResult, "hidden">): boolean {
  return move.hidden === true;
}

/** A move's word and colours: its verdict's, or "Not seen" for a move the dancer was hidden in. */
export function moveLook(move: Pick<MoveResult, "verdict" | "hidden">): { label: string; chip: string; block: string } {
  return notSeen(move) ? NOT_SEEN_LOOK : VERDICT_LOOK[move.verdict];
}

/** How a move went in words: "Good", "Good, 120 ms late", or "Not seen — hidden behind another dancer". */
export function moveOutcomeText(move: Pick<MoveResult, "verdict" | "hidden" | "timing_ms">, withTiming = true): string {
  if (notSeen(move)) return NOT_SEEN_TEXT;
  const timing = withTiming ? timingText(move.timing_ms) : null;
  return `${VERDICT_LOOK[move.verdict].label}${timing ? `, ${timing}` : ""}`;
}

/** Under this much either way a move counts as on time: closer than anyone can see or hear. */
export const ON_TIME_MS = 40;

/** Which way a move was off the beat: null when on time or unknown. */
export function timingDirection(ms: number | null | undefined): "early" | "late" | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || Math.abs(ms) < ON_TIME_MS) return null;
  return ms > 0 ? "late" : "early";
}

/** "120 ms late", "80 ms early", "1.2 s late", "on time"; null when the timing is unknown. */
export function timingText(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  const off = Math.abs(ms);
  if (off < ON_TIME_MS) return "on time";
  const amount = off >= 1000 ? `${(off / 1000).toFixed(1)} s` : `${Math.round(off)} ms`;
  return `${amount} ${ms > 0 ? "late" : "early"}`;
}

/**
 * "12 moves: 5 Perfect · 4 Great · 2 Good · 1 Miss" (best first, verdicts nobody got left out), moves
 * not seen (hidden behind another dancer) counted last as "Not seen", never as a verdict; null without moves.
 */
export function verdictSummary(moves: ReadonlyArray<Pick<MoveResult, "verdict" | "hidden">>): string | null {
  if (!moves.length) return null;
  const seen = moves.filter((m) => !notSeen(m));
  const counts = VERDICTS.map((v) => [VERDICT_LOOK[v].label, seen.filter((m) => m.verdict === v).length] as const);
  const hidden = moves.length - seen.length;
  const parts = [...counts, [NOT_SEEN_LOOK.label, hidden] as const]
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${n} ${label}`)
    .join(" · ");
  return `${moves.length} ${moves.length === 1 ? "move" : "moves"}: ${parts}`;
}

/** A move as a dancer names it: "counts 5–6", "count 5", or the engine's "move 3" when nothing was counted. */
export function moveName(move: Pick<MoveResult, "count_label">): string {
  const label = move.count_label;
  if (!/^\d/.test(label)) return label;
  return /\d\D+\d/.test(label) ? `counts ${label}` : `count ${label}`;
}
