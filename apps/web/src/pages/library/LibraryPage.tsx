import {
  ACTIVITY_TYPES,
  CONTRIBUTOR_TYPE_LABELS,
  CONTRIBUTOR_TYPES,
  DIFFICULTIES,
  LIBRARY_MESSAGES,
  LIBRARY_SORT_LABELS,
  LIBRARY_SORTS,
  LIMITS,
} from "@stepsync/contracts";
import { ChevronDown, Library, RefreshCw, Search, SlidersHorizontal, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { StyleSelect } from "../../components/Filters";
import { SelectField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { VideoCard } from "../../components/VideoCard";
import { applyFilter, DEFAULT_FILTERS, type LibraryFilters, useDebounced } from "../../lib/library";
import { useVideoActions } from "../../components/useVideoActions";
import { SharedVideo } from "./SharedVideo";
import { keys } from "../../api/keys";
import { useLibraryPages } from "../../api/library";

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The community library: a shared video (?video=ID) when linked, filters, card grid, Load More. */
export default function LibraryPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const initialCategory = params.get("category") ?? "";
  const uploaded = params.get("uploaded");
  const sharedVideo = params.get("video");
  const showAllVideos = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("video");
        return next;
      },
      { replace: true },
    );
  const [filters, setFilters] = useState<LibraryFilters>({
    ...DEFAULT_FILTERS,
    category: (ACTIVITY_TYPES as readonly string[]).includes(initialCategory) ? initialCategory : "",
  });
  const [searchText, setSearchText] = useState("");
  // On a phone the four selects fold away behind one button, so the videos start on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const search = useDebounced(searchText.trim(), LIMITS.searchDebounceMs);
  useEffect(() => setFilters((f) => applyFilter(f, "search", search)), [search]);
  const effective = filters;
  const set = <K extends keyof LibraryFilters>(key: K, value: LibraryFilters[K]) =>
    setFilters((f) => applyFilter(f, key, value));

  const { page: _page, ...queryFilters } = effective;
  const query = useLibraryPages(queryFilters);
  const actions = useVideoActions([keys.library.lists(), keys.library.videos()]);
  const videos = query.data?.pages.flatMap((p) => p.videos) ?? [];
  const canUpload = user?.role === "contributor" || user?.role === "admin";
  const activeFilters = [
    filters.category,
    filters.difficulty,
    filters.contributor_type,
    filters.sort_by === DEFAULT_FILTERS.sort_by ? "" : filters.sort_by,
  ].filter(Boolean).length;

  return (
    <Page title="Reference Library">
      <PageHeader
        eyebrow="Learn"
        title="Reference Library"
        description="Practise with routines from our instructors: pick a video, press Practice and compare your moves."
        actions={
          <ButtonLink
            to="/upload-video"
            icon={<Upload className="size-4" aria-hidden />}
            variant={canUpload ? "primary" : "secondary"}
          >
            {LIBRARY_MESSAGES.uploadVideo}
          </ButtonLink>
        }
      />
      {uploaded ? (
        <Alert tone="success" className="mb-6">
          {LIBRARY_MESSAGES.uploadedNotice} <span className="text-emerald-200/70">(video #{uploaded})</span>
        </Alert>
      ) : null}
      {sharedVideo !== null ? (
        <SharedVideo raw={sharedVideo} viewerId={user?.id} actions={actions} onDismiss={showAllVideos} />
      ) : null}

      <form
        className="mb-6 grid grid-cols-1 gap-3 rounded-3xl border border-white/10 bg-white/[0.03] p-4 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter videos"
      >
        <div className="flex min-w-0 flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <label htmlFor="library-search" className="text-xs font-medium text-slate-400">
            Search
          </label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search className="pointer-events-none absolute top-3.5 left-3 size-4 text-slate-500" aria-hidden />
              <input
                id="library-search"
                type="search"
                value={searchText}
                onChange={(e) => setSearchText(e.currentTarget.value)}
                placeholder="Title, description or tag"
                className="h-11 w-full rounded-xl border border-white/12 bg-night-900/80 pr-3 pl-9 text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-accent-400"
              />
            </div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls="library-filters"
              onClick={() => setFiltersOpen((open) => !open)}
              className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-xl border border-white/12 bg-night-900/80 px-3 text-sm font-medium text-slate-200 hover:bg-white/8 focus-visible:outline-2 focus-visible:outline-accent-400 sm:hidden"
            >
              <SlidersHorizontal className="size-4" aria-hidden />
              Filters
              {activeFilters > 0 ? (
                <span className="rounded-full bg-accent-500/25 px-1.5 text-xs text-accent-100">{activeFilters}</span>
              ) : null}
              <ChevronDown className={cx("size-4 transition", filtersOpen && "rotate-180")} aria-hidden />
            </button>
          </div>
        </div>
        {/* From sm up the selects always show, in the form's own grid. */}
        <div
          id="library-filters"
          data-testid="library-filters"
          className={cx("gap-3 sm:contents", filtersOpen ? "grid grid-cols-1" : "hidden")}
        >
          <StyleSelect value={effective.category} onChange={(style) => set("category", style)} />
          <SelectField
            label="Difficulty"
            value={effective.difficulty}
            onChange={(e) => set("difficulty", e.currentTarget.value)}
            options={[
              { value: "", label: "All levels" },
              ...DIFFICULTIES.map((d) => ({ value: d, label: capital(d) })),
            ]}
          />
          <SelectField
            label="Sort by"
            value={effective.sort_by}
            onChange={(e) => set("sort_by", e.currentTarget.value)}
            options={LIBRARY_SORTS.map((s) => ({ value: s, label: LIBRARY_SORT_LABELS[s] }))}
          />
          <SelectField
            label="Contributors"
            value={effective.contributor_type}
            onChange={(e) => set("contributor_type", e.currentTarget.value)}
            options={[
              { value: "", label: "All contributors" },
              ...CONTRIBUTOR_TYPES.map((c) => ({ value: c, label: CONTRIBUTOR_TYPE_LABELS[c] })),
            ]}
          />
        </div>
      </form>

      {query.isPending ? (
        <div className="flex justify-center py-16 text-slate-400">
          <Spinner label="Loading videos" />
        </div>
      ) : query.isError ? (
        <EmptyState
          icon={<Library className="size-7" aria-hidden />}
          title={LIBRARY_MESSAGES.fetchFailed}
          action={
            <Button
              variant="secondary"
              icon={<RefreshCw className="size-4" aria-hidden />}
              onClick={() => void query.refetch()}
            >
              Try again
            </Button>
          }
        />
      ) : videos.length === 0 ? (
        <EmptyState
          icon={<Library className="size-7" aria-hidden />}
          title="No videos found"
          action={
            canUpload ? (
              <ButtonLink to="/upload-video" icon={<Upload className="size-4" aria-hidden />}>
                {LIBRARY_MESSAGES.uploadVideo}
              </ButtonLink>
            ) : undefined
          }
        >
          Try another style or search, or check back soon: new routines are added after review.
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Videos">
            {videos.map((video) => (
              <li key={video.id} className="flex">
                <div className="flex w-full flex-col">
                  <VideoCard video={video} viewerId={user?.id} actions={actions} />
                </div>
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {LIBRARY_MESSAGES.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Page>
  );
}
