import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { RehearsalSummary } from "@stepsync/contracts";
import { formatWhen, scoreTextClass } from "../lib/format";
import { cx } from "./cx";

/** One line per rehearsal: what it was scored against, when, how many dancers and the sync. */
export function RehearsalList({ rehearsals }: { rehearsals: readonly RehearsalSummary[] }) {
  return (
    <ul className="space-y-2">
      {rehearsals.map((r) => (
        <li key={r.id}>
          <Link
            to={`/rehearsals/${r.id}`}
            className="flex items-center gap-3 rounded-2xl border border-white/10 bg-white/[0.03] p-3 transition hover:border-white/25 focus-visible:outline-2 focus-visible:outline-accent-400"
            data-testid="rehearsal-link"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-white">{r.reference.title}</span>
              <span className="block truncate text-xs text-slate-400">
                {formatWhen(r.created_at)} ·{" "}
                {r.status === "completed"
                  ? `${r.dancer_count ?? 0} ${r.dancer_count === 1 ? "dancer" : "dancers"}`
                  : r.status === "failed"
                    ? "Failed"
                    : `Analysing ${Math.round(r.progress)}%`}
              </span>
            </span>
            {r.status === "completed" && r.sync_score !== null ? (
              <span className="shrink-0 text-right">
                <span className={cx("block text-lg font-bold tabular-nums", scoreTextClass(r.sync_score))}>
                  {Math.round(r.sync_score)}
                </span>
                <span className="block text-[11px] text-slate-400">sync</span>
              </span>
            ) : null}
            <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
