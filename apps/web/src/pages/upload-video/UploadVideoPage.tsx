import {
  ACTIVITY_TYPES,
  type ActivityType,
  DIFFICULTIES,
  LIBRARY_MESSAGES,
  megabytes,
  ACTIVITY_LABELS,
  STYLE_DESCRIPTIONS,
  UPLOAD_MESSAGES,
} from "@stepsync/contracts";
import {
  CircleCheck,
  Crown,
  Drum,
  Flame,
  GraduationCap,
  Heart,
  Image as ImageIcon,
  type LucideIcon,
  Mic,
  Music,
  Sparkles,
  Trash2,
  Upload,
  Waves,
} from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { keys } from "../../api/keys";
import { uploadReferenceVideo } from "../../api/library";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { Button, ButtonLink } from "../../components/Button";
import { Card } from "../../components/Card";
import { cx, chipColours } from "../../components/cx";
import { EmptyState } from "../../components/EmptyState";
import { TextAreaField, TextField } from "../../components/Field";
import { Page, PageHeader } from "../../components/Page";
import { validateThumbnail, validateTitle, validateVideoFile } from "../../lib/library";
import { useMaxVideoBytes } from "../../api/config";
import { useFileDrop } from "../../lib/useFileDrop";
import { useObjectUrl, VideoPicker } from "../../components/VideoPicker";

/** An icon per style that renders everywhere (emoji fonts are not on every machine). */
const STYLE_ICONS: Record<ActivityType, LucideIcon> = {
  ballet: Sparkles,
  hip_hop: Mic,
  contemporary: Waves,
  jazz: Music,
  latin: Heart,
  ballroom: Crown,
  breakdance: Flame,
  folk: Drum,
};

/** Contributors upload a reference video; it waits for an admin's review. */
export default function UploadVideoPage() {
  const { user } = useAuth();
  const client = useQueryClient();
  const [video, setVideo] = useState<File | null>(null);
  const maxVideoBytes = useMaxVideoBytes();
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  // What the preview found wrong with the picked video (not playable, too long), or null.
  const [videoProblem, setVideoProblem] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<ActivityType>("contemporary");
  const [difficulty, setDifficulty] = useState<(typeof DIFFICULTIES)[number]>("beginner");
  const [tags, setTags] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState<{ videoId: number; message: string } | null>(null);

  const canUpload = user?.role === "contributor" || user?.role === "admin";
  if (!canUpload) {
    return (
      <Page title="Upload Video" width="narrow">
        <PageHeader eyebrow="Contribute" title="Upload a reference video" />
        <EmptyState
          icon={<GraduationCap className="size-7" aria-hidden />}
          title="Uploads are for contributors"
          action={<ButtonLink to="/contribute">Become a contributor</ButtonLink>}
        >
          The library's reference videos come from our contributors: instructors and dancers whose uploads are reviewed
          before they go live. Apply on the Contribute page; once your account is a contributor account, this page lets
          you upload.
        </EmptyState>
      </Page>
    );
  }

  if (done) {
    return (
      <Page title="Upload Video" width="narrow">
        <Card className="flex flex-col items-center gap-4 py-10 text-center">
          <CircleCheck className="size-12 text-emerald-400" aria-hidden />
          <h1 className="text-2xl font-bold text-white">Thanks — your video is waiting for review</h1>
          <p className="max-w-md text-slate-300">
            An admin reviews every upload. Once approved it appears in the library for everyone to practise with, and
            you get a notification either way.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to={`/library?uploaded=${done.videoId}`}>Go to the library</ButtonLink>
            <Button variant="secondary" onClick={() => reset()}>
              Upload another
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  function reset() {
    setDone(null);
    setVideo(null);
    setThumbnail(null);
    setTitle("");
    setDescription("");
    setTags("");
    setProgress(null);
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      validateVideoFile(video, maxVideoBytes) ?? videoProblem ?? validateTitle(title) ?? validateThumbnail(thumbnail);
    if (problem || !video) {
      setError(problem ?? UPLOAD_MESSAGES.selectVideo);
      return;
    }
    setError(null);
    const form = new FormData();
    form.append("title", title.trim());
    form.append("description", description.trim());
    form.append("category", category);
    form.append("difficulty", difficulty);
    form.append("tags", tags);
    form.append("video", video, video.name);
    if (thumbnail) form.append("thumbnail", thumbnail, thumbnail.name);
    setProgress(0);
    try {
      const res = await uploadReferenceVideo(form, setProgress);
      setDone({ videoId: res.video_id, message: res.message || LIBRARY_MESSAGES.uploadReceived });
      // The contributor's own list and the admins' review queue now hold it.
      void client.invalidateQueries({ queryKey: keys.library.mine() });
      void client.invalidateQueries({ queryKey: keys.admin.videos() });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.uploadFailedRetry);
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  return (
    <Page title="Upload Video" width="narrow">
      <PageHeader
        eyebrow="Contribute"
        title="Upload a reference video"
        description="Share a routine with the community. Every upload is reviewed before it appears in the library."
      />
      <form onSubmit={submit} className="space-y-6" noValidate>
        {error ? <Alert>{error}</Alert> : null}
        {/* The compare page's drop zone and preview: the file is named once, under its preview. */}
        <VideoPicker
          step={1}
          title="Your routine"
          hint={`MP4, WebM, OGG or MOV, up to ${megabytes(maxVideoBytes)}MB`}
          inputLabel="Video file"
          file={video}
          onFile={(f) => {
            setVideo(f);
            setError(f ? validateVideoFile(f, maxVideoBytes) : null);
          }}
          onProblem={setVideoProblem}
        />
        <Card className="space-y-4">
          <ImagePicker
            label="Thumbnail (optional)"
            hint="JPG, PNG or WebP, up to 10MB. Without one, we take a frame from the video."
            accept="image/jpeg,image/png,image/webp"
            file={thumbnail}
            onChange={(f) => {
              setThumbnail(f);
              setError(validateThumbnail(f));
            }}
          />
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            maxLength={200}
            required
          />
          <TextAreaField
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            rows={3}
            maxLength={5000}
          />
          <TextField
            label="Tags"
            hint="Comma-separated, e.g. warm-up, footwork, beginner"
            value={tags}
            onChange={(e) => setTags(e.currentTarget.value)}
          />
        </Card>

        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-white">Dance style</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {ACTIVITY_TYPES.map((style) => {
              const selected = style === category;
              return (
                <label
                  key={style}
                  className={cx(
                    "flex cursor-pointer items-start gap-3 rounded-2xl border p-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400",
                    selected
                      ? "border-accent-400 bg-accent-500/10"
                      : "border-white/10 bg-white/[0.03] hover:bg-white/[0.06]",
                  )}
                >
                  <input
                    type="radio"
                    name="category"
                    value={style}
                    checked={selected}
                    onChange={() => setCategory(style)}
                    className="sr-only"
                  />
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-500/15 text-accent-300">
                    {(() => {
                      const Icon = STYLE_ICONS[style];
                      return <Icon className="size-5" aria-hidden />;
                    })()}
                  </span>
                  <span>
                    <span className="block text-sm font-semibold text-white">{ACTIVITY_LABELS[style]}</span>
                    <span className="block text-xs text-slate-400">{STYLE_DESCRIPTIONS[style]}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="mb-3 text-sm font-semibold text-white">Difficulty</legend>
          <div className="flex flex-wrap gap-2">
            {DIFFICULTIES.map((d) => (
              <label
                key={d}
                className={cx(
                  "cursor-pointer rounded-full px-4 py-2 text-sm capitalize transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400",
                  chipColours(d === difficulty),
                )}
              >
                <input
                  type="radio"
                  name="difficulty"
                  value={d}
                  checked={d === difficulty}
                  onChange={() => setDifficulty(d)}
                  className="sr-only"
                />
                {d}
              </label>
            ))}
          </div>
        </fieldset>

        {uploading ? (
          <div className="space-y-2" aria-live="polite">
            <div className="flex justify-between text-sm text-slate-300">
              <span>{progress < 100 ? "Uploading…" : "Processing…"}</span>
              <span>{progress}%</span>
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-white/10"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-full bg-gradient-to-r from-accent-500 to-fuchsia-500 transition-all"
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        ) : null}
        <Button type="submit" size="lg" block loading={uploading} icon={<Upload className="size-5" aria-hidden />}>
          {uploading ? "Uploading…" : "Upload video"}
        </Button>
      </form>
    </Page>
  );
}

/** An image drop zone with its preview, named once (the video's picker is the compare page's). */
function ImagePicker({
  label,
  hint,
  accept,
  file,
  onChange,
}: {
  label: string;
  hint: string;
  accept: string;
  file: File | null;
  onChange(file: File | null): void;
}) {
  const id = useId();
  const url = useObjectUrl(file);
  const { dragging, dropProps } = useFileDrop((files) => {
    const next = files[0];
    if (next) onChange(next);
  });
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-200" id={`${id}-label`}>
        {label}
      </p>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        aria-label={label}
        onChange={(e) => {
          onChange(e.currentTarget.files?.[0] ?? null);
          e.currentTarget.value = "";
        }}
      />
      {file && url ? (
        <div className="flex flex-wrap items-center gap-3">
          <img src={url} alt="Thumbnail preview" className="h-20 w-32 rounded-xl bg-black object-cover" />
          <p className="min-w-0 flex-1 truncate text-sm text-slate-300" title={file.name}>
            <span className="font-medium text-white" data-testid="picked-thumbnail">
              {file.name}
            </span>{" "}
            <span className="text-slate-500">· {(file.size / (1024 * 1024)).toFixed(1)} MB</span>
          </p>
          <div className="flex gap-2">
            <label
              htmlFor={id}
              className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-full border border-white/12 bg-white/8 px-3 text-sm font-medium text-slate-100 hover:bg-white/14"
            >
              <Upload className="size-4" aria-hidden /> Replace
            </label>
            <button
              type="button"
              onClick={() => onChange(null)}
              aria-label="Remove thumbnail"
              className="inline-flex size-9 items-center justify-center rounded-full border border-white/12 bg-white/8 text-slate-300 hover:bg-rose-500/15 hover:text-rose-200"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          {...dropProps}
          className={cx(
            "flex cursor-pointer items-center gap-3 rounded-2xl border-2 border-dashed p-4 transition",
            dragging
              ? "border-accent-400 bg-accent-500/10"
              : "border-white/12 bg-white/[0.03] hover:border-accent-400/60 hover:bg-accent-500/5",
          )}
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-500/12 text-accent-300">
            <ImageIcon className="size-5" aria-hidden />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-semibold text-white">Drop a picture here or choose one</span>
            <span className="block text-xs text-slate-400">{hint}</span>
          </span>
        </label>
      )}
    </div>
  );
}
