import { ACTIVITY_TYPES, ADMIN_MESSAGES, LIBRARY_MESSAGES } from "@stepsync/contracts";
import { Download, Star } from "lucide-react";
import { adminQueries, useAdminMutation, useAdminQuery, adminChanges } from "../../api/admin";
import { Button } from "../../components/Button";
import { SelectField } from "../../components/SelectField";
import { cx } from "../../components/cx";
import { ReviewQueue } from "./ReviewQueue";
import {
  DeleteIconButton,
  exportCsv,
  FilterInput,
  ListBody,
  Pager,
  td,
  useConfirmDelete,
  usePagedFilters,
} from "./list-parts";
import { titleWords } from "../../lib/format";
import { num } from "./figures";
import { useFlash } from "./flash";

/**
 * Video Management: the review queue, filters, feature / unfeature (only approved videos can be
 * featured), delete with files, export CSV.
 */
export function VideosTab() {
  const flash = useFlash();
  const { filters, setFilter, setPage, query } = usePagedFilters({
    status: "",
    category: "",
    is_featured: "",
    search: "",
  });
  const q = useAdminQuery(flash, adminQueries.videos(query), ADMIN_MESSAGES.loadVideosFailed);
  const toggle = useAdminMutation(adminChanges.feature(), {
    report: flash,
    success: (_, { featured }) => (featured ? ADMIN_MESSAGES.videoFeatured : ADMIN_MESSAGES.videoUnfeatured),
    failure: ADMIN_MESSAGES.toggleFeatureFailed,
  });
  const deletion = useConfirmDelete(adminChanges.deleteVideo<{ id: number; title: string }>(), {
    report: flash,
    describe: (v) => `the video "${v.title}" and its files`,
    success: (v) => ADMIN_MESSAGES.videoDeleted(v.title),
    failure: ADMIN_MESSAGES.deleteVideoFailed,
  });
  const exportVideos = () =>
    exportCsv(flash, "videos", ADMIN_MESSAGES.videosExported, ADMIN_MESSAGES.exportVideosFailed);

  return (
    <div className="space-y-4">
      {flash.view}
      <ReviewQueue flash={flash} />
      <div className="flex flex-wrap items-end gap-3">
        <FilterInput
          label="Search"
          type="search"
          placeholder="Title or contributor"
          value={filters.search}
          onChange={(e) => setFilter("search", e.target.value)}
          className="w-full sm:w-56"
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(e) => setFilter("status", e.target.value)}
          options={[
            { value: "", label: "All statuses" },
            { value: "pending", label: "Pending" },
            { value: "approved", label: "Approved" },
            { value: "rejected", label: "Rejected" },
          ]}
          className="w-40"
        />
        <SelectField
          label="Category"
          value={filters.category}
          onChange={(e) => setFilter("category", e.target.value)}
          options={[
            { value: "", label: "All categories" },
            ...ACTIVITY_TYPES.map((c) => ({ value: c, label: titleWords(c) })),
          ]}
          className="w-44"
        />
        <SelectField
          label="Featured"
          value={filters.is_featured}
          onChange={(e) => setFilter("is_featured", e.target.value)}
          options={[
            { value: "", label: "All" },
            { value: "true", label: "Featured" },
            { value: "false", label: "Not featured" },
          ]}
          className="w-36"
        />
        <Button
          variant="secondary"
          onClick={exportVideos}
          icon={<Download className="size-4" aria-hidden />}
          className="sm:ml-auto"
        >
          Export Videos
        </Button>
      </div>
      <ListBody
        pending={q.isPending}
        rows={q.data?.videos}
        empty={ADMIN_MESSAGES.noVideos}
        head={["Title", "Category", "Contributor", "Status", "Views", "Likes", "Uses", "Actions"]}
      >
        {(v) => (
          <tr key={v.id}>
            <td className={cx(td, "min-w-[12rem] font-medium text-white")}>
              {v.is_featured ? (
                <Star className="mr-1 inline size-4 fill-amber-300 text-amber-300" aria-label="Featured" />
              ) : null}
              {v.title}
            </td>
            <td className={td}>{titleWords(v.category)}</td>
            <td className={td}>{v.contributor_username ?? "—"}</td>
            <td className={td}>{v.status}</td>
            <td className={cx(td, "tabular-nums")}>{num(v.views)}</td>
            <td className={cx(td, "tabular-nums")}>{num(v.likes)}</td>
            <td className={cx(td, "tabular-nums")}>{num(v.usage_count)}</td>
            <td className={td}>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  className="min-w-[7.5rem] justify-center"
                  // Unfeaturing is always possible; featuring only once approved (the server refuses too).
                  disabled={!v.is_featured && v.status !== "approved"}
                  title={
                    !v.is_featured && v.status !== "approved" ? LIBRARY_MESSAGES.cannotFeatureUnapproved : undefined
                  }
                  onClick={() => toggle.mutate({ id: v.id, featured: !v.is_featured })}
                >
                  {v.is_featured ? "Unfeature" : "Feature"}
                </Button>
                <DeleteIconButton
                  label={`Delete ${v.title}`}
                  onClick={() => deletion.ask({ id: v.id, title: v.title })}
                />
              </div>
            </td>
          </tr>
        )}
      </ListBody>
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}
