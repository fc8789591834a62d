import type { ComparisonSummary, VideoFraming } from "@stepsync/contracts";
import {
  Clock,
  Copy,
  Crosshair,
  Eye,
  Film,
  Loader2,
  Timer,
  Trash2,
  TriangleAlert,
  User,
  UserCheck,
} from "lucide-react";
import { type CSSProperties, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { cx } from "../../components/cx";
import { COMPARE_TEXTS } from "../../constants/texts";
import { elapsedText } from "../../lib/elapsed";
import { activityLabel, formatClock, formatPercent, formatWhen, scoreBgClass } from "../../lib/format";
import { overallProgress } from "../../lib/analysis-progress";
import {
  DANCER_CALL_LABEL,
  DANCER_CALL_NOTE,
  NOT_SAME_LABEL,
  NOT_SAME_NOTE,
  notCounted,
} from "../../constants/result-marks";

/**
 * Places a video so that `crop` (a window of its frame, in fractions of it, at the card's aspect)
 * fills the card: the video is scaled up by the window's inverse and shifted by its corner. A window
 * reaching outside the frame (a portrait video) leaves the card's background at its sides.
 */
export function framedPlacement(crop: VideoFraming["crop"]): CSSProperties {
  const pct = (v: number) => `${Math.round(v * 10000) / 100}%`;
  return { left: pct(-crop.x / crop.w), top: pct(-crop.y / crop.h), width: pct(1 / crop.w), height: pct(1 / crop.h) };
}

/**
 * One comparison in the history grid; hovering swaps the thumbnail for a muted looping preview.
 * With the user's framing, the still is a frame showing their whole body and the preview is cut
 * around them (a portrait video is not cropped to a band across its middle).
 */
export function HistoryCard({
  item,
  highlighted,
  now,
  onDelete,
}: {
  item: ComparisonSummary;
  highlighted: boolean;
  now: number;
  onDelete: (item: ComparisonSummary) => void;
}) {
  const navigate = useNavigate();
  const [hover, setHover] = useState(false);
  const [thumbFailed, setThumbFailed] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const processing = item.status === "processing";
  const failed = item.status === "failed";
  const videoSrc = item.user_video_path;
  // Where the person is in the video: its still shows them whole, and the preview keeps them in view.
  const framing = item.user_framing ?? null;
  // The compare screen's progress figure (upload done, analysis under way), so both say the same.
  const progress = overallProgress("analysing", item.progress);
  const otherRoutine = item.counted === "other_routine";
  // Scored, but counted nowhere (the reference's own recording, a short part), and why.
  const uncounted = notCounted(item.counted);

  const startPreview = () => {
    setHover(true);
    const v = preview.current;
    if (v) {
      v.currentTime = 0;
      void v.play().catch(() => undefined);
    }
  };
  const stopPreview = () => {
    setHover(false);
    preview.current?.pause();
  };

  return (
    <article
      id={`comparison-${item.id}`}
      data-testid="history-card"
      className={cx(
        "glass group flex flex-col overflow-hidden p-0 transition duration-300",
        highlighted ? "ring-2 ring-accent-400 shadow-xl shadow-accent-600/25" : "hover:border-white/20",
      )}
      onMouseEnter={startPreview}
      onMouseLeave={stopPreview}
      onFocus={startPreview}
      onBlur={stopPreview}
    >
      <div className="relative aspect-video overflow-hidden bg-night-800">
        {/* Under the still and the preview: seen while they load, or when neither can be shown. */}
        <div
          className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-night-700 to-night-900 text-slate-500"
          data-testid="history-placeholder"
        >
          <Film className="size-10" aria-hidden />
        </div>
        {item.thumbnail_path && !thumbFailed ? (
          <img
            src={item.thumbnail_path}
            alt=""
            loading="lazy"
            onError={() => setThumbFailed(true)}
            className={cx(
              "absolute inset-0 size-full object-cover transition-opacity",
              hover && videoSrc && "opacity-0",
            )}
          />
        ) : null}
        {videoSrc ? (
          <video
            ref={preview}
            src={`${videoSrc}#t=${framing?.at ?? 0.5}`}
            muted
            loop
            playsInline
            preload="metadata"
            aria-hidden
            tabIndex={-1}
            data-testid="history-preview"
            style={framing ? framedPlacement(framing.crop) : undefined}
            className={cx(
              "absolute transition-opacity",
              framing ? "max-w-none object-fill" : "inset-0 size-full object-cover",
              item.thumbnail_path && !thumbFailed && !hover ? "opacity-0" : "opacity-100",
            )}
          />
        ) : null}
        <span className="absolute left-3 top-3 rounded-full bg-night-950/75 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur">
          {activityLabel(item.activity_type)}
        </span>
        <span className="absolute right-3 top-3">
          {processing ? (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-sky-500/85 px-2.5 py-1 text-xs font-semibold text-white">
              <Loader2 className="size-3.5 animate-spin" aria-hidden /> {progress}%
            </span>
          ) : failed ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-rose-600/90 px-2.5 py-1 text-xs font-semibold text-white">
              <TriangleAlert className="size-3.5" aria-hidden /> {COMPARE_TEXTS.failedItem}
            </span>
          ) : otherRoutine ? (
            // Another routine's score judges nothing: no score at all, only what was found.
            <span
              className="inline-flex items-center gap-1 rounded-full bg-night-950/85 px-2.5 py-1 text-xs font-semibold text-amber-100 ring-1 ring-inset ring-amber-300/50 backdrop-blur"
              data-testid="history-not-same"
            >
              <TriangleAlert className="size-3.5 shrink-0 text-amber-300" aria-hidden /> {NOT_SAME_LABEL}
            </span>
          ) : (
            <span className="inline-flex rounded-full bg-night-950/85 backdrop-blur">
              <span
                className={cx(
                  "rounded-full px-2.5 py-1 text-sm font-bold tabular-nums backdrop-blur",
                  scoreBgClass(item.overall_score),
                )}
                data-testid="history-score"
              >
                {formatPercent(item.overall_score)}
              </span>
            </span>
          )}
        </span>
        {processing ? (
          <div className="absolute inset-x-0 bottom-0 h-1 bg-white/10">
            <div className="h-full bg-sky-400 transition-[width] duration-700" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-white" title={item.reference_title ?? undefined}>
            {item.reference_title || "Your upload"}
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-400">
            {item.contributor_name ? (
              <>
                <User className="size-3.5 shrink-0" aria-hidden />
                {/* A long name gives way; the time stays whole on its line. */}
                <span className="min-w-0 truncate">{item.contributor_name}</span>
                <span aria-hidden>·</span>
              </>
            ) : null}
            <Clock className="size-3.5 shrink-0" aria-hidden />
            <span className="shrink-0">
              {processing ? elapsedText(item.created_at, now) : formatWhen(item.created_at)}
            </span>
          </p>
          {item.part ? (
            <p
              className="mt-2 flex items-center gap-1.5 text-xs font-medium text-accent-200"
              data-testid="history-part"
            >
              <Crosshair className="size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 truncate">
                Practised part: {item.part.label || `${formatClock(item.part.start_s)}–${formatClock(item.part.end_s)}`}
              </span>
            </p>
          ) : null}
          {otherRoutine ? (
            <p className="mt-2 text-xs text-amber-100/80" data-testid="history-not-counted">
              {NOT_SAME_NOTE}
            </p>
          ) : null}
          {item.dancer_call ? (
            <div className="mt-2 space-y-1" data-testid="history-dancer-call">
              <p className="inline-flex items-center gap-1.5 rounded-full bg-violet-400/10 px-2.5 py-1 text-xs font-medium text-violet-100 ring-1 ring-inset ring-violet-300/35">
                <UserCheck className="size-3.5 shrink-0 text-violet-300" aria-hidden />
                {DANCER_CALL_LABEL}
              </p>
              <p className="text-xs text-slate-400">{DANCER_CALL_NOTE}</p>
            </div>
          ) : null}
          {uncounted ? (
            <div className="mt-2 space-y-1" data-testid="history-uncounted">
              <p
                className="inline-flex items-center gap-1.5 rounded-full bg-slate-400/10 px-2.5 py-1 text-xs font-medium text-slate-200 ring-1 ring-inset ring-slate-300/30"
                title={uncounted.note}
              >
                {item.counted === "short_part" ? (
                  <Timer className="size-3.5 shrink-0 text-slate-300" aria-hidden />
                ) : (
                  <Copy className="size-3.5 shrink-0 text-slate-300" aria-hidden />
                )}
                {uncounted.label}
              </p>
              <p className="text-xs text-slate-400">{uncounted.note}</p>
            </div>
          ) : null}
          {failed && item.error ? <p className="mt-2 line-clamp-2 text-xs text-rose-300">{item.error}</p> : null}
          {processing && item.attempt > 1 ? (
            <p className="mt-2 text-xs text-sky-200" role="status">
              {COMPARE_TEXTS.retryingItem(item.attempt)}
            </p>
          ) : null}
        </div>
        <div className="mt-auto flex items-center gap-2">
          <button
            type="button"
            disabled={processing || failed}
            onClick={() => navigate(`/compare?id=${item.id}`)}
            className="inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-full bg-white/10 px-3 text-sm font-semibold text-white transition hover:bg-white/16 disabled:cursor-not-allowed disabled:opacity-55"
          >
            {processing ? (
              <>
                <Loader2 className="size-4 animate-spin" aria-hidden /> {COMPARE_TEXTS.processingItem}
              </>
            ) : failed ? (
              COMPARE_TEXTS.failedItem
            ) : (
              <>
                <Eye className="size-4" aria-hidden /> {COMPARE_TEXTS.viewDetails}
              </>
            )}
          </button>
          <button
            type="button"
            onClick={() => onDelete(item)}
            aria-label={`Delete comparison ${item.id}`}
            className="inline-flex size-9 items-center justify-center rounded-full border border-white/10 text-slate-400 transition hover:border-rose-400/40 hover:bg-rose-500/10 hover:text-rose-200"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
    </article>
  );
}
