// The parts every admin list is made of: filters and pages, the table or cards, delete with
// confirmation, CSV export.
import { ADMIN_MESSAGES, LIMITS, type Pagination } from "@stepsync/contracts";
import { ChevronLeft, ChevronRight, Trash2 } from "lucide-react";
import { type InputHTMLAttributes, type ReactNode, useCallback, useState } from "react";
import { type AdminChange, type AdminReport, downloadExport, useAdminMutation } from "../../api/admin";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { COMPACT_CONTROL, CompactField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { cx } from "../../components/cx";

/**
 * A paged admin list's filters and page. Changing a filter goes back to page 1 (the old page may
 * not exist in the new results); `query` is what the list endpoint takes.
 */
export function usePagedFilters<F extends Record<string, string>>(initial: F) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState(initial);
  const setFilter = useCallback((key: keyof F, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  }, []);
  const query = { page, limit: LIMITS.adminPageSize, ...filters };
  return { filters, setFilter, page, setPage, query };
}

/**
 * The body of an admin list: a spinner while loading, `empty` when there are no rows, else the table
 * — or, with `cards` (a phone), a list of one card per row (`children` then returns `<li>`s).
 */
export function ListBody<T>({
  pending,
  rows,
  empty,
  head,
  cards = false,
  children,
}: {
  pending: boolean;
  rows: T[] | undefined;
  empty: string;
  head: string[];
  cards?: boolean;
  children: (row: T) => ReactNode;
}) {
  if (pending) return <Loading />;
  if (!rows || rows.length === 0) return <Empty text={empty} />;
  if (cards) return <ul className="space-y-3">{rows.map(children)}</ul>;
  return <Table head={head}>{rows.map(children)}</Table>;
}

export function Pager({ pagination, onPage }: { pagination?: Pagination; onPage: (page: number) => void }) {
  if (!pagination || pagination.pages <= 1) return null;
  return (
    <nav className="flex items-center justify-end gap-3 text-sm text-slate-300" aria-label="Pages">
      <Button
        variant="ghost"
        size="sm"
        disabled={pagination.page <= 1}
        onClick={() => onPage(pagination.page - 1)}
        icon={<ChevronLeft className="size-4" aria-hidden />}
      >
        Previous
      </Button>
      <span className="tabular-nums">
        Page {pagination.page} of {pagination.pages}
      </span>
      <Button variant="ghost" size="sm" disabled={!pagination.has_more} onClick={() => onPage(pagination.page + 1)}>
        Next <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}

/** Downloads a CSV export of `kind`; the screen's report says whether it worked. */
export async function exportCsv(report: AdminReport, kind: "users" | "videos", success: string, failure: string) {
  try {
    await downloadExport(kind);
    report.ok(success);
  } catch (err) {
    report.fail(err, failure);
  }
}

/**
 * Delete with confirmation, the same in every admin list: `ask(item)` opens the Confirm Delete
 * dialog; confirming runs the change and reports the outcome (`success` gives the text).
 */
export function useConfirmDelete<T, R = unknown>(
  change: AdminChange<T, R>,
  {
    report,
    describe,
    success,
    failure,
  }: {
    report: AdminReport;
    describe: (item: T) => string;
    success: (item: T, result: R) => string;
    failure: string;
  },
) {
  const [pending, setPending] = useState<T | null>(null);
  const mutation = useAdminMutation(change, { report, success: (result, item) => success(item, result), failure });
  const dialog = (
    <ConfirmDelete
      what={pending !== null ? describe(pending) : null}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        if (pending !== null) mutation.mutate(pending, { onSettled: () => setPending(null) });
      }}
      busy={mutation.isPending}
    />
  );
  return { ask: (item: T) => setPending(() => item), dialog };
}

/** The red bin button of a row; `label` names what it deletes. */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      onClick={onClick}
      icon={<Trash2 className="size-4 text-rose-300" aria-hidden />}
    />
  );
}

/** Who a row belongs to: username over e-mail. */
export function UserCell({ username, email }: { username: string; email: string }) {
  return (
    <td className={cx(td, "min-w-[11rem] max-w-[16rem]")}>
      <p className="font-medium text-white">{username}</p>
      <p className="break-all text-xs text-slate-400">{email}</p>
    </td>
  );
}

/** The Confirm Delete dialog of every admin list. */
export function ConfirmDelete({
  what,
  onCancel,
  onConfirm,
  busy,
}: {
  what: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <Dialog
      open={what !== null}
      onClose={onCancel}
      title={ADMIN_MESSAGES.confirmDeleteTitle}
      icon={<Trash2 className="size-5" aria-hidden />}
      description={
        <>
          Are you sure you want to delete {what}? {ADMIN_MESSAGES.cannotBeUndone}
        </>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            Delete
          </Button>
        </>
      }
    />
  );
}

export function Table({ head, children }: { head: string[]; children: React.ReactNode }) {
  return (
    <div className="glass overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-white/10 text-xs uppercase tracking-wider text-slate-400">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/6 text-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

export const td = "px-4 py-3 align-middle";

export function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Loading" />
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="glass px-4 py-10 text-center text-slate-400">{text}</p>;
}

/** A compact labelled text input for list filters, lined up with SelectField. */
export function FilterInput({
  label,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { label: string }) {
  return (
    <CompactField label={label} className={className}>
      {(id) => <input id={id} className={cx(COMPACT_CONTROL, "placeholder:text-slate-500")} {...rest} />}
    </CompactField>
  );
}

export const roleBadge: Record<string, string> = {
  admin: "bg-rose-500/15 text-rose-200 ring-rose-400/30",
  contributor: "bg-sky-500/15 text-sky-200 ring-sky-400/30",
  user: "bg-slate-500/15 text-slate-200 ring-slate-400/30",
};
