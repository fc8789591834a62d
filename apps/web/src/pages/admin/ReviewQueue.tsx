import { ADMIN_MESSAGES, LIBRARY_MESSAGES, type OwnReferenceVideo, type PendingVideoEdit } from "@stepsync/contracts";
import { Play } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useReviewQueue, useAdminMutation, adminChanges } from "../../api/admin";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { TextAreaField } from "../../components/Field";
import { formatDuration } from "../../lib/library";
import { titleWords } from "../../lib/format";
import type { Flash } from "./flash";

type Decision = { id: number; status: "approved" | "rejected"; reason?: string };

/**
 * The review queue of Video Management: each video with its thumbnail and a preview player (loaded
 * only when asked for), its poses, and for an edit of an approved video the changes it makes.
 * Approve, or Reject with a reason the contributor reads.
 */
export function ReviewQueue({ flash }: { flash: Flash }) {
  // Quiet on failure: the video list below reports a failed load.
  const queue = useReviewQueue();
  const review = useAdminMutation(adminChanges.review(), {
    report: flash,
    success: (_, { status }) => (status === "approved" ? ADMIN_MESSAGES.videoApproved : ADMIN_MESSAGES.videoRejected),
    failure: ADMIN_MESSAGES.reviewFailed,
  });
  const videos = queue.data?.videos ?? [];
  if (videos.length === 0) return null;
  return (
    <Card>
      <CardTitle>Waiting for review ({videos.length})</CardTitle>
      <ul className="mt-3 divide-y divide-white/6">
        {videos.map((v) => (
          <QueueItem key={v.id} video={v} busy={review.isPending} onDecide={(d) => review.mutate(d)} />
        ))}
      </ul>
    </Card>
  );
}

function QueueItem({
  video: v,
  busy,
  onDecide,
}: {
  video: OwnReferenceVideo;
  busy: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const isEdit = v.status === "approved" && v.pending_edit !== null;

  function reject(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setReasonError(LIBRARY_MESSAGES.rejectReasonRequired);
      return;
    }
    onDecide({ id: v.id, status: "rejected", reason: reason.trim() });
  }

  return (
    <li className="flex flex-col gap-4 py-4 sm:flex-row" aria-label={`Review ${v.title}`}>
      <Preview video={v} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium break-words text-white">{v.title}</p>
          {isEdit ? (
            <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-200">
              Edit of a live video
            </span>
          ) : null}
        </div>
        <p className="text-xs text-slate-400">
          {titleWords(v.category)} · {v.difficulty} · {formatDuration(v.duration)} · by{" "}
          {v.contributor_name ?? "deleted user"} · poses:{" "}
          <span
            className={
              v.pose_status === "failed" ? "text-rose-300" : v.pose_status === "ready" ? "text-emerald-300" : ""
            }
          >
            {v.pose_status}
          </span>
          {v.pose_error ? ` (${v.pose_error})` : ""}
        </p>
        {isEdit && v.pending_edit ? (
          <EditChanges video={v} edit={v.pending_edit} />
        ) : v.description ? (
          <p className="line-clamp-3 text-sm text-slate-300">{v.description}</p>
        ) : null}
        {rejecting ? (
          <form onSubmit={reject} className="space-y-2" noValidate>
            <TextAreaField
              label={isEdit ? "Why are these changes not approved?" : "Why is this video rejected?"}
              rows={2}
              maxLength={1000}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setReasonError(null);
              }}
              placeholder="The contributor sees this reason"
              required
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="danger" type="submit" disabled={busy}>
                {isEdit ? "Reject changes" : "Reject video"}
              </Button>
              <Button size="sm" variant="ghost" type="button" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              size="sm"
              disabled={busy || (!isEdit && v.pose_status === "failed")}
              onClick={() => onDecide({ id: v.id, status: "approved" })}
            >
              {isEdit ? "Approve changes" : "Approve"}
            </Button>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setRejecting(true)}>
              {isEdit ? "Reject changes" : "Reject"}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The thumbnail with a play button; pressing it loads the video in a player in its place. */
function Preview({ video }: { video: OwnReferenceVideo }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full shrink-0 overflow-hidden rounded-2xl bg-night-800 sm:w-64">
      {playing ? (
        // biome-ignore lint/a11y/useMediaCaption: contributors' dance videos carry no captions to show.
        <video
          src={video.file_path}
          poster={video.thumbnail_path ?? undefined}
          controls
          autoPlay
          playsInline
          className="size-full bg-black object-contain"
          aria-label={`Preview of ${video.title}`}
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group flex size-full items-center justify-center"
          aria-label={`Play preview of ${video.title}`}
        >
          {video.thumbnail_path ? (
            <img src={video.thumbnail_path} alt="" className="absolute inset-0 size-full object-cover" />
          ) : null}
          <span className="relative inline-flex size-12 items-center justify-center rounded-full bg-black/60 text-white transition group-hover:bg-accent-500">
            <Play className="size-6" aria-hidden />
          </span>
        </button>
      )}
    </div>
  );
}

const EDIT_FIELDS = ["title", "description", "category", "difficulty", "tags"] as const;
const show = (value: unknown) =>
  Array.isArray(value)
    ? value.join(", ") || "—"
    : value === null || value === undefined || value === ""
      ? "—"
      : String(value);

/** What an edit changes: each field's live value and the new one. */
function EditChanges({ video, edit }: { video: OwnReferenceVideo; edit: PendingVideoEdit }) {
  const rows = EDIT_FIELDS.filter((f) => edit[f] !== undefined);
  return (
    <dl className="space-y-1 rounded-xl bg-white/[0.03] p-3 text-sm" aria-label="Changes waiting for review">
      {rows.map((f) => (
        <div key={f} className="grid gap-x-2 sm:grid-cols-[6rem_1fr]">
          <dt className="text-slate-400 capitalize">{f}</dt>
          <dd className="min-w-0 break-words text-slate-200">
            <span className="text-slate-500 line-through">{show(video[f])}</span> <span aria-hidden>→</span>{" "}
            <span className="sr-only">becomes</span> {show(edit[f])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
