import { ADMIN_MESSAGES } from "@stepsync/contracts";
import { adminQueries, useAdminQuery, adminChanges } from "../../api/admin";
import { cx } from "../../components/cx";
import {
  DeleteIconButton,
  FilterInput,
  ListBody,
  Pager,
  td,
  UserCell,
  useConfirmDelete,
  usePagedFilters,
} from "./list-parts";
import { whenOrNA } from "./figures";
import { useFlash } from "./flash";

/** Comment Management: filter by video or user id, delete a comment. */
export function CommentsTab() {
  const flash = useFlash();
  const { filters, setFilter, setPage, query } = usePagedFilters({ video_id: "", user_id: "" });
  const q = useAdminQuery(flash, adminQueries.comments(query), ADMIN_MESSAGES.loadCommentsFailed);
  const deletion = useConfirmDelete(adminChanges.deleteComment(), {
    report: flash,
    describe: () => "this comment",
    success: () => ADMIN_MESSAGES.commentDeleted,
    failure: ADMIN_MESSAGES.deleteCommentFailed,
  });
  const digits = (v: string) => v.replace(/\D/g, "");
  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap gap-3">
        <FilterInput
          label="Video ID"
          inputMode="numeric"
          value={filters.video_id}
          onChange={(e) => setFilter("video_id", digits(e.target.value))}
          className="w-36"
        />
        <FilterInput
          label="User ID"
          inputMode="numeric"
          value={filters.user_id}
          onChange={(e) => setFilter("user_id", digits(e.target.value))}
          className="w-36"
        />
      </div>
      <ListBody
        pending={q.isPending}
        rows={q.data?.comments}
        empty={ADMIN_MESSAGES.noComments}
        head={["User", "Video", "Comment", "Posted", "Actions"]}
      >
        {(c) => (
          <tr key={c.id}>
            <UserCell username={c.username} email={c.email} />
            <td className={cx(td, "min-w-[10rem]")}>
              #{c.video_id} {c.video_title}
            </td>
            <td className={cx(td, "min-w-[16rem] max-w-md whitespace-pre-wrap break-words")}>{c.content}</td>
            <td className={cx(td, "whitespace-nowrap text-slate-400")}>{whenOrNA(c.created_at)}</td>
            <td className={td}>
              <DeleteIconButton label="Delete comment" onClick={() => deletion.ask(c.id)} />
            </td>
          </tr>
        )}
      </ListBody>
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}
