import type { ReferenceVideo } from "@stepsync/contracts";
import { CircleCheck, Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { errorMessage } from "../../api/client";
import { useLibraryPages } from "../../api/library";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { cx } from "../../components/cx";
import { TextField } from "../../components/Field";
import { Spinner } from "../../components/Spinner";
import { activityLabel, formatClock } from "../../lib/format";

/** The reference as the form holds it: an id, a title to show and, when known, its style. */
export type ChosenReference = { id: number; title: string; category: string | null };

/** Approved library videos to score the dancers against, searched by title. */
export function LibraryReferenceChoice({
  chosen,
  onChoose,
  disabled,
}: {
  chosen: number | null;
  onChoose: (video: ReferenceVideo) => void;
  disabled: boolean;
}) {
  const [search, setSearch] = useState("");
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
        <p className="text-sm text-slate-400">
          {search.trim() ? "No library video matches. Try another search." : "The library has no videos yet."}
        </p>
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
                    data-testid="reference-option"
                  >
                    <input
                      type="radio"
                      name="rehearsal-reference"
                      className="sr-only"
                      checked={picked}
                      onChange={() => onChoose(v)}
                    />
                    <span className="relative aspect-video w-20 shrink-0 overflow-hidden rounded-xl bg-night-800">
                      {v.thumbnail_path ? (
                        <img src={v.thumbnail_path} alt="" className="size-full object-cover" loading="lazy" />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-white">{v.title}</span>
                      <span className="block truncate text-xs text-slate-400">
                        {[activityLabel(v.category), v.duration ? formatClock(v.duration) : null]
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
