import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  COMPARE_MESSAGES,
  type ComparisonListResponse,
  type ComparisonSummary,
} from "@stepsync/contracts";
import { Activity, Award, BarChart3, History, MoveRight, Plus, ScanFace, TrendingDown, TrendingUp } from "lucide-react";
import { type InfiniteData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import {
  getProcessingStatus,
  useComparisonHistory,
  useComparisonStats,
  useDeleteComparison,
} from "../../api/comparisons";
import { invalidate, keys, staleAfter } from "../../api/keys";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { PageSpinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { COMPARE_TEXTS } from "../../constants/texts";
import { formatPercent, scoreTextClass } from "../../lib/format";
import { HistoryCard } from "./HistoryCard";
import { mapPages, uniqueById, withProgress } from "../../api/history-pages";
import { useProcessingPolling } from "./polling";

type Filter = "all" | (typeof ACTIVITY_TYPES)[number];

function readHighlight(state: unknown): { message: string | null; id: number | null } {
  if (!state || typeof state !== "object") return { message: null, id: null };
  const s = state as Record<string, unknown>;
  const rawId = s.comparisonId ?? s.comparison_id;
  const id = typeof rawId === "number" ? rawId : typeof rawId === "string" && rawId ? Number(rawId) : null;
  return { message: typeof s.message === "string" ? s.message : null, id: Number.isFinite(id) ? id : null };
}

/** Comparison History (/comparison-history). */
export default function ComparisonHistoryPage() {
  const location = useLocation();
  const [{ message: flash, id: highlightId }] = useState(() => readHighlight(location.state));
  const [filter, setFilter] = useState<Filter>("all");
  const [toDelete, setToDelete] = useState<ComparisonSummary | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const client = useQueryClient();

  const historyKey = keys.comparisons.history(filter);
  const history = useComparisonHistory(filter);
  // Figures are a bonus: while they fail, the tiles show dashes.
  const stats = useComparisonStats();
  const items = uniqueById(history.data?.pages.flatMap((p) => p.comparisons) ?? []);
  const error = history.isError
    ? isApiError(history.error, 401)
      ? COMPARE_MESSAGES.historyAuth
      : COMPARE_TEXTS.historyLoadError(errorMessage(history.error, "Unknown error"))
    : null;

  const anyProcessing = items.some((i) => i.status === "processing");
  // The compare screen's "is being processed" note is true only while that comparison still runs.
  const highlighted = items.find((i) => i.id === highlightId);
  const finishedMeanwhile =
    flash === COMPARE_MESSAGES.processing && highlighted !== undefined && highlighted.status !== "processing";
  const note = !finishedMeanwhile ? flash : highlighted.status === "completed" ? COMPARE_TEXTS.comparisonReady : null;
  useEffect(() => {
    if (!anyProcessing) return;
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, [anyProcessing]);

  useProcessingPolling({
    active: anyProcessing,
    fetchStatus: () =>
      client.fetchQuery({
        queryKey: keys.comparisons.processing(),
        queryFn: ({ signal }) => getProcessingStatus(signal),
        staleTime: 0,
      }),
    onUpdate: (list) => {
      setNow(Date.now());
      client.setQueryData<InfiniteData<ComparisonListResponse>>(historyKey, (old) =>
        mapPages(old, (item) => withProgress(item, list)),
      );
    },
    // The last one finished: scores, figures and credits (a refund) have changed.
    onNoneLeft: () => void invalidate(client, staleAfter.comparison()),
  });

  const remove = useDeleteComparison({
    onSuccess: () => setToDelete(null),
    // Shown inside the open confirmation dialog, not as a native alert that blocks the page.
    onError: () => setDeleteError(COMPARE_MESSAGES.deleteFailed),
  });
  const deleting = remove.isPending;

  // Scroll the highlighted card into view once it is there.
  const scrolled = useRef(false);
  useEffect(() => {
    if (scrolled.current || highlightId === null) return;
    const el = document.getElementById(`comparison-${highlightId}`);
    if (el) {
      scrolled.current = true;
      el.scrollIntoView?.({ behavior: "smooth", block: "center" });
    }
  });

  function confirmDelete() {
    if (!toDelete) return;
    setDeleteError(null);
    remove.mutate(toDelete);
  }

  const filters: Array<{ id: Filter; label: string }> = [
    { id: "all", label: COMPARE_TEXTS.allActivities },
    ...ACTIVITY_TYPES.map((t) => ({ id: t, label: ACTIVITY_LABELS[t] })),
  ];

  return (
    <Page title={COMPARE_TEXTS.historyTitle}>
      <PageHeader
        eyebrow="Practice"
        title={COMPARE_TEXTS.historyTitle}
        description="Every comparison you have run: scores, replays and how you are trending."
        actions={
          <ButtonLink to="/compare" icon={<Plus className="size-4" aria-hidden />}>
            {COMPARE_TEXTS.newComparison}
          </ButtonLink>
        }
      />

      {note ? (
        <Alert tone="success" className="mb-6">
          {note}
        </Alert>
      ) : null}

      <div className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile
          label={COMPARE_TEXTS.statTotal}
          value={stats.data?.total_comparisons ?? "—"}
          icon={<BarChart3 className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statBest}
          value={formatPercent(stats.data?.best_score)}
          valueClassName={scoreTextClass(stats.data?.best_score)}
          icon={<Award className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statAverage}
          value={formatPercent(stats.data?.average_score)}
          valueClassName={scoreTextClass(stats.data?.average_score)}
          icon={<Activity className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statTrend}
          value={stats.data?.recent_trend ?? "Stable"}
          valueClassName={
            stats.data?.recent_trend === "Improving"
              ? "text-emerald-400"
              : stats.data?.recent_trend === "Declining"
                ? "text-rose-400"
                : undefined
          }
          icon={<TrendIcon trend={stats.data?.recent_trend} />}
        />
      </div>

      {/* The chips wrap: a sideways-scrolling strip made the whole page scroll sideways on a phone. */}
      <fieldset className="mb-6 flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Filter by activity</legend>
        {filters.map((f) => (
          <button
            key={f.id}
            type="button"
            aria-pressed={filter === f.id}
            onClick={() => setFilter(f.id)}
            className={cx(
              "shrink-0 rounded-full px-4 py-2 text-sm font-medium transition",
              filter === f.id
                ? "bg-white text-night-950 shadow"
                : "border border-white/10 text-slate-300 hover:bg-white/8 hover:text-white",
            )}
          >
            {f.label}
          </button>
        ))}
      </fieldset>

      {error ? (
        <Alert className="mb-6">{error}</Alert>
      ) : history.isPending ? (
        <PageSpinner text="Loading your comparisons…" />
      ) : items.length === 0 && filter !== "all" ? (
        // Only this style is empty: the user may well have other comparisons, so offer those.
        <EmptyState
          icon={<History className="size-7" aria-hidden />}
          title={`No ${ACTIVITY_LABELS[filter]} comparisons yet`}
          action={
            <Button variant="secondary" onClick={() => setFilter("all")}>
              Show all comparisons
            </Button>
          }
        >
          Compare a {ACTIVITY_LABELS[filter]} performance to see it here.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<History className="size-7" aria-hidden />}
          title={COMPARE_TEXTS.noComparisons}
          action={
            <ButtonLink to="/compare" icon={<ScanFace className="size-4" aria-hidden />}>
              {COMPARE_TEXTS.startFirst}
            </ButtonLink>
          }
        >
          Compare your first performance with a reference to see your scores here.
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <HistoryCard
                key={item.id}
                item={item}
                now={now}
                highlighted={item.id === highlightId}
                onDelete={(i) => {
                  setDeleteError(null);
                  setToDelete(i);
                }}
              />
            ))}
          </div>
          {history.hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <Button
                variant="secondary"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {COMPARE_TEXTS.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        dismissible={!deleting}
        title={COMPARE_TEXTS.deleteConfirmTitle}
        description={
          toDelete?.status === "processing" ? COMPARE_TEXTS.deleteRunningBody : COMPARE_TEXTS.deleteConfirmBody
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} loading={deleting}>
              Delete
            </Button>
          </>
        }
      >
        {deleteError ? <Alert>{deleteError}</Alert> : null}
      </Dialog>
    </Page>
  );
}

/** The trend tile's icon points the way the trend goes. */
function TrendIcon({ trend }: { trend: string | undefined }) {
  const Icon = trend === "Improving" ? TrendingUp : trend === "Declining" ? TrendingDown : MoveRight;
  return <Icon className="size-4" aria-hidden data-trend={trend ?? "Stable"} />;
}
