import type { ActivityStat } from "@stepsync/contracts";
import { activityLabel, formatPercent, formatSignedPercent, scoreTextClass } from "../lib/format";
import { cx } from "./cx";

/** One style's sessions, average and improvement: the content of the per-style cards on Dashboard and Profile. */
export function StyleStatBody({ style, stat }: { style: string; stat: ActivityStat | undefined }) {
  const total = stat?.total ?? 0;
  const improvement = stat?.improvement ?? 0;
  return (
    <>
      <h3 className="mb-3 font-semibold text-white">{activityLabel(style)}</h3>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Sessions</dt>
          <dd className="text-lg font-bold tabular-nums text-white">{total}</dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Average</dt>
          <dd className={cx("text-lg font-bold tabular-nums", scoreTextClass(total ? stat?.average : null))}>
            {total ? formatPercent(stat?.average) : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Improve</dt>
          <dd
            className={cx(
              "text-lg font-bold tabular-nums",
              improvement > 0 ? "text-emerald-400" : improvement < 0 ? "text-rose-400" : "text-slate-300",
            )}
          >
            {total ? formatSignedPercent(stat?.improvement) : "—"}
          </dd>
        </div>
      </dl>
    </>
  );
}
