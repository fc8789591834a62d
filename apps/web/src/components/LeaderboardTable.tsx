import { SOCIAL_MESSAGES, type Timeframe } from "@stepsync/contracts";
import { ChevronRight, Trophy } from "lucide-react";
import { useState } from "react";
import { formatPercent, scoreTextClass } from "../lib/format";
import { Avatar } from "./Avatar";
import { ButtonLink } from "./Button";
import { Card, CardTitle } from "./Card";
import { cx } from "./cx";
import { EmptyState } from "./EmptyState";
import { ChipGroup, StyleSelect } from "./Filters";
import { RetryMessage } from "./RetryMessage";
import { Spinner } from "./Spinner";
import { useLeaderboard } from "../api/library";

export const LEADERBOARD_TIMEFRAMES: ReadonlyArray<{ id: Timeframe; label: string }> = [
  { id: "week", label: "This Week" },
  { id: "month", label: "This Month" },
  { id: "year", label: "This Year" },
  { id: "all", label: "All Time" },
];

/** The leaderboard panel: TIMEFRAMES, style filter, whole-percent scores, View Profile. */
export function LeaderboardTable({ limit, viewerId }: { limit?: number; viewerId?: number }) {
  const [timeframe, setTimeframe] = useState<Timeframe>("week");
  const [style, setStyle] = useState("");
  const query = useLeaderboard(timeframe, style);
  const rows = (query.data ?? []).slice(0, limit);
  return (
    <Card>
      <CardTitle icon={<Trophy className="size-4" aria-hidden />}>Leaderboard</CardTitle>
      <div className="mb-5 flex flex-col gap-3">
        <ChipGroup legend="Timeframe" options={LEADERBOARD_TIMEFRAMES} value={timeframe} onChange={setTimeframe} />
        <StyleSelect className="sm:w-44" value={style} onChange={setStyle} />
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-8 text-slate-400">
          <Spinner label="Loading leaderboard" />
        </div>
      ) : query.isError ? (
        <RetryMessage message={SOCIAL_MESSAGES.leaderboardFailed} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Trophy className="size-7" aria-hidden />}>
          No completed comparisons in this period yet.
        </EmptyState>
      ) : (
        <ol className="divide-y divide-white/6" aria-label="Leaderboard">
          {rows.map((row, index) => (
            <li
              key={row.user_id}
              className={cx(
                "flex items-center gap-2 py-3 sm:gap-3",
                row.user_id === viewerId && "rounded-xl bg-accent-500/8 px-2",
              )}
            >
              <span className="w-5 shrink-0 text-center text-sm font-bold text-slate-400">{index + 1}</span>
              <Avatar src={row.profile_image} name={row.username} className="size-9 shrink-0 text-xs ring-2" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-white" title={row.username}>
                  {row.username}
                </p>
                {/* Two unbreakable figures: on a narrow row the count moves below the best score, whole. */}
                <p className="flex flex-wrap gap-x-1 text-xs text-slate-400" data-testid="leaderboard-figures">
                  <span className="whitespace-nowrap">
                    Best <span className={scoreTextClass(row.best_score)}>{formatPercent(row.best_score)}</span>
                    <span aria-hidden> · </span>
                  </span>
                  <span className="whitespace-nowrap">
                    {row.comparison_count} {row.comparison_count === 1 ? "comparison" : "comparisons"}
                  </span>
                </p>
              </div>
              <span className={cx("shrink-0 text-lg font-bold tabular-nums", scoreTextClass(row.average_score))}>
                {formatPercent(row.average_score)}
              </span>
              {/* On a phone the link is its icon, so the name and figures keep the row's width. */}
              <ButtonLink
                to={`/profile/${row.user_id}`}
                variant="ghost"
                size="sm"
                className="shrink-0 px-2 sm:px-3"
                icon={<ChevronRight className="size-4 sm:hidden" aria-hidden />}
                aria-label={`View Profile of ${row.username}`}
              >
                <span className="hidden sm:inline">View Profile</span>
              </ButtonLink>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
