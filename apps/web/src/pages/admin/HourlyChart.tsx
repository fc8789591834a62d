import type { HourlyTraffic } from "@stepsync/contracts";
import { BarChart3 } from "lucide-react";
import { EmptyState } from "../../components/EmptyState";

const HOUR = 60 * 60 * 1000;

/** Requests and errors per hour over the last 24 hours (server buckets, UTC hours shown in local time). */
export function HourlyChart({ hourly, now = Date.now() }: { hourly: Record<string, HourlyTraffic>; now?: number }) {
  const entries = Object.entries(hourly);
  if (entries.length === 0 || entries.every(([, h]) => h.requests === 0)) {
    return (
      <EmptyState icon={<BarChart3 className="size-6" aria-hidden />} title="No traffic yet">
        Requests will appear here hour by hour as people use the app.
      </EmptyState>
    );
  }
  const byHour = new Map(entries.map(([k, v]) => [new Date(k).getTime(), v]));
  const last = Math.floor(now / HOUR) * HOUR;
  const hours = Array.from({ length: 24 }, (_, i) => last - (23 - i) * HOUR);
  const max = Math.max(1, ...hours.map((h) => byHour.get(h)?.requests ?? 0));
  return (
    <figure aria-label="Requests and errors per hour, last 24 hours">
      <ul className="flex h-48 items-end gap-[3px] sm:gap-1.5">
        {hours.map((h) => {
          const b = byHour.get(h);
          const req = b?.requests ?? 0;
          const err = b?.errors ?? 0;
          const label = new Date(h).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
          return (
            <li
              key={h}
              title={`${label}: ${req} requests, ${err} errors`}
              aria-label={`${label}: ${req} requests, ${err} errors`}
              className="relative flex h-full min-w-0 flex-1 items-end"
            >
              <div
                className="w-full rounded-t bg-gradient-to-t from-accent-600/70 to-violet-400/80"
                style={{ height: `${(req / max) * 100}%`, minHeight: req > 0 ? 2 : 0 }}
              />
              {err > 0 ? (
                <div
                  className="absolute bottom-0 left-1/4 w-1/2 rounded-t bg-rose-400"
                  style={{ height: `${(err / max) * 100}%`, minHeight: 2 }}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex justify-between text-[11px] text-slate-500">
        <span>{new Date(hours[0]!).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</span>
        <span>{new Date(hours[12]!).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}</span>
        <span>now</span>
      </div>
      <figcaption className="mt-3 flex gap-4 text-xs text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-violet-400" aria-hidden /> Requests
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-rose-400" aria-hidden /> Errors (5xx)
        </span>
        <span>peak {max} / hour</span>
      </figcaption>
    </figure>
  );
}
