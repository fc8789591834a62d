import { ADMIN_MESSAGES, LIMITS, type TrafficStats } from "@stepsync/contracts";
import { adminQueries, useAdminQuery } from "../../api/admin";
import { Card, CardTitle } from "../../components/Card";
import { StatTile } from "../../components/StatTile";
import { cx } from "../../components/cx";
import { HourlyChart } from "./HourlyChart";
import { whenOrNA, num, pct } from "./figures";
import { Loading } from "./list-parts";
import { useFlash } from "./flash";

const ZERO_TRAFFIC: TrafficStats = {
  application_stats: {
    overview: { total_requests: 0, total_errors: 0, error_rate_percent: 0, active_users: 0, avg_response_time_ms: 0 },
    hourly_traffic: {},
  },
  database_stats: { total_users: 0, total_videos: 0, total_comparisons: 0, database_size_mb: null },
  system_stats: { cpu_percent: 0, memory_percent: 0, disk_percent: null },
};

/** Traffic Metrics: requests, errors and response times, the realtime figures every 30 s, database and system. */
export function TrafficTab() {
  const flash = useFlash();
  const traffic = useAdminQuery(flash, adminQueries.traffic(), ADMIN_MESSAGES.fetchTrafficFailed);
  const realtime = useAdminQuery(
    flash,
    { ...adminQueries.realtime(), refetchInterval: LIMITS.realtimeRefreshMs },
    ADMIN_MESSAGES.fetchRealtimeFailed,
  );
  if (traffic.isPending) return <Loading />;
  const t = traffic.data ?? ZERO_TRAFFIC;
  const o = t.application_stats.overview;
  const rt = realtime.data;
  return (
    <div className="space-y-6">
      {flash.view}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatTile label="Total requests" value={num(o.total_requests)} />
        <StatTile label="Total errors" value={num(o.total_errors)} />
        <StatTile label="Error rate" value={pct(o.error_rate_percent)} />
        <StatTile label="Active users" value={num(o.active_users)} />
        <StatTile label="Avg response" value={`${o.avg_response_time_ms.toFixed(1)} ms`} />
      </div>
      <Card>
        <CardTitle>Hourly traffic (last 24 hours)</CardTitle>
        <div className="mt-4">
          <HourlyChart hourly={t.application_stats.hourly_traffic} />
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardTitle aside={<span className="text-xs text-slate-400">every 30 s</span>}>Realtime</CardTitle>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-400">Active users</dt>
            <dd className="text-right tabular-nums text-white">{num(rt?.active_users ?? 0)}</dd>
            <dt className="text-slate-400">Requests</dt>
            <dd className="text-right tabular-nums text-white">{num(rt?.total_requests ?? 0)}</dd>
            <dt className="text-slate-400">Avg response</dt>
            <dd className="text-right tabular-nums text-white">{(rt?.avg_response_time_ms ?? 0).toFixed(1)} ms</dd>
            <dt className="text-slate-400">Error rate</dt>
            <dd className="text-right tabular-nums text-white">{pct(rt?.error_rate_percent ?? 0)}</dd>
          </dl>
          {rt ? <p className="mt-3 text-xs text-slate-500">Updated {whenOrNA(rt.timestamp)}</p> : null}
        </Card>
        <Card>
          <CardTitle>Database</CardTitle>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-400">Users</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_users)}</dd>
            <dt className="text-slate-400">Library videos</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_videos)}</dd>
            <dt className="text-slate-400">Comparisons</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_comparisons)}</dd>
            <dt className="text-slate-400">Size</dt>
            <dd className="text-right tabular-nums text-white">
              {t.database_stats.database_size_mb == null ? "N/A" : `${t.database_stats.database_size_mb} MB`}
            </dd>
          </dl>
        </Card>
        <Card>
          <CardTitle>System</CardTitle>
          <div className="mt-4 space-y-3">
            {(
              [
                ["CPU", t.system_stats.cpu_percent],
                ["Memory", t.system_stats.memory_percent],
                ["Disk", t.system_stats.disk_percent],
              ] as const
            ).map(([name, value]) => (
              <div key={name}>
                <div className="mb-1 flex justify-between text-sm">
                  <span className="text-slate-400">{name}</span>
                  <span className="tabular-nums text-white">{pct(value)}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-white/8">
                  <div
                    className={cx("h-full rounded-full", (value ?? 0) > 85 ? "bg-rose-400" : "bg-accent-400")}
                    style={{ width: `${Math.min(100, value ?? 0)}%` }}
                  />
                </div>
              </div>
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}
