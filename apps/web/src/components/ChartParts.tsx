import type { ReactNode } from "react";
import { ACTIVITY_TYPES, barHeight } from "@stepsync/contracts";
import { activityLabel, formatDate } from "../lib/format";
import { cx } from "./cx";

/**
 * The pieces the score bar charts share, so the axis always agrees with the bar rule (barHeight in
 * @stepsync/contracts: score × 0.6 px, at least 10 px): a 100% bar is PLOT_HEIGHT tall and every tick sits at
 * its score's height above the baseline.
 */
export const PLOT_HEIGHT = barHeight(100);
const PX_PER_POINT = PLOT_HEIGHT / 100;
const TICKS = [100, 50, 0] as const;

/** Pixels above the baseline of a score on the axis (no 10 px floor: that floor only keeps tiny bars visible). */
export const tickOffset = (score: number) => score * PX_PER_POINT;

/** The 100/50/0 labels, each centred on its score's height. Sits in a row aligned to the plot's top. */
export function ScoreAxis() {
  return (
    <div
      aria-hidden
      data-testid="score-axis"
      className="relative w-8 shrink-0 text-right text-[10px] leading-none text-slate-500"
      style={{ height: PLOT_HEIGHT }}
    >
      {TICKS.map((tick) => (
        <span key={tick} className="absolute right-0 translate-y-1/2" style={{ bottom: `${tickOffset(tick)}px` }}>
          {tick}%
        </span>
      ))}
    </div>
  );
}

/** Faint lines at 50% and 100% behind the bars, so a bar's height reads against the axis. */
export function ScoreGrid() {
  return (
    <>
      {TICKS.filter((t) => t > 0).map((tick) => (
        <div
          key={tick}
          aria-hidden
          className="pointer-events-none absolute inset-x-0 border-t border-dashed border-white/10"
          style={{ bottom: `${tickOffset(tick)}px` }}
        />
      ))}
    </>
  );
}

/** The first and last day under the plot; one date, centred, when every bar is from the same day. */
export function DateSpan({ first, last, className }: { first?: string; last?: string; className?: string }) {
  const from = formatDate(first);
  const to = formatDate(last);
  return (
    <div
      data-testid="date-span"
      className={cx(
        "mt-2 flex gap-2 text-[11px] text-slate-500",
        from === to ? "justify-center" : "justify-between",
        className,
      )}
    >
      <span>{from}</span>
      {from === to ? null : <span>{to}</span>}
    </div>
  );
}

/** One colour per style for charts that show several styles side by side (their legend names them). */
const STYLE_SWATCHES = [
  "bg-pink-400",
  "bg-amber-300",
  "bg-sky-400",
  "bg-violet-400",
  "bg-orange-400",
  "bg-teal-300",
  "bg-lime-300",
  "bg-fuchsia-300",
] as const;

export function styleSwatch(style: string): string {
  const index = (ACTIVITY_TYPES as ReadonlyArray<string>).indexOf(style);
  return STYLE_SWATCHES[index >= 0 ? index : STYLE_SWATCHES.length - 1] ?? "bg-slate-300";
}

/** Which colour is which style. */
export function StyleLegend({ styles }: { styles: ReadonlyArray<string> }) {
  return (
    <ul aria-label="Styles" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-[11px] text-slate-300">
      {styles.map((style) => (
        <li key={style} className="flex items-center gap-1.5">
          <span aria-hidden className={cx("inline-block size-2.5 rounded-sm", styleSwatch(style))} />
          {activityLabel(style)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The plot both charts draw: the score axis, its grid lines and a row of columns scrolling sideways
 * when there are many (children: one <li> per column, bars sized with barHeight).
 */
export function ScorePlot({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2 pt-2">
      <ScoreAxis />
      <div className="min-w-0 flex-1 overflow-x-auto">
        <div className="relative w-max min-w-full border-b border-l border-white/10">
          <ScoreGrid />
          <ul className="relative flex items-end gap-1.5 pl-1" style={{ height: PLOT_HEIGHT }} aria-label={label}>
            {children}
          </ul>
        </div>
      </div>
    </div>
  );
}
