import { AchievementGrid } from "../../components/AchievementGrid";
import {
  ACTIVITY_TYPES,
  type ActivityStat,
  type ComparisonSummary,
  LIMITS,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Timeframe,
  formatRupees,
  paiseOf,
} from "@stepsync/contracts";
import {
  Activity,
  ArrowUpRight,
  Award,
  ChartColumn,
  Coins,
  History,
  LayoutGrid,
  Library,
  Medal,
  RefreshCw,
  ScanFace,
  ShoppingCart,
  Trophy,
  UserRound,
  Users,
  Video,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { displayName, useAuth } from "../../auth/context";
import { Button, ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { cx, chipColours } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { LeaderboardTable } from "../../components/LeaderboardTable";
import { Page } from "../../components/Page";
import { ProgressChart } from "../../components/ProgressChart";
import { PageSpinner, Spinner } from "../../components/Spinner";
import { StyleProgressChart } from "../../components/StyleProgressChart";
import { StyleStatBody } from "../../components/StyleStatBody";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { TEXTS } from "../../constants/texts";
import { activityLabel, formatCredits, formatWhen, formatPercent, scoreBgClass } from "../../lib/format";
import { useComparisonsPage } from "../../api/comparisons";
import { useAchievements, useDashboardStats, useRecentComparisons } from "../../api/dashboard";
import { useBundles } from "../../api/credits";

const TABS = [
  { id: "overview", label: "Overview", icon: <LayoutGrid className="size-4" aria-hidden /> },
  { id: "activity", label: "Activity", icon: <Activity className="size-4" aria-hidden /> },
  { id: "comparisons", label: "Comparisons", icon: <Video className="size-4" aria-hidden /> },
  { id: "achievements", label: "Achievements", icon: <Trophy className="size-4" aria-hidden /> },
  { id: "credits", label: "Credits", icon: <Coins className="size-4" aria-hidden /> },
  { id: "social", label: "Social", icon: <Users className="size-4" aria-hidden /> },
] as const;
type TabId = (typeof TABS)[number]["id"];

export const NO_COMPARISONS = "No comparisons yet. Start by comparing your first video!";

/** The cheapest active bundle's price for the 'Buy More' label, or null before bundles load. */
export function cheapestPrice(bundles: { price: number }[] | undefined): number | null {
  if (!bundles || bundles.length === 0) return null;
  return Math.min(...bundles.map((b) => b.price));
}

/** The styles with sessions, most sessions first (ties in the stats' own order). */
export function mostPractisedFirst(stats: Record<string, ActivityStat>): string[] {
  const total = (s: string) => stats[s]?.total ?? 0;
  return Object.keys(stats)
    .filter((s) => total(s) > 0)
    .sort((a, b) => total(b) - total(a));
}

export default function DashboardPage() {
  const { user } = useAuth();
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>("overview");
  const [timeframe, setTimeframe] = useState<Timeframe>("week");

  // A timeframe change reloads the stats; the old figures stay visible meanwhile.
  const stats = useDashboardStats(timeframe, { keepPrevious: true });
  const recent = useRecentComparisons(3);
  const achievements = useAchievements();
  const bundles = useBundles();

  const name = displayName(user, TEXTS.displayNameFallback) || TEXTS.displayNameFallback;
  const failed = [stats, recent, achievements].find((q) => q.isError);

  const price = cheapestPrice(bundles.data?.bundles);
  const credits = stats.data?.credits;
  const ready = stats.data && recent.data && achievements.data;
  const retry = () => {
    void stats.refetch();
    void recent.refetch();
    void achievements.refetch();
  };

  return (
    <Page title="Dashboard">
      <div className="mb-8 flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="space-y-2">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">Dashboard</p>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {isNewAccount(user?.created_at) ? "Welcome" : "Welcome back"}, {name}!
          </h1>
          <p className="text-slate-300">Track your progress, earn achievements and keep practising.</p>
        </div>
        <div className="glass flex items-center gap-4 p-4">
          <span className="flex size-11 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-300">
            <Coins className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">Credits</p>
            <p className="text-2xl font-bold tabular-nums text-white" data-testid="credit-balance">
              {credits ?? "…"}
            </p>
          </div>
          <ButtonLink to="/credits" size="sm" icon={<ShoppingCart className="size-4" aria-hidden />}>
            {price === null ? "Buy More" : `Buy More · ${formatRupees(paiseOf(price))}`}
          </ButtonLink>
        </div>
      </div>

      <div className="mb-8 flex flex-wrap gap-3">
        <ButtonLink to="/compare" icon={<ScanFace className="size-4" aria-hidden />}>
          New Comparison
        </ButtonLink>
        <ButtonLink to="/library" variant="secondary" icon={<Library className="size-4" aria-hidden />}>
          Browse Library
        </ButtonLink>
        <ButtonLink to="/comparison-history" variant="secondary" icon={<History className="size-4" aria-hidden />}>
          History
        </ButtonLink>
        <ButtonLink to="/rehearsals/new" variant="secondary" icon={<Users className="size-4" aria-hidden />}>
          Analyse a group rehearsal
        </ButtonLink>
      </div>

      {failed?.error ? (
        <Card className="mx-auto max-w-xl text-center">
          <p role="alert" className="mb-4 text-rose-200">
            Error loading dashboard: {failed.error.message}
          </p>
          <Button icon={<RefreshCw className="size-4" aria-hidden />} onClick={retry}>
            Retry
          </Button>
        </Card>
      ) : !ready || !stats.data || !recent.data || !achievements.data ? (
        <div className="flex justify-center py-16 text-slate-400">
          <Spinner label="Loading your dashboard" />
        </div>
      ) : (
        <>
          <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Dashboard sections" />
          <TabPanel id={tab} ids={ids} key={tab} className="mt-6">
            {tab === "overview" ? (
              <div className="space-y-6">
                <StyleCards stats={stats.data.activityStats} />
                <StyleProgressChart practised={mostPractisedFirst(stats.data.activityStats)} />
                <Card>
                  <CardTitle icon={<History className="size-4" aria-hidden />}>Recent comparisons</CardTitle>
                  {recent.data.comparisons.length === 0 ? (
                    <EmptyState
                      icon={<Video className="size-7" aria-hidden />}
                      action={
                        <ButtonLink to="/compare" size="sm">
                          New Comparison
                        </ButtonLink>
                      }
                    >
                      {NO_COMPARISONS}
                    </EmptyState>
                  ) : (
                    <ComparisonGrid comparisons={recent.data.comparisons} />
                  )}
                </Card>
              </div>
            ) : null}
            {tab === "activity" ? (
              <div className="space-y-6">
                <fieldset className="flex flex-wrap gap-2">
                  <legend className="sr-only">Timeframe</legend>
                  {TIMEFRAMES.map((tf) => (
                    <button
                      key={tf}
                      type="button"
                      aria-pressed={tf === timeframe}
                      onClick={() => setTimeframe(tf)}
                      className={cx(
                        "rounded-full px-4 py-2 text-sm font-medium transition",
                        chipColours(tf === timeframe),
                      )}
                    >
                      {TIMEFRAME_LABELS[tf]}
                    </button>
                  ))}
                </fieldset>
                <StyleCards stats={stats.data.activityStats} all />
              </div>
            ) : null}
            {tab === "comparisons" ? <ComparisonsTab /> : null}
            {tab === "achievements" ? <AchievementGrid list={achievements.data.achievements} /> : null}
            {tab === "credits" ? <CreditsPanel credits={stats.data.credits} price={price} /> : null}
            {tab === "social" ? <SocialPanel viewerId={user?.id} /> : null}
          </TabPanel>
        </>
      )}

      <nav
        aria-label="Help and policies"
        className="mt-12 flex flex-wrap gap-4 border-t border-white/8 pt-6 text-sm text-slate-400"
      >
        <Link to="/contact" className="hover:text-white">
          Contact
        </Link>
        <Link to="/refund" className="hover:text-white">
          Refund
        </Link>
        <Link to="/shipping" className="hover:text-white">
          Shipping
        </Link>
      </nav>
    </Page>
  );
}

function StyleCards({ stats, all = false }: { stats: Record<string, ActivityStat>; all?: boolean }) {
  const styles = all ? [...ACTIVITY_TYPES] : ACTIVITY_TYPES.filter((s) => (stats[s]?.total ?? 0) > 0);
  if (styles.length === 0) {
    return (
      <p className="glass p-5 text-sm text-slate-400">
        No sessions in this period yet. Your per-style stats appear after your first completed comparison.
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {styles.map((style) => {
        const s = stats[style];
        const total = s?.total ?? 0;
        return (
          <li key={style} className={cx("glass p-5", total === 0 && "opacity-60")}>
            <StyleStatBody style={style} stat={s} />
          </li>
        );
      })}
    </ul>
  );
}

function ComparisonGrid({ comparisons }: { comparisons: ComparisonSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {comparisons.map((c) => (
        <li key={c.id}>
          <Link to={`/compare?id=${c.id}`} className="glass flex h-full flex-col gap-3 p-5 transition hover:bg-white/8">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold text-white">
                  {c.reference_title ?? activityLabel(c.activity_type)}
                </p>
                <p className="text-xs text-slate-400">
                  {activityLabel(c.activity_type)} · {formatWhen(c.created_at)}
                </p>
              </div>
              <ArrowUpRight className="size-4 shrink-0 text-slate-500" aria-hidden />
            </div>
            <span
              className={cx(
                "self-start rounded-full px-2.5 py-1 text-sm font-semibold tabular-nums",
                scoreBgClass(c.overall_score),
              )}
            >
              {c.status === "completed" ? formatPercent(c.overall_score) : c.status}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ComparisonsTab() {
  const list = useComparisonsPage(LIMITS.historyPageSize);
  if (list.isPending) return <PageSpinner text="Loading comparisons..." />;
  if (list.isError)
    return (
      <div className="flex items-center gap-3 text-sm text-rose-300">
        {list.error.message}
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  if (list.data.comparisons.length === 0) {
    return (
      <EmptyState
        icon={<Video className="size-7" aria-hidden />}
        action={
          <ButtonLink to="/video-compare" size="sm">
            Compare a video
          </ButtonLink>
        }
      >
        {NO_COMPARISONS}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <ComparisonGrid comparisons={list.data.comparisons} />
      <ButtonLink to="/comparison-history" variant="ghost" size="sm">
        See full history
      </ButtonLink>
    </div>
  );
}

function CreditsPanel({ credits, price }: { credits: number; price: number | null }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <Card>
        <CardTitle icon={<Coins className="size-4" aria-hidden />}>Your balance</CardTitle>
        <p className="text-5xl font-bold tabular-nums text-white">{credits}</p>
        <p className="mt-1 text-sm text-slate-400">credits available</p>
        <ButtonLink to="/credits" className="mt-5" icon={<ShoppingCart className="size-4" aria-hidden />}>
          {price === null ? "Buy Credits" : `Buy Credits · from ${formatRupees(paiseOf(price))}`}
        </ButtonLink>
      </Card>
      <Card>
        <CardTitle icon={<Award className="size-4" aria-hidden />}>How Credits Work</CardTitle>
        <ul className="space-y-3 text-sm text-slate-300">
          <li>• Each video comparison uses {formatCredits(LIMITS.comparisonCost)}.</li>
          <li>• New accounts start with 10 free credits.</li>
          <li>• If an analysis fails, the credit is refunded automatically.</li>
          <li>• Bought credits are one-time bundles priced in rupees, and they never expire.</li>
        </ul>
      </Card>
    </div>
  );
}

function SocialPanel({ viewerId }: { viewerId: number | undefined }) {
  const links = [
    { to: "/friends", label: "Friends", icon: <Users className="size-4" aria-hidden /> },
    { to: "/leaderboard", label: "Leaderboard", icon: <Medal className="size-4" aria-hidden /> },
    { to: "/profile", label: "Your profile", icon: <UserRound className="size-4" aria-hidden /> },
    { to: "/community", label: "Community", icon: <ChartColumn className="size-4" aria-hidden /> },
  ];
  return (
    <div className="space-y-6">
      <ProgressChart title="Progress over time" initialTimeframe="week" />
      <LeaderboardTable limit={5} viewerId={viewerId} />
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              className="glass flex items-center gap-3 p-4 text-sm font-medium text-white transition hover:bg-white/8"
            >
              <span className="text-accent-300">{l.icon}</span>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An account made in the last day is greeted "Welcome", not "Welcome back" (it has not been here before). */
export function isNewAccount(createdAt: string | undefined, now = Date.now()): boolean {
  const made = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(made) && now - made < 24 * 60 * 60 * 1000;
}
