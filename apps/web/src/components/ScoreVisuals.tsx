import { scoreBand } from "@stepsync/contracts";
import { Info } from "lucide-react";
import { useId } from "react";
import { BAND_FILL, BAND_STROKE, BAND_TEXT } from "../lib/score-colours";
import { cx } from "./cx";

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

/**
 * Horizontal score bars, one per category; a category with `help` (how it is measured) gets an ⓘ
 * button whose tooltip shows on hover, and on focus (keyboard, a tap on a phone).
 */
export function ScoreBars({ items }: { items: ReadonlyArray<{ label: string; score: number; help?: string | null }> }) {
  return (
    <ul className="space-y-3">
      {items.map(({ label, score, help }) => {
        const value = Math.max(0, Math.min(100, Math.round(score)));
        const band = scoreBand(value);
        return (
          // The row places an ⓘ's tooltip: the tooltip spans at most the row, so on a phone it cannot
          // stick out past the card (anchored at the ⓘ it reached 7 px past a 390 px screen).
          <li key={label} className="relative">
            <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
              <span className="inline-flex min-w-0 items-center gap-1 font-medium text-slate-200">
                {label}
                {help ? <HowMeasured label={label} text={help} /> : null}
              </span>
              <span className={cx("font-semibold tabular-nums", BAND_TEXT[band])}>{value}%</span>
            </div>
            <div className="h-2.5 overflow-hidden rounded-full bg-white/8" aria-hidden>
              <div
                className={cx("h-full rounded-full transition-[width] duration-700", BAND_FILL[band])}
                style={{ width: `${value}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The ⓘ beside a category: a button (a tab stop) described by its tooltip, which hover or focus shows. */
function HowMeasured({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="group inline-flex">
      <button
        type="button"
        aria-label={`How ${label} is measured`}
        aria-describedby={id}
        className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 transition hover:text-accent-300 focus-visible:text-accent-300 focus-visible:outline-2 focus-visible:outline-accent-400"
      >
        <Info className="size-3.5" aria-hidden />
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-0 z-20 mb-1 w-64 max-w-full rounded-lg border border-white/12 bg-night-900/95 px-2.5 py-1.5 text-xs font-normal leading-snug text-slate-200 opacity-0 shadow-xl transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
