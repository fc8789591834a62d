import {
  ACTIVITY_TYPES,
  ADMIN_MESSAGES,
  type AdminBundle,
  BUNDLE_FORM_DEFAULTS,
  LIMITS,
  NOTIFICATION_TYPES,
  ROLES,
  type Role,
  type TrafficStats,
} from "@stepsync/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { adminApi, downloadExport } from "../../api/admin";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Field";
import { SelectField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { cx } from "../../components/cx";
import { HourlyChart } from "./HourlyChart";
import {
  useAdminQuery,
  DeleteIconButton,
  FilterInput,
  Pager,
  Table,
  UserCell,
  formatDate,
  roleBadge,
  rupees,
  td,
  useConfirmDelete,
  useFlash,
} from "./shared";

const pct = (n: number | null | undefined) => (n == null ? "N/A" : `${n.toFixed(1)}%`);
const num = (n: number | null | undefined) => (n == null ? "N/A" : n.toLocaleString());
const label = (s: string) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

function Loading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Loading" />
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="glass px-4 py-10 text-center text-slate-400">{text}</p>;
}

const ZERO_TRAFFIC: TrafficStats = {
  application_stats: {
    overview: { total_requests: 0, total_errors: 0, error_rate_percent: 0, active_users: 0, avg_response_time_ms: 0 },
    hourly_traffic: {},
  },
  database_stats: { total_users: 0, total_videos: 0, total_comparisons: 0, database_size_mb: null },
  system_stats: { cpu_percent: 0, memory_percent: 0, disk_percent: null },
};

export function TrafficTab() {
  const flash = useFlash();
  const traffic = useAdminQuery(
    flash,
    { queryKey: ["admin", "traffic"], queryFn: adminApi.traffic },
    ADMIN_MESSAGES.fetchTrafficFailed,
  );
  const realtime = useAdminQuery(
    flash,
    { queryKey: ["admin", "realtime"], queryFn: adminApi.realtime, refetchInterval: LIMITS.realtimeRefreshMs },
    ADMIN_MESSAGES.fetchRealtimeFailed,
  );
  if (traffic.isPending) return <Loading />;
  const t = traffic.data ?? ZERO_TRAFFIC;
  const o = t.application_stats.overview;
  const rt = realtime.data;
  return (
    <div className="space-y-6">
      {flash.view}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatTile label="Total requests" value={num(o.total_requests)} />
        <StatTile label="Total errors" value={num(o.total_errors)} />
        <StatTile label="Error rate" value={pct(o.error_rate_percent)} />
        <StatTile label="Active users" value={num(o.active_users)} />
        <StatTile label="Avg response" value={`${o.avg_response_time_ms.toFixed(1)} ms`} />
      </div>
      <Card>
        <CardTitle>Hourly traffic (last 24 hours)</CardTitle>
        <div className="mt-4">
          <HourlyChart hourly={t.application_stats.hourly_traffic} />
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardTitle aside={<span className="text-xs text-slate-400">every 30 s</span>}>Realtime</CardTitle>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-400">Active users</dt>
            <dd className="text-right tabular-nums text-white">{num(rt?.active_users ?? 0)}</dd>
            <dt className="text-slate-400">Requests</dt>
            <dd className="text-right tabular-nums text-white">{num(rt?.total_requests ?? 0)}</dd>
            <dt className="text-slate-400">Avg response</dt>
            <dd className="text-right tabular-nums text-white">{(rt?.avg_response_time_ms ?? 0).toFixed(1)} ms</dd>
            <dt className="text-slate-400">Error rate</dt>
            <dd className="text-right tabular-nums text-white">{pct(rt?.error_rate_percent ?? 0)}</dd>
          </dl>
          {rt ? <p className="mt-3 text-xs text-slate-500">Updated {formatDate(rt.timestamp)}</p> : null}
        </Card>
        <Card>
          <CardTitle>Database</CardTitle>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-400">Users</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_users)}</dd>
            <dt className="text-slate-400">Library videos</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_videos)}</dd>
            <dt className="text-slate-400">Comparisons</dt>
            <dd className="text-right tabular-nums text-white">{num(t.database_stats.total_comparisons)}</dd>
            <dt className="text-slate-400">Size</dt>
            <dd className="text-right tabular-nums text-white">
              {t.database_stats.database_size_mb == null ? "N/A" : `${t.database_stats.database_size_mb} MB`}
            </dd>
          </dl>
        </Card>
        <Card>
          <CardTitle>System</CardTitle>
          <div className="mt-4 space-y-3">
            {(
              [
                ["CPU", t.system_stats.cpu_percent],
                ["Memory", t.system_stats.memory_percent],
                ["Disk", t.system_stats.disk_percent],
              ] as const
            ).map(([name, value]) => (
              <div key={name}>
                <div className="mb-1 flex justify-between text-sm">
                  <span className="text-slate-400">{name}</span>
                  <span className="tabular-nums text-white">{pct(value)}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-white/8">
                  <div
                    className={cx("h-full rounded-full", (value ?? 0) > 85 ? "bg-rose-400" : "bg-accent-400")}
                    style={{ width: `${Math.min(100, value ?? 0)}%` }}
                  />
                </div>
              </div>
            ))}
          </div>
        </Card>
      </div>
    </div>
  );
}

export function DashboardTab() {
  const flash = useFlash();
  const q = useAdminQuery(
    flash,
    { queryKey: ["admin", "stats"], queryFn: adminApi.stats },
    ADMIN_MESSAGES.loadStatsFailed,
  );
  if (q.isPending) return <Loading />;
  return (
    <div className="space-y-4">
      {flash.view}
      {q.data ? (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <StatTile label="Total users" value={num(q.data.total_users)} />
          <StatTile label="New this month" value={num(q.data.new_users_this_month)} />
          <StatTile label="Users" value={num(q.data.role_stats.user)} />
          <StatTile label="Contributors" value={num(q.data.role_stats.contributor)} />
          <StatTile label="Admins" value={num(q.data.role_stats.admin)} />
        </div>
      ) : null}
    </div>
  );
}

const roleOptions = ROLES.map((r) => ({ value: r, label: label(r) }));

export function UsersTab({ currentUserId }: { currentUserId: number | undefined }) {
  const flash = useFlash();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [role, setRole] = useState("");
  const q = useAdminQuery(
    flash,
    {
      queryKey: ["admin", "users", page, role],
      queryFn: () => adminApi.users({ page, limit: LIMITS.adminPageSize, role }),
    },
    ADMIN_MESSAGES.loadUsersFailed,
  );
  const refresh = () => client.invalidateQueries({ queryKey: ["admin", "users"] });

  async function changeRole(id: number, next: Role) {
    try {
      await adminApi.setRole(id, next);
      flash.ok(ADMIN_MESSAGES.roleUpdated);
      await refresh();
    } catch (err) {
      flash.fail(err, ADMIN_MESSAGES.updateRoleFailed);
    }
  }
  const deletion = useConfirmDelete<{ id: number; username: string }>({
    flash,
    describe: (u) => `user ${u.username} and all their data`,
    remove: async (u) => {
      await adminApi.deleteUser(u.id);
      await refresh();
      return ADMIN_MESSAGES.userDeleted(u.username);
    },
    failure: ADMIN_MESSAGES.deleteUserFailed,
  });
  async function exportUsers() {
    try {
      await downloadExport("users");
      flash.ok(ADMIN_MESSAGES.usersExported);
    } catch (err) {
      flash.fail(err, ADMIN_MESSAGES.exportUsersFailed);
    }
  }

  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Filter by role"
          value={role}
          onChange={(e) => {
            setRole(e.target.value);
            setPage(1);
          }}
          options={[{ value: "", label: "All roles" }, ...roleOptions]}
          className="w-48"
        />
        <Button variant="secondary" onClick={exportUsers} icon={<Download className="size-4" aria-hidden />}>
          Export Users
        </Button>
      </div>
      {q.isPending ? (
        <Loading />
      ) : !q.data || q.data.users.length === 0 ? (
        <Empty text={ADMIN_MESSAGES.noUsers} />
      ) : (
        <Table head={["Username", "Email", "Role", "Joined", "Actions"]}>
          {q.data.users.map((u) => (
            <tr key={u.id}>
              <td className={cx(td, "min-w-[9rem] font-medium text-white")}>{u.username}</td>
              <td className={cx(td, "min-w-[12rem] max-w-[18rem] break-all")}>{u.email}</td>
              <td className={td}>
                <div className="flex items-center gap-2">
                  <span className={cx("rounded-full px-2 py-0.5 text-xs ring-1", roleBadge[u.role])}>{u.role}</span>
                  <select
                    aria-label={`Role of ${u.username}`}
                    value={u.role}
                    disabled={u.id === currentUserId}
                    onChange={(e) => changeRole(u.id, e.target.value as Role)}
                    className="rounded-lg border border-white/12 bg-night-900 px-2 py-1 text-sm text-slate-100 disabled:opacity-50"
                  >
                    {roleOptions.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
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
          ))}
        </Table>
      )}
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}

export function VideosTab() {
  const flash = useFlash();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState({ status: "", category: "", is_featured: "", search: "" });
  const q = useAdminQuery(
    flash,
    {
      queryKey: ["admin", "videos", page, filters],
      queryFn: () => adminApi.videos({ page, limit: LIMITS.adminPageSize, ...filters }),
    },
    ADMIN_MESSAGES.loadVideosFailed,
  );
  const pending = useQuery({
    queryKey: ["admin", "videos", "pending"],
    queryFn: () => adminApi.videos({ page: 1, limit: 100, status: "pending" }),
    retry: false,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ["admin", "videos"] });
  const setFilter = (key: keyof typeof filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  async function toggle(id: number, featured: boolean) {
    try {
      await adminApi.feature(id, featured);
      flash.ok(featured ? ADMIN_MESSAGES.videoFeatured : ADMIN_MESSAGES.videoUnfeatured);
      await refresh();
    } catch (err) {
      flash.fail(err, ADMIN_MESSAGES.toggleFeatureFailed);
    }
  }
  async function review(id: number, status: "approved" | "rejected") {
    try {
      await adminApi.review(id, status);
      flash.ok(status === "approved" ? ADMIN_MESSAGES.videoApproved : ADMIN_MESSAGES.videoRejected);
      await refresh();
    } catch (err) {
      flash.fail(err, ADMIN_MESSAGES.reviewFailed);
    }
  }
  const deletion = useConfirmDelete<{ id: number; title: string }>({
    flash,
    describe: (v) => `the video "${v.title}" and its files`,
    remove: async (v) => {
      await adminApi.deleteVideo(v.id);
      await refresh();
      return ADMIN_MESSAGES.videoDeleted(v.title);
    },
    failure: ADMIN_MESSAGES.deleteVideoFailed,
  });
  async function exportVideos() {
    try {
      await downloadExport("videos");
      flash.ok(ADMIN_MESSAGES.videosExported);
    } catch (err) {
      flash.fail(err, ADMIN_MESSAGES.exportVideosFailed);
    }
  }

  const queue = pending.data?.videos ?? [];
  return (
    <div className="space-y-4">
      {flash.view}
      {queue.length > 0 ? (
        <Card>
          <CardTitle>Waiting for review ({queue.length})</CardTitle>
          <ul className="mt-3 divide-y divide-white/6">
            {queue.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-white">{v.title}</p>
                  <p className="text-xs text-slate-400">
                    {label(v.category)} · by {v.contributor_username ?? "deleted user"} · poses:{" "}
                    <span
                      className={
                        v.pose_status === "failed"
                          ? "text-rose-300"
                          : v.pose_status === "ready"
                            ? "text-emerald-300"
                            : ""
                      }
                    >
                      {v.pose_status}
                    </span>
                    {v.pose_error ? ` (${v.pose_error})` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" disabled={v.pose_status === "failed"} onClick={() => review(v.id, "approved")}>
                    Approve
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => review(v.id, "rejected")}>
                    Reject
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
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
            ...ACTIVITY_TYPES.map((c) => ({ value: c, label: label(c) })),
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
      {q.isPending ? (
        <Loading />
      ) : !q.data || q.data.videos.length === 0 ? (
        <Empty text={ADMIN_MESSAGES.noVideos} />
      ) : (
        <Table head={["Title", "Category", "Contributor", "Status", "Views", "Likes", "Uses", "Actions"]}>
          {q.data.videos.map((v) => (
            <tr key={v.id}>
              <td className={cx(td, "min-w-[12rem] font-medium text-white")}>
                {v.is_featured ? (
                  <Star className="mr-1 inline size-4 fill-amber-300 text-amber-300" aria-label="Featured" />
                ) : null}
                {v.title}
              </td>
              <td className={td}>{label(v.category)}</td>
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
                    onClick={() => toggle(v.id, !v.is_featured)}
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
          ))}
        </Table>
      )}
      <Pager pagination={q.data?.pagination} onPage={setPage} />
      {deletion.dialog}
    </div>
  );
}

export function CommentsTab() {
  const flash = useFlash();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [videoId, setVideoId] = useState("");
  const [userId, setUserId] = useState("");
  const q = useAdminQuery(
    flash,
    {
      queryKey: ["admin", "comments", page, videoId, userId],
      queryFn: () => adminApi.comments({ page, limit: LIMITS.adminPageSize, video_id: videoId, user_id: userId }),
    },
    ADMIN_MESSAGES.loadCommentsFailed,
  );
  const deletion = useConfirmDelete<number>({
    flash,
    describe: () => "this comment",
    remove: async (id) => {
      await adminApi.deleteComment(id);
      await client.invalidateQueries({ queryKey: ["admin", "comments"] });
      return ADMIN_MESSAGES.commentDeleted;
    },
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
          value={videoId}
          onChange={(e) => {
            setVideoId(digits(e.target.value));
            setPage(1);
          }}
          className="w-36"
        />
        <FilterInput
          label="User ID"
          inputMode="numeric"
          value={userId}
          onChange={(e) => {
            setUserId(digits(e.target.value));
            setPage(1);
          }}
          className="w-36"
        />
      </div>
      {q.isPending ? (
        <Loading />
      ) : !q.data || q.data.comments.length === 0 ? (
        <Empty text={ADMIN_MESSAGES.noComments} />
      ) : (
        <Table head={["User", "Video", "Comment", "Posted", "Actions"]}>
          {q.data.comments.map((c) => (
            <tr key={c.id}>
              <UserCell username={c.username} email={c.email} />
              <td className={cx(td, "min-w-[10rem]")}>
                #{c.video_id} {c.video_title}
              </td>
              <td className={cx(td, "min-w-[16rem] max-w-md whitespace-pre-wrap break-words")}>{c.content}</td>
              <td className={cx(td, "whitespace-nowrap text-slate-400")}>{formatDate(c.created_at)}</td>
              <td className={td}>
                <DeleteIconButton label="Delete comment" onClick={() => deletion.ask(c.id)} />
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

export function NotificationsTab() {
  const flash = useFlash();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [type, setType] = useState("");
  const [isRead, setIsRead] = useState("");
  const q = useAdminQuery(
    flash,
    {
      queryKey: ["admin", "notifications", page, type, isRead],
      queryFn: () => adminApi.notifications({ page, limit: LIMITS.adminPageSize, type, is_read: isRead }),
    },
    ADMIN_MESSAGES.loadNotificationsFailed,
  );
  const deletion = useConfirmDelete<number>({
    flash,
    describe: () => "this notification",
    remove: async (id) => {
      await adminApi.deleteNotification(id);
      await client.invalidateQueries({ queryKey: ["admin", "notifications"] });
      return ADMIN_MESSAGES.notificationDeleted;
    },
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

type FormState = {
  name: string;
  description: string;
  credits_amount: string;
  price: string;
  is_active: boolean;
  is_popular: boolean;
};
const toForm = (b?: AdminBundle): FormState =>
  b
    ? {
        name: b.name,
        description: b.description,
        credits_amount: String(b.credits_amount),
        price: String(b.price),
        is_active: b.is_active,
        is_popular: b.is_popular,
      }
    : {
        ...BUNDLE_FORM_DEFAULTS,
        credits_amount: String(BUNDLE_FORM_DEFAULTS.credits_amount),
        price: String(BUNDLE_FORM_DEFAULTS.price),
      };

export function BundlesTab() {
  const flash = useFlash();
  const client = useQueryClient();
  const [editing, setEditing] = useState<AdminBundle | "new" | null>(null);
  const [form, setForm] = useState<FormState>(toForm());
  const [formError, setFormError] = useState<string | null>(null);
  const q = useAdminQuery(
    flash,
    { queryKey: ["admin", "bundles"], queryFn: adminApi.bundles },
    ADMIN_MESSAGES.loadBundlesFailed,
  );
  const refresh = () => client.invalidateQueries({ queryKey: ["admin", "bundles"] });

  function open(b: AdminBundle | "new") {
    setEditing(b);
    setForm(toForm(b === "new" ? undefined : b));
    setFormError(null);
  }
  async function save(event: FormEvent) {
    event.preventDefault();
    const credits = Number(form.credits_amount);
    const price = Number(form.price);
    if (!form.name.trim()) return setFormError(ADMIN_MESSAGES.bundleNameRequired);
    if (form.credits_amount === "" || !Number.isInteger(credits) || credits < 1)
      return setFormError(ADMIN_MESSAGES.bundleCreditsInvalid);
    if (form.price === "" || !Number.isFinite(price) || price < 0)
      return setFormError(ADMIN_MESSAGES.bundlePriceInvalid);
    const body = { ...form, name: form.name.trim(), credits_amount: credits, price: Math.round(price * 100) / 100 };
    const isNew = editing === "new";
    try {
      if (editing === "new") await adminApi.createBundle(body);
      else if (editing) await adminApi.updateBundle(editing.id, body);
      flash.ok(isNew ? ADMIN_MESSAGES.bundleCreated : ADMIN_MESSAGES.bundleUpdated);
      setEditing(null);
      await refresh();
    } catch (err) {
      setFormError(
        err instanceof Error && err.message
          ? err.message
          : isNew
            ? ADMIN_MESSAGES.createBundleFailed
            : ADMIN_MESSAGES.updateBundleFailed,
      );
    }
  }
  const deletion = useConfirmDelete<AdminBundle>({
    flash,
    describe: (b) => `the bundle "${b.name}"`,
    remove: async (b) => {
      const res = await adminApi.deleteBundle(b.id);
      await refresh();
      return res.deactivated ? ADMIN_MESSAGES.bundleDeactivated : ADMIN_MESSAGES.bundleDeleted;
    },
    failure: ADMIN_MESSAGES.deleteBundleFailed,
  });

  return (
    <div className="space-y-4">
      {flash.view}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-400">Prices are in rupees (₹), the currency checkout charges in.</p>
        <Button onClick={() => open("new")} icon={<Plus className="size-4" aria-hidden />}>
          Add Bundle
        </Button>
      </div>
      {q.isPending ? (
        <Loading />
      ) : !q.data || q.data.bundles.length === 0 ? (
        <Empty text={ADMIN_MESSAGES.noBundles} />
      ) : (
        <Table head={["Name", "Credits", "Price", "Status", "Purchases", "Actions"]}>
          {q.data.bundles.map((b) => (
            <tr key={b.id}>
              <td className={cx(td, "min-w-[13rem]")}>
                <p className="font-medium text-white">
                  {b.name}{" "}
                  {b.is_popular ? (
                    <span className="ml-1 rounded-full bg-amber-400/15 px-2 py-0.5 text-xs text-amber-200">
                      Popular
                    </span>
                  ) : null}
                </p>
                {b.description ? <p className="text-xs text-slate-400">{b.description}</p> : null}
              </td>
              <td className={cx(td, "tabular-nums")}>{b.credits_amount}</td>
              <td className={cx(td, "whitespace-nowrap tabular-nums")}>{rupees(b.price)}</td>
              <td className={td}>
                <span className={b.is_active ? "text-emerald-300" : "text-slate-400"}>
                  {b.is_active ? "Active" : "Inactive"}
                </span>
              </td>
              <td className={cx(td, "tabular-nums")}>{b.purchases}</td>
              <td className={td}>
                <div className="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Edit ${b.name}`}
                    onClick={() => open(b)}
                    icon={<Pencil className="size-4" aria-hidden />}
                  />
                  <DeleteIconButton label={`Delete ${b.name}`} onClick={() => deletion.ask(b)} />
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Add Credit Bundle" : "Edit Credit Bundle"}
      >
        <form onSubmit={save} noValidate className="space-y-4">
          <TextField
            label="Name"
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
          <TextField
            label="Description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Credits"
              type="number"
              min={1}
              step={1}
              required
              value={form.credits_amount}
              onChange={(e) => setForm({ ...form, credits_amount: e.target.value })}
            />
            <TextField
              label="Price (₹)"
              type="number"
              min={0}
              step={0.01}
              required
              value={form.price}
              onChange={(e) => setForm({ ...form, price: e.target.value })}
            />
          </div>
          <div className="flex gap-6 text-sm text-slate-200">
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.is_active}
                onChange={(e) => setForm({ ...form, is_active: e.target.checked })}
              />
              Active
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={form.is_popular}
                onChange={(e) => setForm({ ...form, is_popular: e.target.checked })}
              />
              Popular
            </label>
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-rose-300">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit">{editing === "new" ? "Create" : "Save"}</Button>
          </div>
        </form>
      </Dialog>
      {deletion.dialog}
    </div>
  );
}

export function SystemTab() {
  const flash = useFlash();
  const q = useAdminQuery(
    flash,
    { queryKey: ["admin", "system"], queryFn: adminApi.systemStats },
    ADMIN_MESSAGES.loadSystemStatsFailed,
  );
  if (q.isPending) return <Loading />;
  const s = q.data;
  return (
    <div className="space-y-6">
      {flash.view}
      {s ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatTile label="Total users" value={num(s.total_users)} />
            <StatTile label="New (30 days)" value={num(s.new_users_30_days)} />
            <StatTile label="Library videos" value={num(s.total_videos)} />
            <StatTile label="Video views" value={num(s.total_video_views)} />
            <StatTile label="Comparisons" value={num(s.total_comparisons)} />
            <StatTile label="Avg score" value={`${s.average_comparison_score.toFixed(1)}%`} />
            <StatTile label="Comments" value={num(s.total_comments)} />
            <StatTile label="Notifications" value={num(s.total_notifications)} />
            <StatTile label="Purchases" value={num(s.total_purchases)} />
            <StatTile label="Revenue (₹)" value={rupees(s.total_revenue)} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardTitle>Roles</CardTitle>
              <ul className="mt-3 space-y-2 text-sm">
                {Object.entries(s.role_distribution).map(([role, n]) => (
                  <li key={role} className="flex justify-between">
                    <span className={cx("rounded-full px-2 py-0.5 text-xs ring-1", roleBadge[role])}>{role}</span>
                    <span className="tabular-nums text-white">{n}</span>
                  </li>
                ))}
              </ul>
            </Card>
            <Card>
              <CardTitle>Video categories</CardTitle>
              {Object.keys(s.video_categories).length === 0 ? (
                <p className="mt-3 text-sm text-slate-400">{ADMIN_MESSAGES.noVideos}</p>
              ) : (
                <ul className="mt-3 space-y-2 text-sm">
                  {Object.entries(s.video_categories).map(([c, n]) => (
                    <li key={c} className="flex justify-between">
                      <span>{label(c)}</span>
                      <span className="tabular-nums text-white">{n}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </>
      ) : null}
    </div>
  );
}
