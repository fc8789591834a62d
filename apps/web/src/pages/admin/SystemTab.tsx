import { ADMIN_MESSAGES, formatRupees, paiseOf } from "@stepsync/contracts";
import { adminQueries, useAdminQuery } from "../../api/admin";
import { Card, CardTitle } from "../../components/Card";
import { StatTile } from "../../components/StatTile";
import { cx } from "../../components/cx";
import { DancerCallsCard } from "./DancerCallsCard";
import { titleWords } from "../../lib/format";
import { Loading, roleBadge } from "./list-parts";
import { num } from "./figures";
import { useFlash } from "./flash";

/** System Stats: totals across the app, the role distribution and the library's categories. */
export function SystemTab() {
  const flash = useFlash();
  const q = useAdminQuery(flash, adminQueries.system(), ADMIN_MESSAGES.loadSystemStatsFailed);
  if (q.isPending) return <Loading />;
  const s = q.data;
  return (
    <div className="space-y-6">
      {flash.view}
      {s ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatTile label="Total users" value={num(s.total_users)} />
            <StatTile label="New (30 days)" value={num(s.new_users_30_days)} />
            <StatTile label="Library videos" value={num(s.total_videos)} />
            <StatTile label="Video views" value={num(s.total_video_views)} />
            <StatTile label="Comparisons" value={num(s.total_comparisons)} />
            <StatTile label="Avg score" value={`${s.average_comparison_score.toFixed(1)}%`} />
            <StatTile label="Comments" value={num(s.total_comments)} />
            <StatTile label="Notifications" value={num(s.total_notifications)} />
            <StatTile label="Purchases" value={num(s.total_purchases)} />
            <StatTile label="Revenue (₹)" value={formatRupees(paiseOf(s.total_revenue), { fixedPaise: true })} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardTitle>Roles</CardTitle>
              <ul className="mt-3 space-y-2 text-sm">
                {Object.entries(s.role_distribution).map(([role, n]) => (
                  <li key={role} className="flex justify-between">
                    <span className={cx("rounded-full px-2 py-0.5 text-xs ring-1", roleBadge[role])}>{role}</span>
                    <span className="tabular-nums text-white">{n}</span>
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <CardTitle>Video categories</CardTitle>
              {Object.keys(s.video_categories).length === 0 ? (
                <p className="mt-3 text-sm text-slate-400">{ADMIN_MESSAGES.noVideos}</p>
              ) : (
                <ul className="mt-3 space-y-2 text-sm">
                  {Object.entries(s.video_categories).map(([c, n]) => (
                    <li key={c} className="flex justify-between">
                      <span>{titleWords(c)}</span>
                      <span className="tabular-nums text-white">{n}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </>
      ) : null}
      <DancerCallsCard />
    </div>
  );
}
