import { scoreBand } from "@stepsync/contracts";
import { cx } from "./cx";

/** Canvas and SVG colours of the score bands (scoreBand), for strokes drawn outside Tailwind classes. */
export const BAND_STROKE = { green: "#34d399", yellow: "#fde047", red: "#fb7185" } as const;
const BAR = { green: "bg-emerald-400", yellow: "bg-yellow-300", red: "bg-rose-400" } as const;

/** A radial gauge for a 0–100 score, coloured by band. */
export function ScoreRing({
  score,
  size = 148,
  label = "Overall score",
}: {
  score: number;
  size?: number;
  label?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const r = 42;
  const c = 2 * Math.PI * r;
  const band = scoreBand(value);
  return (
    <div className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" role="img" aria-label={`${label}: ${value}%`}>
        <circle cx="50" cy="50" r={r} fill="none" stroke="rgba(255,255,255,0.08)" strokeWidth="9" />
        <circle
          cx="50"
          cy="50"
          r={r}
          fill="none"
          stroke={BAND_STROKE[band]}
          strokeWidth="9"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - value / 100)}
          style={{ transition: "stroke-dashoffset 900ms cubic-bezier(0.21,1.02,0.73,1)" }}
        />
      </svg>
      <span className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden>
        <span className="text-4xl font-bold tabular-nums tracking-tight text-white" data-testid="overall-score">
          {value}
          <span className="text-xl text-slate-400">%</span>
        </span>
        <span className="text-[10px] font-semibold uppercase tracking-wide text-slate-400">{label}</span>
      </span>
    </div>
  );
}

/** Horizontal score bars, one per category. */
export function ScoreBars({ items }: { items: ReadonlyArray<{ label: string; score: number }> }) {
  return (
    <ul className="space-y-3">
      {items.map(({ label, score }) => {
        const value = Math.max(0, Math.min(100, Math.round(score)));
        const band = scoreBand(value);
        return (
          <li key={label}>
            <div className="mb-1 flex items-baseline justify-between text-sm">
              <span className="font-medium text-slate-200">{label}</span>
              <span
                className={cx(
                  "font-semibold tabular-nums",
                  band === "green" ? "text-emerald-300" : band === "yellow" ? "text-yellow-200" : "text-rose-300",
                )}
              >
                {value}%
              </span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-white/8" aria-hidden>
              <div
                className={cx("h-full rounded-full transition-[width] duration-700", BAR[band])}
                style={{ width: `${value}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
