import { ADMIN_MESSAGES, type EmailSubscription } from "@stepsync/contracts";
import { Download } from "lucide-react";
import { useState } from "react";
import { saveBlob, adminQueries, useEmailStats, useAdminMutation, useAdminQuery, adminChanges } from "../../api/admin";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Page, PageHeader } from "../../components/Page";
import { SelectField } from "../../components/SelectField";
import { StatTile } from "../../components/StatTile";
import { cx } from "../../components/cx";
import { csvRow } from "../../lib/csv";
import { Table, td } from "./list-parts";
import { whenOrNA } from "./figures";
import { useFlash } from "./flash";

const featureLabel = (s: string) => s.replace(/_/g, " ");

export function subscriptionsCsv(rows: EmailSubscription[]): string {
  const header = ["Email", "Feature", "Source Page", "Status", "Created At"];
  return [
    header,
    ...rows.map((s) => [s.email, s.feature_name, s.source_page ?? "N/A", s.subscription_status, s.created_at]),
  ]
    .map(csvRow)
    .join("\r\n");
}

/** Email subscriptions admin: stats, feature filter, table, CSV export, by-feature grid. */
export default function EmailSubscriptionsPage() {
  const flash = useFlash();
  const [feature, setFeature] = useState("");
  const list = useAdminQuery(flash, adminQueries.subscriptions(feature), ADMIN_MESSAGES.fetchSubscriptionsFailed);
  // Stats failures are silently ignored: the list still works without them.
  const stats = useEmailStats();

  const features = Object.keys(stats.data?.feature_subscriptions ?? {});
  const rows = list.data?.subscriptions ?? [];

  function exportCsv() {
    const blob = new Blob([subscriptionsCsv(rows)], { type: "text/csv;charset=utf-8" });
    saveBlob(blob, `email_subscriptions_${new Date().toISOString().slice(0, 10)}.csv`);
    flash.ok(ADMIN_MESSAGES.subscriptionsExported);
  }
  const unsubscribe = useAdminMutation(adminChanges.unsubscribe(), {
    report: flash,
    success: (res) => res.message,
    failure: ADMIN_MESSAGES.unsubscribeFailed,
  });

  return (
    <Page title="Email Subscriptions">
      <PageHeader
        eyebrow="Admin"
        title="Email Subscriptions"
        description="Who asked to hear about upcoming features."
      />
      <div className="mt-6 space-y-6">
        {flash.view}
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatTile label="Total subscriptions" value={stats.data?.total ?? 0} />
          <StatTile label="Active subscriptions" value={stats.data?.active ?? 0} />
          <StatTile label="Features" value={features.length} />
          <StatTile label="Notifications sent" value={stats.data?.notification_stats.total_sent ?? 0} />
        </div>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SelectField
            label="Feature"
            value={feature}
            onChange={(e) => setFeature(e.target.value)}
            options={[
              { value: "", label: "All Features" },
              ...features.map((f) => ({ value: f, label: featureLabel(f) })),
            ]}
            className="w-56"
          />
          <Button variant="secondary" onClick={exportCsv} icon={<Download className="size-4" aria-hidden />}>
            Export CSV
          </Button>
        </div>
        {list.isPending ? (
          <p className="glass px-4 py-10 text-center text-slate-400">{ADMIN_MESSAGES.loadingSubscriptions}</p>
        ) : rows.length === 0 ? (
          <p className="glass px-4 py-10 text-center text-slate-400">{ADMIN_MESSAGES.noSubscriptions}</p>
        ) : (
          <Table head={["Email", "Feature", "Source", "Status", "Created", "Actions"]}>
            {rows.map((s) => (
              <tr key={s.id}>
                <td className={cx(td, "whitespace-nowrap font-medium text-white")}>{s.email}</td>
                <td className={cx(td, "whitespace-nowrap capitalize")}>{featureLabel(s.feature_name)}</td>
                <td className={td}>{s.source_page || "N/A"}</td>
                <td className={td}>
                  <span
                    className={cx(
                      "rounded-full px-2 py-0.5 text-xs ring-1",
                      s.subscription_status === "active"
                        ? "bg-emerald-500/15 text-emerald-200 ring-emerald-400/30"
                        : "bg-rose-500/15 text-rose-200 ring-rose-400/30",
                    )}
                  >
                    {s.subscription_status === "active" ? "active" : "inactive"}
                  </span>
                </td>
                <td className={cx(td, "whitespace-nowrap text-slate-400")}>{whenOrNA(s.created_at)}</td>
                <td className={td}>
                  {s.subscription_status === "active" ? (
                    <Button size="sm" variant="ghost" onClick={() => unsubscribe.mutate(s.id)}>
                      Unsubscribe
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
        <Card>
          <CardTitle>Subscriptions by feature</CardTitle>
          {features.length === 0 ? (
            <p className="mt-3 text-sm text-slate-400">{ADMIN_MESSAGES.noSubscriptions}</p>
          ) : (
            <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {Object.entries(stats.data?.feature_subscriptions ?? {}).map(([f, n]) => (
                <div key={f} className="rounded-2xl bg-white/4 p-4">
                  <p className="text-xs capitalize text-slate-400">{featureLabel(f)}</p>
                  <p className="mt-1 text-2xl font-bold tabular-nums text-white">{n}</p>
                </div>
              ))}
            </div>
          )}
        </Card>
      </div>
    </Page>
  );
}
