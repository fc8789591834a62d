import { megabytes } from "@stepsync/contracts";
import { Library, Trash2, Upload, Video } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { cx } from "./cx";
import { COMPARE_TEXTS } from "../constants/texts";
import { activityLabel } from "../lib/format";
import { useMaxVideoBytes } from "../api/config";
import { useFileDrop } from "../lib/useFileDrop";
import type { LibraryReference } from "../lib/library";
import { VIDEO_CHECKS, videoErrorText, videoFileProblem } from "../lib/video-checks";

/** An object URL for a picked file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function Preview({
  src,
  label,
  onProblem,
}: {
  src: string;
  label: string;
  /** A picked file's preview: what it found wrong with the file (see videoFileProblem), or null. */
  onProblem?: (problem: string | null) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="relative aspect-video overflow-hidden rounded-2xl border border-white/10 bg-black">
      <video
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        className="size-full object-contain"
        onError={(e) => {
          const code = e.currentTarget.error?.code ?? null;
          setError(videoErrorText(code));
          onProblem?.(videoFileProblem({ mediaError: code, duration: null }));
        }}
        onLoadedMetadata={(e) =>
          onProblem?.(videoFileProblem({ mediaError: null, duration: e.currentTarget.duration }))
        }
      >
        <track kind="captions" />
      </video>
      {error ? (
        <div
          role="alert"
          className="absolute inset-0 flex items-center justify-center bg-night-950/85 p-4 text-center text-sm text-rose-200"
        >
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** One side of the compare form: a drop zone / file input, or the chosen video with its preview. */
export function VideoPicker({
  step,
  title,
  hint,
  inputLabel,
  file,
  onFile,
  library,
  onClearLibrary,
  extraActions,
  note,
  disabled,
  invalid,
  onProblem,
}: {
  step: number;
  title: string;
  hint: string;
  inputLabel: string;
  file: File | null;
  onFile: (file: File | null) => void;
  library?: LibraryReference | null;
  onClearLibrary?: () => void;
  extraActions?: ReactNode;
  /** A line about the chosen file, under it (e.g. that it was danced along with the reference). */
  note?: ReactNode;
  disabled?: boolean;
  invalid?: boolean;
  /** Told what the preview found wrong with the picked file (null: nothing, or no file). */
  onProblem?: (problem: string | null) => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = useObjectUrl(file);
  const maxVideoBytes = useMaxVideoBytes();
  const { dragging, dropProps } = useFileDrop((files) => {
    if (!disabled) pick(files);
  });
  // What the preview found, for the file it was found in: a new file starts with nothing found.
  const [found, setFound] = useState<{ url: string; problem: string | null } | null>(null);
  const problem = found && found.url === url ? found.problem : null;
  useEffect(() => onProblem?.(problem), [problem, onProblem]);

  const pick = (files: FileList | null) => {
    const next = files?.[0];
    if (next) onFile(next);
  };

  let body: ReactNode;
  if (file && url) {
    body = (
      <div className="space-y-3">
        <Preview
          key={url}
          src={url}
          label={`${title} preview`}
          onProblem={(next) => setFound({ url, problem: next })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-slate-300" title={file.name}>
            <Video className="mr-1.5 inline size-4 text-accent-300" aria-hidden />
            <span className="font-medium text-white" data-testid="picked-file">
              {file.name}
            </span>{" "}
            <span className="text-slate-500">· {formatBytes(file.size)}</span>
          </p>
          <div className="flex gap-2">
            <label
              htmlFor={inputId}
              className={cx(
                "inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-white/12 bg-white/8 px-3 text-sm font-medium text-slate-100 hover:bg-white/14",
                disabled && "pointer-events-none opacity-50",
              )}
            >
              <Upload className="size-4" aria-hidden /> Replace
            </label>
            <button
              type="button"
              onClick={() => onFile(null)}
              disabled={disabled}
              aria-label={`Remove ${title.toLowerCase()}`}
              className="inline-flex size-9 items-center justify-center rounded-full border border-white/12 bg-white/8 text-slate-300 hover:bg-rose-500/15 hover:text-rose-200 disabled:opacity-50"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        </div>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-rose-200" data-testid="picked-file-problem">
            {problem}
          </p>
        ) : null}
        {note ? (
          <p className="text-xs text-accent-200" data-testid="picked-file-note">
            {note}
          </p>
        ) : null}
      </div>
    );
  } else if (library) {
    body = (
      <div className="space-y-3">
        {library.videoUrl ? (
          <Preview key={library.videoUrl} src={library.videoUrl} label="Reference preview" />
        ) : (
          <div className="flex aspect-video items-center justify-center rounded-2xl border border-dashed border-white/12 bg-white/[0.03] p-6 text-center text-sm text-slate-300">
            {COMPARE_TEXTS.demoReference}
          </div>
        )}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-white" data-testid="library-reference">
              {library.title ?? `Library video #${library.id}`}
            </p>
            <p className="text-sm text-slate-400">
              {[
                library.category ? activityLabel(library.category) : null,
                library.instructor ? `by ${library.instructor}` : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to="/library"
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-accent-400/50 px-3 text-sm font-medium text-accent-300 hover:bg-accent-500/10"
            >
              <Library className="size-4" aria-hidden /> {COMPARE_TEXTS.changeReference}
            </Link>
            <button
              type="button"
              onClick={onClearLibrary}
              disabled={disabled}
              className="inline-flex h-9 items-center rounded-full border border-white/12 bg-white/8 px-3 text-sm font-medium text-slate-200 hover:bg-white/14 disabled:opacity-50"
            >
              Use a file instead
            </button>
          </div>
        </div>
      </div>
    );
  } else {
    body = (
      <label
        htmlFor={inputId}
        {...dropProps}
        className={cx(
          "flex aspect-video cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition",
          dragging
            ? "border-accent-400 bg-accent-500/10"
            : invalid
              ? "border-rose-400/60 bg-rose-500/5"
              : "border-white/12 bg-white/[0.03] hover:border-accent-400/60 hover:bg-accent-500/5",
          disabled && "pointer-events-none opacity-50",
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-500/12 text-accent-300">
          <Upload className="size-6" aria-hidden />
        </span>
        <span className="text-sm font-semibold text-white">Drop a video here or choose a file</span>
        <span className="text-xs text-slate-400">{VIDEO_CHECKS.limits(megabytes(maxVideoBytes))}</span>
      </label>
    );
  }

  return (
    // min-w-0: as a grid item it would otherwise be as wide as its longest unbroken line (a
    // recording's file name), pushing a phone's page sideways.
    <section className="glass flex min-w-0 flex-col p-5 sm:p-6" aria-labelledby={`${inputId}-title`}>
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-fuchsia-500 text-sm font-bold text-white">
          {step}
        </span>
        <div>
          <h2 id={`${inputId}-title`} className="text-base font-semibold text-white">
            {title}
          </h2>
          <p className="text-sm text-slate-400">{hint}</p>
        </div>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="video/*"
        className="sr-only"
        aria-label={inputLabel}
        disabled={disabled}
        onChange={(e) => {
          pick(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
      />
      <div className="flex-1">{body}</div>
      {extraActions ? <div className="mt-4 flex flex-wrap gap-2">{extraActions}</div> : null}
    </section>
  );
}
