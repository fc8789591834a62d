import { ADMIN_MESSAGES, NOTIFICATION_TYPES } from "@stepsync/contracts";
import { adminQueries, useAdminQuery, adminChanges } from "../../api/admin";
import { SelectField } from "../../components/SelectField";
import { cx } from "../../components/cx";
import { DeleteIconButton, ListBody, Pager, td, UserCell, useConfirmDelete, usePagedFilters } from "./list-parts";
import { titleWords } from "../../lib/format";
import { useFlash } from "./flash";

/** Notifications: filter by type and read status, delete one. */
export function NotificationsTab() {
  const flash = useFlash();
  const { filters, setFilter, setPage, query } = usePagedFilters({ type: "", is_read: "" });
  const q = useAdminQuery(flash, adminQueries.notifications(query), ADMIN_MESSAGES.loadNotificationsFailed);
  const deletion = useConfirmDelete(adminChanges.deleteNotification(), {
    report: flash,
    describe: () => "this notification",
    success: () => ADMIN_MESSAGES.notificationDeleted,
    failure: ADMIN_MESSAGES.deleteNotificationFailed,
  });
  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap gap-3">
        <SelectField
          label="Type"
          value={filters.type}
          onChange={(e) => setFilter("type", e.target.value)}
          options={[
            { value: "", label: "All types" },
            ...NOTIFICATION_TYPES.map((t) => ({ value: t, label: titleWords(t) })),
          ]}
          className="w-40"
        />
        <SelectField
          label="Read status"
          value={filters.is_read}
          onChange={(e) => setFilter("is_read", e.target.value)}
          options={[
            { value: "", label: "All" },
            { value: "false", label: "Unread" },
            { value: "true", label: "Read" },
          ]}
          className="w-36"
        />
      </div>
      <ListBody
        pending={q.isPending}
        rows={q.data?.notifications}
        empty={ADMIN_MESSAGES.noNotifications}
        head={["User", "Type", "Title", "Message", "Status", "Actions"]}
      >
        {(n) => (
          <tr key={n.id}>
            <UserCell username={n.username} email={n.email} />
            <td className={cx(td, "whitespace-nowrap")}>{n.type}</td>
            <td className={cx(td, "min-w-[10rem]")}>{n.title}</td>
            <td className={cx(td, "min-w-[14rem] max-w-sm break-words")}>{n.message}</td>
            <td className={td}>{n.is_read ? "Read" : "Unread"}</td>
            <td className={td}>
              <DeleteIconButton label="Delete notification" onClick={() => deletion.ask(n.id)} />
            </td>
          </tr>
        )}
      </ListBody>
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}
