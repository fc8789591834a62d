import { ADMIN_MESSAGES, ROLES, type Role } from "@stepsync/contracts";
import { BadgeCheck, Download, Trash2 } from "lucide-react";
import { adminApi } from "../../api/admin";
import { keys } from "../../api/keys";
import { Button } from "../../components/Button";
import { SelectField } from "../../components/SelectField";
import { cx } from "../../components/cx";
import {
  exportCsv,
  formatDate,
  label,
  ListBody,
  Pager,
  roleBadge,
  td,
  useAdminMutation,
  useAdminQuery,
  useConfirmDelete,
  useFlash,
  usePagedFilters,
} from "./shared";

const roleOptions = ROLES.map((r) => ({ value: r, label: label(r) }));

/**
 * User Management: filter by role, change a role, verify or unverify a contributor (the Verified
 * mark on their videos and profile, not the e-mail address), delete a user with their data, export CSV.
 */
export function UsersTab({ currentUserId }: { currentUserId: number | undefined }) {
  const flash = useFlash();
  const { filters, setFilter, setPage, query } = usePagedFilters({ role: "" });
  const q = useAdminQuery(
    flash,
    { queryKey: keys.admin.users(query), queryFn: () => adminApi.users(query) },
    ADMIN_MESSAGES.loadUsersFailed,
  );
  // A role shows in the list and in the role counts of Dashboard and System Stats.
  const changeRole = useAdminMutation({
    flash,
    mutationFn: ({ id, role }: { id: number; role: Role }) => adminApi.setRole(id, role),
    invalidates: [keys.admin.users(), keys.admin.stats(), keys.admin.system()],
    success: () => ADMIN_MESSAGES.roleUpdated,
    failure: ADMIN_MESSAGES.updateRoleFailed,
  });
  // The mark shows on their library cards and profile, and the library's Verified filter lists them.
  const changeVerified = useAdminMutation({
    flash,
    mutationFn: ({ id, verified }: { id: number; verified: boolean }) => adminApi.setVerified(id, verified),
    invalidates: [keys.admin.users(), keys.library.all(), keys.social.all()],
    success: (res) => res.message,
    failure: ADMIN_MESSAGES.updateVerifiedFailed,
  });
  // Deleting a user takes their videos, comments and comparisons with them: every figure changes.
  const deletion = useConfirmDelete<{ id: number; username: string }>({
    flash,
    describe: (u) => `user ${u.username} and all their data`,
    remove: (u) => adminApi.deleteUser(u.id),
    invalidates: [keys.admin.all(), keys.library.all()],
    success: (u) => ADMIN_MESSAGES.userDeleted(u.username),
    failure: ADMIN_MESSAGES.deleteUserFailed,
  });
  const exportUsers = () => exportCsv(flash, "users", ADMIN_MESSAGES.usersExported, ADMIN_MESSAGES.exportUsersFailed);

  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Filter by role"
          value={filters.role}
          onChange={(e) => setFilter("role", e.target.value)}
          options={[{ value: "", label: "All roles" }, ...roleOptions]}
          className="w-48"
        />
        <Button variant="secondary" onClick={exportUsers} icon={<Download className="size-4" aria-hidden />}>
          Export Users
        </Button>
      </div>
      <ListBody
        pending={q.isPending}
        rows={q.data?.users}
        empty={ADMIN_MESSAGES.noUsers}
        head={["Username", "Email", "Role", "Verified contributor", "Joined", "Actions"]}
      >
        {(u) => (
          <tr key={u.id}>
            <td className={cx(td, "min-w-[9rem] font-medium text-white")}>{u.username}</td>
            <td className={cx(td, "min-w-[12rem] max-w-[18rem] break-all")}>{u.email}</td>
            <td className={td}>
              {/* One control shows the role and changes it, in the role's badge colours. */}
              <select
                aria-label={`Role of ${u.username}`}
                value={u.role}
                disabled={u.id === currentUserId}
                title={u.id === currentUserId ? "Your own role cannot be changed here" : undefined}
                onChange={(e) => changeRole.mutate({ id: u.id, role: e.target.value as Role })}
                className={cx(
                  "rounded-full px-2.5 py-1 text-sm ring-1 disabled:cursor-not-allowed disabled:opacity-70",
                  roleBadge[u.role],
                )}
              >
                {roleOptions.map((o) => (
                  <option key={o.value} value={o.value} className="bg-night-900 text-slate-100">
                    {o.label}
                  </option>
                ))}
              </select>
            </td>
            <td className={td}>
              <VerifiedSwitch
                username={u.username}
                verified={u.verified}
                busy={changeVerified.isPending && changeVerified.variables?.id === u.id}
                onChange={(verified) => changeVerified.mutate({ id: u.id, verified })}
              />
            </td>
            <td className={cx(td, "whitespace-nowrap text-slate-400")}>{formatDate(u.created_at)}</td>
            <td className={td}>
              <Button
                variant="ghost"
                size="sm"
                disabled={u.id === currentUserId}
                aria-label={`Delete ${u.username}`}
                onClick={() => deletion.ask({ id: u.id, username: u.username })}
                icon={<Trash2 className="size-4 text-rose-300" aria-hidden />}
              >
                Delete
              </Button>
            </td>
          </tr>
        )}
      </ListBody>
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}

/** An on/off switch for one user's Verified contributor mark (said in full: not the e-mail's confirmation). */
function VerifiedSwitch({
  username,
  verified,
  busy,
  onChange,
}: {
  username: string;
  verified: boolean;
  busy: boolean;
  onChange: (verified: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={verified}
      aria-label={`Verified contributor: ${username}`}
      disabled={busy}
      onClick={() => onChange(!verified)}
      className="inline-flex items-center gap-2 rounded-full text-sm whitespace-nowrap text-slate-300 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
    >
      <span
        aria-hidden
        className={cx(
          "relative inline-flex h-5 w-9 shrink-0 rounded-full transition",
          verified ? "bg-sky-500" : "bg-white/15",
        )}
      >
        <span
          className={cx(
            "absolute top-0.5 size-4 rounded-full bg-white shadow transition-all",
            verified ? "left-[1.125rem]" : "left-0.5",
          )}
        />
      </span>
      {verified ? (
        <span className="inline-flex items-center gap-1 text-sky-300">
          <BadgeCheck className="size-3.5" aria-hidden /> Verified contributor
        </span>
      ) : (
        <span className="text-slate-400">Not verified</span>
      )}
    </button>
  );
}
