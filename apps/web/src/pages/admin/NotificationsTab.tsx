import { ADMIN_MESSAGES, LIMITS, NOTIFICATION_TYPES } from "@stepsync/contracts";
import { useState } from "react";
import { adminApi } from "../../api/admin";
import { keys } from "../../api/keys";
import { SelectField } from "../../components/SelectField";
import { cx } from "../../components/cx";
import {
  DeleteIconButton,
  Empty,
  label,
  Loading,
  Pager,
  Table,
  td,
  UserCell,
  useAdminQuery,
  useConfirmDelete,
  useFlash,
} from "./shared";

/** Notifications: filter by type and read status, delete one. */
export function NotificationsTab() {
  const flash = useFlash();
  const [page, setPage] = useState(1);
  const [type, setType] = useState("");
  const [isRead, setIsRead] = useState("");
  const query = { page, limit: LIMITS.adminPageSize, type, is_read: isRead };
  const q = useAdminQuery(
    flash,
    { queryKey: keys.admin.notifications(query), queryFn: () => adminApi.notifications(query) },
    ADMIN_MESSAGES.loadNotificationsFailed,
  );
  const deletion = useConfirmDelete<number>({
    flash,
    describe: () => "this notification",
    remove: (id) => adminApi.deleteNotification(id),
    invalidates: [keys.admin.notifications(), keys.admin.system()],
    success: () => ADMIN_MESSAGES.notificationDeleted,
    failure: ADMIN_MESSAGES.deleteNotificationFailed,
  });
  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap gap-3">
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setPage(1);
          }}
          options={[
            { value: "", label: "All types" },
            ...NOTIFICATION_TYPES.map((t) => ({ value: t, label: label(t) })),
          ]}
          className="w-40"
        />
        <SelectField
          label="Read status"
          value={isRead}
          onChange={(e) => {
            setIsRead(e.target.value);
            setPage(1);
          }}
          options={[
            { value: "", label: "All" },
            { value: "false", label: "Unread" },
            { value: "true", label: "Read" },
          ]}
          className="w-36"
        />
      </div>
      {q.isPending ? (
        <Loading />
      ) : !q.data || q.data.notifications.length === 0 ? (
        <Empty text={ADMIN_MESSAGES.noNotifications} />
      ) : (
        <Table head={["User", "Type", "Title", "Message", "Status", "Actions"]}>
          {q.data.notifications.map((n) => (
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
          ))}
        </Table>
      )}
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}
