import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  COMPARE_MESSAGES,
  type ComparisonStats,
  type ComparisonSummary,
  LIMITS,
} from "@stepsync/contracts";
import { Activity, Award, BarChart3, History, Plus, ScanFace, TrendingUp } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { deleteComparison, getComparisonStats, getProcessingStatus, listComparisons } from "../../api/comparisons";
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
  const [items, setItems] = useState<ComparisonSummary[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stats, setStats] = useState<ComparisonStats | null>(null);
  const [toDelete, setToDelete] = useState<ComparisonSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const requestSeq = useRef(0);

  const load = useCallback(async (nextFilter: Filter, nextPage: number, append: boolean) => {
    const seq = ++requestSeq.current;
    if (append) setLoadingMore(true);
    else setLoading(true);
    try {
      const data = await listComparisons({
        page: nextPage,
        limit: LIMITS.historyPageSize,
        activity_type: nextFilter === "all" ? undefined : nextFilter,
      });
      if (seq !== requestSeq.current) return;
      setItems((prev) =>
        append ? [...prev, ...data.comparisons.filter((c) => !prev.some((p) => p.id === c.id))] : data.comparisons,
      );
      setHasMore(Boolean(data.pagination?.has_more));
      setPage(nextPage);
      setError(null);
    } catch (err) {
      if (seq !== requestSeq.current) return;
      setError(
        isApiError(err, 401)
          ? COMPARE_MESSAGES.historyAuth
          : COMPARE_TEXTS.historyLoadError(errorMessage(err, "Unknown error")),
      );
    } finally {
      if (seq === requestSeq.current) {
        setLoading(false);
        setLoadingMore(false);
      }
    }
  }, []);

  const loadStats = useCallback(() => {
    getComparisonStats()
      .then(setStats)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    void load(filter, 1, false);
  }, [filter, load]);
  useEffect(loadStats, [loadStats]);

  const anyProcessing = items.some((i) => i.status === "processing");
  useEffect(() => {
    if (!anyProcessing) return;
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, [anyProcessing]);

  useProcessingPolling({
    active: anyProcessing,
    fetchStatus: getProcessingStatus,
    onUpdate: (list) => {
      setNow(Date.now());
      setItems((prev) =>
        prev.map((item) => {
          const p = list.find((x) => x.id === item.id);
          return p && item.status === "processing" ? { ...item, progress: p.progress, attempt: p.attempt } : item;
        }),
      );
    },
    onNoneLeft: () => {
      void load(filter, 1, false);
      loadStats();
    },
  });

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

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteComparison(toDelete.id);
      setItems((prev) => prev.filter((i) => i.id !== toDelete.id));
      setToDelete(null);
      loadStats();
    } catch {
      setDeleteError(COMPARE_MESSAGES.deleteFailed);
      window.alert(COMPARE_MESSAGES.deleteFailed);
    } finally {
      setDeleting(false);
    }
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

      {flash ? (
        <Alert tone="success" className="mb-6">
          {flash}
        </Alert>
      ) : null}

      <div className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile
          label={COMPARE_TEXTS.statTotal}
          value={stats?.total_comparisons ?? "—"}
          icon={<BarChart3 className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statBest}
          value={formatPercent(stats?.best_score)}
          valueClassName={scoreTextClass(stats?.best_score)}
          icon={<Award className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statAverage}
          value={formatPercent(stats?.average_score)}
          valueClassName={scoreTextClass(stats?.average_score)}
          icon={<Activity className="size-4" aria-hidden />}
        />
        <StatTile
          label={COMPARE_TEXTS.statTrend}
          value={stats?.recent_trend ?? "Stable"}
          valueClassName={
            stats?.recent_trend === "Improving"
              ? "text-emerald-400"
              : stats?.recent_trend === "Declining"
                ? "text-rose-400"
                : undefined
          }
          icon={<TrendingUp className="size-4" aria-hidden />}
        />
      </div>

      <fieldset className="-mx-4 mb-6 flex min-w-0 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0">
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
      ) : loading ? (
        <PageSpinner text="Loading your comparisons…" />
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
          {filter === "all"
            ? "Compare your first performance with a reference to see your scores here."
            : `No ${ACTIVITY_LABELS[filter]} comparisons yet.`}
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
          {hasMore ? (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" loading={loadingMore} onClick={() => void load(filter, page + 1, true)}>
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
        description={COMPARE_TEXTS.deleteConfirmBody}
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} loading={deleting}>
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
