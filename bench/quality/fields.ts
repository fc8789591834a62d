/**
 * Reading the engine's result without trusting its shape: the scoring is being rewritten, so any
 * field may be missing or change type for a while. A missing value prints as "–".
 */

export const DASH = "–";

export function field(obj: unknown, path: string): unknown {
  let v: unknown = obj;
  for (const key of path.split(".")) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A finite number at `path`, else undefined. */
export function num(obj: unknown, path: string): number | undefined {
  const v = field(obj, path);
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}

export function bool(obj: unknown, path: string): boolean | undefined {
  const v = field(obj, path);
  return typeof v === "boolean" ? v : undefined;
}

export function str(obj: unknown, path: string): string | undefined {
  const v = field(obj, path);
  return typeof v === "string" ? v : undefined;
}

export interface Move {
  start_s: number;
  end_s: number;
  timing_ms: number | null;
  verdict: string | undefined;
  /** What the move was told (null: nothing). */
  cue: string | null;
}

/** The result's moves that have a usable start and end (timing_ms null when not a number). */
export function moves(result: unknown): Move[] {
  const list = field(result, "moves");
  if (!Array.isArray(list)) return [];
  return list.flatMap((m) => {
    const start = num(m, "start_s");
    const end = num(m, "end_s");
    if (start === undefined || end === undefined) return [];
    return [
      {
        start_s: start,
        end_s: end,
        timing_ms: num(m, "timing_ms") ?? null,
        verdict: str(m, "verdict"),
        cue: str(m, "cue") ?? null,
      },
    ];
  });
}

/** The names of the values that shape the score: overall, shape, timing. */
export const SCORE_PATHS = { overall: "overall_score", shape: "scores.shape", timing: "scores.timing" } as const;
export type ScoreKey = keyof typeof SCORE_PATHS;

export function score(result: unknown, key: ScoreKey): number | undefined {
  return num(result, SCORE_PATHS[key]);
}

/** A number with `digits` decimals, "–" when missing or NaN. */
export function fmt(v: number | undefined, digits = 1): string {
  return v === undefined || Number.isNaN(v) ? DASH : v.toFixed(digits);
}

export function yesNo(v: boolean | undefined): string {
  return v === undefined ? DASH : v ? "yes" : "no";
}
