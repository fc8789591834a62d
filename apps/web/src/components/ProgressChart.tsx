import {
  barHeight,
  type ProgressChartPoint,
  scoreBand,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Timeframe,
} from "@stepsync/contracts";
import { BAND_GRADIENT } from "../lib/score-colours";
import { ChartColumn } from "lucide-react";
import { useState } from "react";
import { TEXTS } from "../constants/texts";
import { activityLabel, formatDate, scoreTextClass } from "../lib/format";
import { Card, CardTitle } from "./Card";
import { DateSpan, ScorePlot, StyleLegend, styleSwatch } from "./ChartParts";
import { cx } from "./cx";
import { EmptyState } from "./EmptyState";
import { ChipGroup, StyleSelect } from "./Filters";
import { RetryMessage } from "./RetryMessage";
import { Spinner } from "./Spinner";
import { useProgressChart } from "../api/dashboard";

/** Bar height equals score × 0.6 px with a minimum of 10 px: barHeight in @stepsync/contracts. */
export { barHeight };

/** The x unit of the chart: day for week, week for month, month otherwise. */
export function xUnit(timeframe: Timeframe): "day" | "week" | "month" {
  return timeframe === "week" ? "day" : timeframe === "month" ? "week" : "month";
}

function barColour(score: number): string {
  return BAND_GRADIENT[scoreBand(score)];
}

const TIMEFRAME_OPTIONS = TIMEFRAMES.map((id) => ({ id, label: TIMEFRAME_LABELS[id] }));
type Scope = "user" | "community";
const SCOPE_OPTIONS: ReadonlyArray<{ id: Scope; label: string }> = [
  { id: "user", label: "You" },
  { id: "community", label: "Everyone" },
];

export function ProgressChart({
  title = "Your progress",
  initialTimeframe = "month",
  styleFilter = false,
  scopeChoice = false,
}: {
  title?: string;
  initialTimeframe?: Timeframe;
  /** Offer a style filter inside the card (default: all styles). */
  styleFilter?: boolean;
  /** Offer to switch between the viewer's own scores and everyone's (the community screen). */
  scopeChoice?: boolean;
}) {
  const [scope, setScope] = useState<Scope>("user");
  const [timeframe, setTimeframe] = useState<Timeframe>(initialTimeframe);
  const [style, setStyle] = useState("");
  const activityType = style || undefined;
  const query = useProgressChart(scope === "community" ? "community" : "own", timeframe, activityType);
  const points = query.data ?? [];

  return (
    <Card>
      <CardTitle
        icon={<ChartColumn className="size-4" aria-hidden />}
        aside={
          scopeChoice ? (
            <ChipGroup legend="Whose scores" look="switch" options={SCOPE_OPTIONS} value={scope} onChange={setScope} />
          ) : undefined
        }
      >
        {title}
      </CardTitle>
      <div className="mb-5 flex flex-col gap-3">
        <ChipGroup legend="Timeframe" options={TIMEFRAME_OPTIONS} value={timeframe} onChange={setTimeframe} />
        {styleFilter ? <StyleSelect className="sm:w-44" value={style} onChange={setStyle} /> : null}
      </div>
      {query.isPending ? (
        <div className="flex h-[84px] items-center justify-center text-slate-400">
          <Spinner label="Loading progress" />
        </div>
      ) : query.isError ? (
        <RetryMessage message={TEXTS.progressFetchFailed} onRetry={() => void query.refetch()} />
      ) : points.length === 0 ? (
        <EmptyState icon={<ChartColumn className="size-7" aria-hidden />}>{TEXTS.noProgressData}</EmptyState>
      ) : (
        <ProgressBars points={points} timeframe={timeframe} />
      )}
    </Card>
  );
}

/** The chart's periods in order, each with the bars of the styles danced in it. */
export function byPeriod(points: ReadonlyArray<ProgressChartPoint>) {
  const periods = new Map<string, ProgressChartPoint[]>();
  for (const p of points) periods.set(p.date, [...(periods.get(p.date) ?? []), p]);
  return [...periods.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, bars]) => ({ date, bars }));
}

/**
 * One column per period. With one style the bars take the score colours; with several, a period holds
 * one bar per style side by side, coloured by style and named by the legend.
 */
function ProgressBars({ points, timeframe }: { points: ReadonlyArray<ProgressChartPoint>; timeframe: Timeframe }) {
  const periods = byPeriod(points);
  const styles = [...new Set(points.map((p) => p.activity_type))];
  const several = styles.length > 1;
  return (
    <div>
      <ScorePlot label="Average score per period">
        {periods.map(({ date, bars }) => (
          <li key={date} className="flex min-w-5 flex-1 items-end justify-center gap-px">
            {bars.map((p) => (
              <div
                key={p.activity_type}
                data-testid="progress-bar"
                title={`${activityLabel(p.activity_type)} · ${formatDate(p.date)} · ${Math.round(p.avg_score)}%`}
                className={cx(
                  "w-full max-w-8 rounded-t-md transition hover:brightness-125",
                  several ? styleSwatch(p.activity_type) : cx("bg-gradient-to-t", barColour(p.avg_score)),
                )}
                style={{ height: `${barHeight(p.avg_score)}px` }}
              >
                <span className="sr-only">
                  {formatDate(p.date)}, {activityLabel(p.activity_type)}:{" "}
                  <span className={scoreTextClass(p.avg_score)}>{Math.round(p.avg_score)}%</span>
                </span>
              </div>
            ))}
          </li>
        ))}
      </ScorePlot>
      <DateSpan className="pl-10" first={periods[0]?.date} last={periods[periods.length - 1]?.date} />
      <p className="mt-1 pl-10 text-[11px] text-slate-500">Average score per {xUnit(timeframe)}</p>
      {several ? <StyleLegend styles={styles} /> : null}
    </div>
  );
}
