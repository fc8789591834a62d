import { AchievementGrid } from "../../components/AchievementGrid";
import { RetryMessage } from "../../components/RetryMessage";
import {
  ACTIVITY_TYPES,
  type ActivityStat,
  LIMITS,
  type Profile,
  type Purchase,
  formatRupees,
  paiseOf,
} from "@stepsync/contracts";
import { ArrowUpRight, Award, Coins, CreditCard, Flame, History, Receipt, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { cx } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { ProgressChart } from "../../components/ProgressChart";
import { Spinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { StyleStatBody } from "../../components/StyleStatBody";
import { TEXTS } from "../../constants/texts";
import {
  activityLabel,
  formatCredits,
  formatPercent,
  formatWhen,
  scoreBgClass,
  scoreTextClass,
  transactionTypeLabel,
} from "../../lib/format";
import { useComparisonsPage } from "../../api/comparisons";
import { useAchievements, useDashboardStats } from "../../api/dashboard";
import { usePurchases, useTransactions } from "../../api/credits";

function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center py-10 text-slate-400">
      <Spinner label={label} />
    </div>
  );
}

/* ---------------- Overview ---------------- */

function bestActivity(stats: Record<string, ActivityStat> | undefined): [string, ActivityStat] | null {
  if (!stats) return null;
  let best: [string, ActivityStat] | null = null;
  for (const [style, stat] of Object.entries(stats)) {
    if (!stat || stat.total <= 0) continue;
    if (!best || stat.average > best[1].average) best = [style, stat];
  }
  return best;
}

export function OverviewTab() {
  const recent = useComparisonsPage(5);
  const stats = useDashboardStats("month");
  const best = bestActivity(stats.data?.activityStats);

  return (
    <div className="space-y-6">
      {/* The four figures are the page's own tiles above the tabs: not repeated here. */}
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardTitle icon={<Award className="size-4" aria-hidden />}>Your Best Activity</CardTitle>
          {stats.isPending ? (
            <Loading label="Loading statistics" />
          ) : best ? (
            <div className="space-y-2">
              <p className="text-2xl font-bold text-white">{activityLabel(best[0])}</p>
              <p className="text-sm text-slate-400">
                Average{" "}
                <span className={cx("font-semibold", scoreTextClass(best[1].average))}>
                  {formatPercent(best[1].average)}
                </span>{" "}
                over {best[1].total} {best[1].total === 1 ? "session" : "sessions"}
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-400">{TEXTS.noBestActivity}</p>
          )}
        </Card>

        <Card>
          <CardTitle icon={<History className="size-4" aria-hidden />}>Recent Activity</CardTitle>
          {recent.isPending ? (
            <Loading label="Loading recent activity" />
          ) : recent.isError ? (
            <RetryMessage message={recent.error.message} onRetry={() => void recent.refetch()} />
          ) : recent.data.comparisons.length === 0 ? (
            <EmptyState
              icon={<History className="size-7" aria-hidden />}
              action={
                <ButtonLink to="/compare" size="sm">
                  Start a comparison
                </ButtonLink>
              }
            >
              {TEXTS.noRecentActivity}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-white/6">
              {recent.data.comparisons.slice(0, 5).map((c) => (
                <li key={c.id}>
                  <Link
                    to={`/compare?id=${c.id}`}
                    className="flex items-center gap-4 rounded-xl px-2 py-3 transition hover:bg-white/5"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-white">
                        {c.reference_title ?? activityLabel(c.activity_type)}
                      </p>
                      <p className="text-xs text-slate-400">
                        {activityLabel(c.activity_type)} · {formatWhen(c.created_at)}
                        {c.status !== "completed" ? ` · ${c.status}` : ""}
                      </p>
                    </div>
                    <span
                      className={cx(
                        "rounded-full px-2.5 py-1 text-sm font-semibold tabular-nums",
                        scoreBgClass(c.overall_score),
                      )}
                    >
                      {formatPercent(c.overall_score)}
                    </span>
                    <ArrowUpRight className="size-4 text-slate-500" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}

/* ---------------- Statistics ---------------- */

export function StatisticsTab() {
  const stats = useDashboardStats("month");
  return (
    <div className="space-y-6">
      {stats.isPending ? (
        <Loading label="Loading statistics" />
      ) : stats.isError ? (
        <RetryMessage message={stats.error.message} onRetry={() => void stats.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIVITY_TYPES.map((style) => {
            const s = stats.data.activityStats?.[style];
            const total = s?.total ?? 0;
            return (
              <Card key={style} className={cx("p-5!", total === 0 && "opacity-70")}>
                <StyleStatBody style={style} stat={s} />
              </Card>
            );
          })}
        </div>
      )}
      <ProgressChart />
    </div>
  );
}

/* ---------------- Achievements ---------------- */

export function AchievementsTab() {
  const achievements = useAchievements();
  if (achievements.isPending) return <Loading label="Loading achievements" />;
  if (achievements.isError)
    return <RetryMessage message={achievements.error.message} onRetry={() => void achievements.refetch()} />;
  return <AchievementGrid list={achievements.data.achievements ?? []} />;
}

/* ---------------- Credits ---------------- */

export function CreditsTab({ profile }: { profile: Profile }) {
  const transactions = useTransactions();
  const purchases = usePurchases();
  const list = transactions.data?.transactions ?? [];
  const earned = list.filter((t) => t.amount > 0).reduce((sum, t) => sum + t.amount, 0);
  const spent = list.filter((t) => t.amount < 0).reduce((sum, t) => sum - t.amount, 0);
  const paid = (purchases.data?.purchases ?? [])
    .filter((p) => p.payment_status === "completed")
    .reduce((sum, p) => sum + p.amount_paid, 0);
  const pending = transactions.isPending || purchases.isPending;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile label="Current Credits" value={profile.credits} icon={<Coins className="size-4" aria-hidden />} />
        <StatTile
          label="Total Earned"
          value={pending ? "…" : earned}
          icon={<TrendingUp className="size-4" aria-hidden />}
        />
        <StatTile label="Total Spent" value={pending ? "…" : spent} icon={<Flame className="size-4" aria-hidden />} />
        <StatTile
          label="Total Paid"
          value={pending ? "…" : formatRupees(paiseOf(paid))}
          icon={<CreditCard className="size-4" aria-hidden />}
        />
      </div>
      <Card className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-semibold text-white">Need more comparisons?</h3>
          <p className="text-sm text-slate-400">
            Each comparison uses {formatCredits(LIMITS.comparisonCost)}. Credits never expire.
          </p>
        </div>
        <ButtonLink to="/credits">{TEXTS.buyMoreCredits}</ButtonLink>
      </Card>
    </div>
  );
}

/* ---------------- Transactions ---------------- */

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardTitle icon={icon}>{title}</CardTitle>
      {children}
    </Card>
  );
}

const STATUS_STYLES: Record<string, string> = {
  completed: "bg-emerald-500/15 text-emerald-200",
  pending: "bg-yellow-400/15 text-yellow-100",
  failed: "bg-rose-500/15 text-rose-200",
  cancelled: "bg-white/8 text-slate-300",
};

/** A purchase's badge: its status, or for a failed one how it ended (nothing was charged). */
export function purchaseBadge(p: Pick<Purchase, "payment_status" | "ended">): { label: string; style: string } {
  const key = p.payment_status === "failed" && p.ended === "cancelled" ? "cancelled" : p.payment_status;
  return { label: key[0]!.toUpperCase() + key.slice(1), style: STATUS_STYLES[key] ?? "" };
}

export function TransactionsTab() {
  const transactions = useTransactions();
  const purchases = usePurchases();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title="Credit transactions" icon={<Receipt className="size-4" aria-hidden />}>
        {transactions.isPending ? (
          <Loading label="Loading transactions" />
        ) : transactions.isError ? (
          <RetryMessage message={transactions.error.message} onRetry={() => void transactions.refetch()} />
        ) : transactions.data.transactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">{TEXTS.noTransactions}</p>
        ) : (
          <ul className="divide-y divide-white/6">
            {transactions.data.transactions.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-white">{t.description}</p>
                  <p className="text-xs text-slate-500">
                    {transactionTypeLabel(t.transaction_type)} · {formatWhen(t.created_at)}
                  </p>
                </div>
                <span
                  className={cx("font-semibold tabular-nums", t.amount >= 0 ? "text-emerald-400" : "text-rose-400")}
                >
                  {t.amount > 0 ? "+" : ""}
                  {t.amount}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Payment history" icon={<CreditCard className="size-4" aria-hidden />}>
        {purchases.isPending ? (
          <Loading label="Loading payments" />
        ) : purchases.isError ? (
          <RetryMessage message={purchases.error.message} onRetry={() => void purchases.refetch()} />
        ) : purchases.data.purchases.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">{TEXTS.noPayments}</p>
        ) : (
          <ul className="divide-y divide-white/6">
            {purchases.data.purchases.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-white">
                    {p.credits_amount} credits ·{" "}
                    {p.payment_status === "failed" ? (
                      <span className="text-slate-400">
                        <s>{formatRupees(paiseOf(p.amount_paid))}</s> not charged
                      </span>
                    ) : (
                      formatRupees(paiseOf(p.amount_paid))
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {p.payment_method} · {formatWhen(p.created_at)}
                  </p>
                </div>
                <span className={cx("rounded-full px-2.5 py-0.5 text-xs font-semibold", purchaseBadge(p).style)}>
                  {purchaseBadge(p).label}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
