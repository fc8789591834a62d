import { ADMIN_MESSAGES, type AdminUser, ROLES, type Role } from "@stepsync/contracts";
import { BadgeCheck, Coins, Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { adminQueries, useAdminMutation, useAdminQuery, adminChanges } from "../../api/admin";
import { Button } from "../../components/Button";
import { SelectField } from "../../components/SelectField";
import { cx } from "../../components/cx";
import { useMediaQuery, WIDE_SCREEN } from "../../lib/useMediaQuery";
import { exportCsv, ListBody, Pager, roleBadge, td, useConfirmDelete, usePagedFilters } from "./list-parts";
import { whenOrNA } from "./figures";
import { titleWords } from "../../lib/format";
import { useFlash } from "./flash";
import { GrantCreditsDialog } from "./GrantCreditsDialog";

const roleOptions = ROLES.map((r) => ({ value: r, label: titleWords(r) }));

/**
 * User Management: filter by role, change a role, verify or unverify a contributor (the Verified
 * mark on their videos and profile, not the e-mail address), give or take back credits with a reason,
 * delete a user with their data, export CSV.
 * A table on wide screens; on a phone one card per user with the same controls.
 */
export function UsersTab({ currentUserId }: { currentUserId: number | undefined }) {
  const flash = useFlash();
  const { filters, setFilter, setPage, query } = usePagedFilters({ role: "" });
  const q = useAdminQuery(flash, adminQueries.users(query), ADMIN_MESSAGES.loadUsersFailed);
  // A role shows in the list and in the role counts of Dashboard and System Stats.
  const changeRole = useAdminMutation(adminChanges.setRole(), {
    report: flash,
    success: () => ADMIN_MESSAGES.roleUpdated,
    failure: ADMIN_MESSAGES.updateRoleFailed,
  });
  const changeVerified = useAdminMutation(adminChanges.setVerified(), {
    report: flash,
    success: (res) => res.message,
    failure: ADMIN_MESSAGES.updateVerifiedFailed,
  });
  const deletion = useConfirmDelete(adminChanges.deleteUser<{ id: number; username: string }>(), {
    report: flash,
    describe: (u) => `user ${u.username} and all their data`,
    success: (u) => ADMIN_MESSAGES.userDeleted(u.username),
    failure: ADMIN_MESSAGES.deleteUserFailed,
  });
  const [crediting, setCrediting] = useState<AdminUser | null>(null);
  const wide = useMediaQuery(WIDE_SCREEN);
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
        head={["Username", "Email", "Role", "Verified contributor", "Credits", "Joined", "Actions"]}
        cards={!wide}
      >
        {(u) => {
          const own = u.id === currentUserId;
          const role = <RoleSelect user={u} own={own} onChange={(r) => changeRole.mutate({ id: u.id, role: r })} />;
          const verified = (
            <VerifiedSwitch
              username={u.username}
              verified={u.verified}
              busy={changeVerified.isPending && changeVerified.variables?.id === u.id}
              onChange={(v) => changeVerified.mutate({ id: u.id, verified: v })}
            />
          );
          const credits = (
            <span className="inline-flex items-center gap-2">
              {/* In the table, right-aligned so the Give buttons line up. */}
              <span
                className={cx("tabular-nums text-white", wide && "min-w-[4ch] text-right")}
                data-testid="user-credits"
              >
                {u.credits}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Credits for ${u.username}`}
                onClick={() => setCrediting(u)}
                icon={<Coins className="size-4 text-accent-300" aria-hidden />}
              >
                Give
              </Button>
            </span>
          );
          const remove = (
            <Button
              variant="ghost"
              size="sm"
              disabled={own}
              aria-label={`Delete ${u.username}`}
              onClick={() => deletion.ask({ id: u.id, username: u.username })}
              icon={<Trash2 className="size-4 text-rose-300" aria-hidden />}
            >
              Delete
            </Button>
          );
          // A phone: one card per user, everything in view without scrolling sideways.
          if (!wide)
            return (
              <li key={u.id} className="glass space-y-3 p-4" data-testid="user-card">
                <div className="min-w-0">
                  <p className="break-words font-medium text-white">{u.username}</p>
                  <p className="break-all text-sm text-slate-400">{u.email}</p>
                  <p className="mt-0.5 text-xs text-slate-500">Joined {whenOrNA(u.created_at)}</p>
                </div>
                {/* Captioned as the table's columns are, so "Not verified" is not read as the e-mail's. */}
                <dl className="flex flex-wrap gap-x-6 gap-y-3">
                  <div className="space-y-1">
                    <dt className="text-xs uppercase tracking-wider text-slate-400">Role</dt>
                    <dd>{role}</dd>
                  </div>
                  <div className="space-y-1">
                    <dt className="text-xs uppercase tracking-wider text-slate-400">Verified contributor</dt>
                    <dd>{verified}</dd>
                  </div>
                  <div className="space-y-1">
                    <dt className="text-xs uppercase tracking-wider text-slate-400">Credits</dt>
                    <dd>{credits}</dd>
                  </div>
                </dl>
                <div className="flex justify-end">{remove}</div>
              </li>
            );
          return (
            <tr key={u.id}>
              <td className={cx(td, "min-w-[9rem] font-medium text-white")}>{u.username}</td>
              <td className={cx(td, "min-w-[12rem] max-w-[18rem] break-all")}>{u.email}</td>
              <td className={td}>{role}</td>
              <td className={td}>{verified}</td>
              <td className={cx(td, "whitespace-nowrap")}>{credits}</td>
              <td className={cx(td, "whitespace-nowrap text-slate-400")}>{whenOrNA(u.created_at)}</td>
              <td className={td}>{remove}</td>
            </tr>
          );
        }}
      </ListBody>
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
      <GrantCreditsDialog user={crediting} onClose={() => setCrediting(null)} report={flash} />
    </div>
  );
}

/** One control shows the role and changes it, in the role's badge colours; your own role stays as it is. */
function RoleSelect({ user, own, onChange }: { user: AdminUser; own: boolean; onChange: (role: Role) => void }) {
  return (
    <select
      aria-label={`Role of ${user.username}`}
      value={user.role}
      disabled={own}
      title={own ? "Your own role cannot be changed here" : undefined}
      onChange={(e) => onChange(e.target.value as Role)}
      className={cx(
        "rounded-full px-2.5 py-1 text-sm ring-1 disabled:cursor-not-allowed disabled:opacity-70",
        roleBadge[user.role],
      )}
    >
      {roleOptions.map((o) => (
        <option key={o.value} value={o.value} className="bg-night-900 text-slate-100">
          {o.label}
        </option>
      ))}
    </select>
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
