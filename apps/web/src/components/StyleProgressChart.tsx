import { barHeight, scoreBand } from "@stepsync/contracts";
import { BAND_FILL } from "../lib/score-colours";
import { ChartColumn, RefreshCw } from "lucide-react";
import { useState } from "react";
import { activityLabel, formatDate } from "../lib/format";
import { Button } from "./Button";
import { Card, CardTitle } from "./Card";
import { DateSpan, ScorePlot } from "./ChartParts";
import { cx } from "./cx";
import { ChipGroup } from "./Filters";
import { useStyleProgress } from "../api/dashboard";

/** The six styles of the dashboard's style selector, default contemporary. */
export const CHART_STYLES = ["ballet", "hip_hop", "contemporary", "jazz", "latin", "ballroom"] as const;
export const DEFAULT_CHART_STYLE = "contemporary";

/** Score colour of a bar, by its band (scoreBand; colours in score-colours.ts). */
export function barColourClass(score: number): string {
  return BAND_FILL[scoreBand(score)];
}

const STYLE_OPTIONS = CHART_STYLES.map((id) => ({ id, label: activityLabel(id) }));

/**
 * Bars of one style's latest scores: height = score × 0.6 px, at least 10 px. `practised` are the
 * styles the user has sessions in, most sessions first: the chart opens on the first of them (not on
 * a style with one session while another has fourteen), and an empty style offers them instead of a
 * dead end.
 */
export function StyleProgressChart({ practised = [] }: { practised?: ReadonlyArray<string> }) {
  const [style, setStyle] = useState<string>(
    () => practised.find((s) => (CHART_STYLES as ReadonlyArray<string>).includes(s)) ?? DEFAULT_CHART_STYLE,
  );
  const query = useStyleProgress(style);
  const points = query.data?.progress ?? [];
  const others = CHART_STYLES.filter((s) => s !== style && practised.includes(s));

  return (
    <Card>
      <CardTitle icon={<ChartColumn className="size-4" aria-hidden />}>Progress by style</CardTitle>
      <div className="mb-5">
        <ChipGroup legend="Dance style" options={STYLE_OPTIONS} value={style} onChange={setStyle} />
      </div>
      {query.isPending ? (
        <div className="h-[84px] animate-pulse rounded-xl bg-white/4" role="status" aria-label="Loading progress" />
      ) : query.isError ? (
        <div className="flex items-center gap-3 py-4 text-sm text-rose-300">
          {query.error.message}
          <Button
            variant="ghost"
            size="sm"
            icon={<RefreshCw className="size-4" aria-hidden />}
            onClick={() => void query.refetch()}
          >
            Retry
          </Button>
        </div>
      ) : points.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-sm text-slate-400">
          <p>
            No {activityLabel(style)} sessions yet. Compare a {activityLabel(style)} video to see your bars grow.
          </p>
          {others.length > 0 ? (
            <div className="flex flex-wrap justify-center gap-2">
              {others.map((s) => (
                <Button key={s} variant="secondary" size="sm" onClick={() => setStyle(s)}>
                  Show {activityLabel(s)}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      ) : (
        <div>
          <ScorePlot label={`${activityLabel(style)} scores`}>
            {points.map((p) => (
              <li
                key={p.id}
                data-testid="style-bar"
                className={cx("relative w-4 min-w-3 shrink-0 rounded-t", barColourClass(p.score))}
                style={{ height: `${barHeight(p.score)}px` }}
                title={`${formatDate(p.day)} · ${Math.round(p.score)}%`}
              >
                <span className="sr-only">
                  {formatDate(p.day)}: {Math.round(p.score)}%
                </span>
              </li>
            ))}
          </ScorePlot>
          <DateSpan className="pl-10" first={points[0]?.day} last={points[points.length - 1]?.day} />
        </div>
      )}
    </Card>
  );
}
