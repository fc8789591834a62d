import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
  DIFFICULTIES,
  LIBRARY_MESSAGES,
  type OwnReferenceVideo,
} from "@stepsync/contracts";
import { CheckCircle2, Clock, Eye, Film, Heart, Pencil, Trash2, Upload, XCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type MyVideoEdit, useDeleteMyVideo, useMyVideos, useUpdateMyVideo } from "../../api/library";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { EmptyState } from "../../components/EmptyState";
import { TextAreaField, TextField } from "../../components/Field";
import { Page, PageHeader } from "../../components/Page";
import { usePageMeta } from "../../components/PageMeta";
import { SelectField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { StatTile } from "../../components/StatTile";
import { formatWhen } from "../../lib/format";
import { toast } from "../../lib/toast";

type Status = OwnReferenceVideo["status"];
const STATUS_META: Record<Status, { label: string; className: string; icon: typeof Clock }> = {
  approved: { label: "Approved", className: "bg-emerald-500/15 text-emerald-300", icon: CheckCircle2 },
  pending: { label: "Pending review", className: "bg-yellow-400/15 text-yellow-200", icon: Clock },
  rejected: { label: "Rejected", className: "bg-rose-500/15 text-rose-300", icon: XCircle },
};

const label = (category: string) => ACTIVITY_LABELS[category as ActivityType] ?? category;

/** What a save did: an approved video's changes wait for review; a rejected one goes back to the queue. */
function savedMessage(before: OwnReferenceVideo, after: OwnReferenceVideo): string {
  if (after.status === "approved" && after.pending_edit) return LIBRARY_MESSAGES.editWaiting;
  if (before.status === "rejected" && after.status === "pending") return "Video updated and sent back for review";
  return "Video updated";
}

function EditDialog({ video, onClose }: { video: OwnReferenceVideo; onClose: () => void }) {
  // An edit already waiting for review is what the contributor goes on from.
  const current = { ...video, ...video.pending_edit };
  const [form, setForm] = useState<MyVideoEdit>({
    title: current.title,
    description: current.description ?? "",
    category: current.category,
    difficulty: current.difficulty,
    tags: current.tags.join(", "),
  });
  const save = useUpdateMyVideo(video.id, {
    onSuccess: (answer) => {
      toast.success(savedMessage(video, answer.video));
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  const set = (key: keyof MyVideoEdit) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <Dialog
      open
      onClose={onClose}
      title="Edit video"
      description={
        video.status === "approved"
          ? "Change the details shown in the library. An admin reviews your changes first; until then the approved version stays live. The video file stays the same."
          : "Change the details shown in the library. The video file stays the same."
      }
    >
      <form onSubmit={submit} className="space-y-4">
        {save.isError ? <Alert>{save.error.message}</Alert> : null}
        <TextField label="Title" value={form.title} onChange={set("title")} required maxLength={200} />
        <TextAreaField label="Description" value={form.description} onChange={set("description")} rows={3} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            value={form.category}
            onChange={set("category")}
            options={ACTIVITY_TYPES.map((c) => ({ value: c, label: ACTIVITY_LABELS[c] }))}
          />
          <SelectField
            label="Difficulty"
            value={form.difficulty}
            onChange={set("difficulty")}
            options={DIFFICULTIES.map((d) => ({ value: d, label: d[0]!.toUpperCase() + d.slice(1) }))}
          />
        </div>
        <TextField label="Tags" hint="Separate tags with commas" value={form.tags} onChange={set("tags")} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ video, onClose }: { video: OwnReferenceVideo; onClose: () => void }) {
  const remove = useDeleteMyVideo(video.id, {
    onSuccess: () => {
      toast.success("Video deleted");
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Delete this video?"
      description={`"${video.title}" will be removed from the library for good, with its views and likes.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
            Delete
          </Button>
        </>
      }
    >
      {remove.isError ? <Alert>{remove.error.message}</Alert> : null}
    </Dialog>
  );
}

/** Contributor Dashboard: the user's own uploads with their real review status, counts, filters, Edit and Delete. */
export default function ContributorPage() {
  usePageMeta("Contributor Dashboard", "Your uploaded reference videos, their review status, views, likes and usage.");
  const { user } = useAuth();
  const canUpload = user?.role === "contributor" || user?.role === "admin";
  const videos = useMyVideos();
  const [status, setStatus] = useState<"" | Status>("");
  const [category, setCategory] = useState("");
  const [editing, setEditing] = useState<OwnReferenceVideo | null>(null);
  const [deleting, setDeleting] = useState<OwnReferenceVideo | null>(null);

  const all = videos.data?.videos ?? [];
  const count = (s: Status) => all.filter((v) => v.status === s).length;
  const list = all.filter((v) => (!status || v.status === status) && (!category || v.category === category));
  const categories = [...new Set(all.map((v) => v.category))];

  return (
    <Page title="Contributor Dashboard">
      <PageHeader
        eyebrow="Contribute"
        title="Contributor Dashboard"
        description="Your uploaded reference videos and where they are in review."
        actions={
          canUpload ? (
            <ButtonLink to="/upload-video" icon={<Upload className="size-4" aria-hidden />}>
              Upload video
            </ButtonLink>
          ) : (
            <ButtonLink to="/contribute" variant="secondary">
              Become a contributor
            </ButtonLink>
          )
        }
      />
      <div className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <StatTile label="Total videos" value={all.length} icon={<Film className="size-4" aria-hidden />} />
        <StatTile label="Approved" value={count("approved")} valueClassName="text-emerald-300" />
        <StatTile label="Pending" value={count("pending")} valueClassName="text-yellow-200" />
        <StatTile label="Rejected" value={count("rejected")} valueClassName="text-rose-300" />
        <StatTile
          label="Total views"
          value={all.reduce((n, v) => n + v.views, 0)}
          icon={<Eye className="size-4" aria-hidden />}
        />
      </div>
      <div className="mb-6 grid gap-3 sm:max-w-lg sm:grid-cols-2">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as "" | Status)}
          options={[
            { value: "", label: "All statuses" },
            { value: "approved", label: "Approved" },
            { value: "pending", label: "Pending" },
            { value: "rejected", label: "Rejected" },
          ]}
        />
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={[{ value: "", label: "All categories" }, ...categories.map((c) => ({ value: c, label: label(c) }))]}
        />
      </div>
      {videos.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your videos" />
        </div>
      ) : videos.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{videos.error.message}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void videos.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <EmptyState
          icon={<Film className="size-6" aria-hidden />}
          title="No videos yet"
          action={
            canUpload ? (
              <ButtonLink to="/upload-video">Upload your first video</ButtonLink>
            ) : (
              <ButtonLink to="/contribute">How to contribute</ButtonLink>
            )
          }
        >
          {canUpload
            ? "Upload a reference video and follow its review here."
            : "Contributor accounts can upload reference videos; their uploads and review status show up here."}
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState title="No videos match these filters">Try another status or category.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.map((v) => {
            const meta = STATUS_META[v.status];
            const StatusIcon = meta.icon;
            return (
              <li key={v.id} className="glass flex flex-col gap-4 p-4 sm:flex-row sm:items-center">
                <div className="aspect-video w-full shrink-0 overflow-hidden rounded-xl bg-night-800 sm:w-40">
                  {v.thumbnail_path ? (
                    <img src={v.thumbnail_path} alt="" className="size-full object-cover" loading="lazy" />
                  ) : (
                    <span className="flex size-full items-center justify-center text-slate-500">
                      <Film className="size-6" aria-hidden />
                    </span>
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="truncate text-base font-semibold text-white">{v.title}</h2>
                    <span
                      className={cx(
                        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                        meta.className,
                      )}
                    >
                      <StatusIcon className="size-3.5" aria-hidden /> {meta.label}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-400">
                    {label(v.category)} · <span className="capitalize">{v.difficulty}</span> · uploaded{" "}
                    {formatWhen(v.created_at)}
                  </p>
                  {v.status === "rejected" && v.review_reason ? (
                    <p className="mt-1 text-sm text-rose-300">Reason: {v.review_reason}</p>
                  ) : null}
                  {v.pending_edit ? (
                    <p className="mt-1 text-sm break-words text-yellow-200">
                      Changes waiting for review
                      {v.pending_edit.title ? `: "${v.pending_edit.title}"` : ""}. The approved version stays live until
                      then.
                    </p>
                  ) : null}
                  {v.edit_review_reason ? (
                    <p className="mt-1 text-sm break-words text-rose-300">
                      Your last changes were not approved: {v.edit_review_reason}
                    </p>
                  ) : null}
                  <p className="mt-2 flex flex-wrap gap-4 text-xs text-slate-400">
                    <span className="flex items-center gap-1">
                      <Eye className="size-3.5" aria-hidden /> {v.views} views
                    </span>
                    <span className="flex items-center gap-1">
                      <Heart className="size-3.5" aria-hidden /> {v.likes_count} likes
                    </span>
                    <span>{v.usage_count} comparisons</span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(v)}
                    icon={<Pencil className="size-4" aria-hidden />}
                    aria-label={`Edit ${v.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDeleting(v)}
                    icon={<Trash2 className="size-4" aria-hidden />}
                    aria-label={`Delete ${v.title}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing ? <EditDialog video={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDialog video={deleting} onClose={() => setDeleting(null)} /> : null}
    </Page>
  );
}
