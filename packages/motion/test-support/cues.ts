import type { ComparisonResult } from "../src/types.ts";

/** Every cue a result gives its moves, with the move's counts ("3–4: Raise your left arm …"): [] when nothing is to correct. */
export function cuesTold(r: ComparisonResult): string[] {
  return r.moves.flatMap((m) => (m.cue ? [`${m.count_label}: ${m.cue}`] : []));
}
