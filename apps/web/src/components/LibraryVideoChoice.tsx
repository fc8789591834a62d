import type { ReferenceVideo } from "@stepsync/contracts";
import { CircleCheck, Search } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { errorMessage } from "../api/client";
import { useLibraryPages } from "../api/library";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { cx } from "./cx";
import { TextField } from "./Field";
import { Spinner } from "./Spinner";
import { activityLabel, formatClock } from "../lib/format";

/**
 * Approved library videos, searched by title, one of them picked (a group's routine, a rehearsal's
 * reference). `emptyText` says what to do when none is listed: with no search, and when a search
 * matches none.
 */
export function LibraryVideoChoice({
  chosen,
  onChoose,
  emptyText,
  disabled = false,
}: {
  chosen: number | null;
  onChoose: (video: ReferenceVideo) => void;
  emptyText: { none: string; noMatch: string };
  disabled?: boolean;
}) {
  const [search, setSearch] = useState("");
  const name = useId();
  const query = useLibraryPages({ search: useDeferredValue(search.trim()), sort_by: "popular" });
  const videos = query.data?.pages.flatMap((p) => p.videos) ?? [];
  return (
    <div className="space-y-4">
      <TextField
        label="Search the library"
        type="search"
        placeholder="Title, style or teacher"
        icon={<Search className="size-4" aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {query.isPending ? (
        <div className="flex justify-center py-6 text-slate-400">
          <Spinner label="Loading the library" />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error, "Failed to load the library")}</Alert>
      ) : videos.length === 0 ? (
        <p className="text-sm text-slate-400">{search.trim() ? emptyText.noMatch : emptyText.none}</p>
      ) : (
        <fieldset disabled={disabled}>
          <legend className="sr-only">Library videos</legend>
          <ul className="grid gap-3 sm:grid-cols-2">
            {videos.map((v) => {
              const picked = chosen === v.id;
              return (
                <li key={v.id}>
                  <label
                    className={cx(
                      "flex cursor-pointer items-center gap-3 rounded-2xl border p-2.5 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400",
                      picked
                        ? "border-accent-400 bg-accent-500/12"
                        : "border-white/10 bg-white/[0.03] hover:border-white/25",
                    )}
                    data-testid="library-option"
                  >
                    <input type="radio" name={name} className="sr-only" checked={picked} onChange={() => onChoose(v)} />
                    <span className="relative aspect-video w-20 shrink-0 overflow-hidden rounded-xl bg-night-800">
                      {v.thumbnail_path ? (
                        <img src={v.thumbnail_path} alt="" className="size-full object-cover" loading="lazy" />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-white">{v.title}</span>
                      <span className="block truncate text-xs text-slate-400">
                        {[
                          activityLabel(v.category),
                          v.duration ? formatClock(v.duration) : null,
                          v.contributor_name ? `by ${v.contributor_name}` : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                    {picked ? <CircleCheck className="size-5 shrink-0 text-accent-300" aria-hidden /> : null}
                  </label>
                </li>
              );
            })}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-3"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}
