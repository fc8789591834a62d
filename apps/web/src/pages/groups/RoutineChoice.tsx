import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
  GROUP_MESSAGES,
  type ReferenceVideo,
  UPLOAD_MESSAGES,
} from "@stepsync/contracts";
import { CircleCheck, Library, Search, Upload } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { errorMessage } from "../../api/client";
import { useUploadRoutine } from "../../api/groups";
import { useLibraryPages } from "../../api/library";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { cx } from "../../components/cx";
import { TextField } from "../../components/Field";
import { SelectField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { VideoPicker } from "../../components/VideoPicker";
import { activityLabel, formatClock } from "../../lib/format";
import { ProgressBar } from "./ProgressBar";

type Source = "library" | "upload";
const SOURCES = [
  { id: "library" as const, label: "From the library", icon: <Library className="size-4" aria-hidden /> },
  { id: "upload" as const, label: "Upload for the group", icon: <Upload className="size-4" aria-hidden /> },
];

/** Approved library videos to pick the routine from, searched by title. */
function LibraryChoice({ chosen, onChoose }: { chosen: number | null; onChoose: (video: ReferenceVideo) => void }) {
  const [search, setSearch] = useState("");
  const query = useLibraryPages({ search: useDeferredValue(search.trim()), sort_by: "popular" });
  const videos = query.data?.pages.flatMap((p) => p.videos) ?? [];
  return (
    <div className="space-y-4">
      <TextField
        label="Search the library"
        type="search"
        placeholder="Title, style or teacher"
        icon={<Search className="size-4" aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {query.isPending ? (
        <div className="flex justify-center py-6 text-slate-400">
          <Spinner label="Loading the library" />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error, "Failed to load the library")}</Alert>
      ) : videos.length === 0 ? (
        <p className="text-sm text-slate-400">
          {search.trim()
            ? "No library video matches. Try another search, or upload the routine."
            : "The library has no videos yet: upload the routine for the group."}
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Library videos</legend>
          <ul className="grid gap-3 sm:grid-cols-2">
            {videos.map((v) => {
              const picked = chosen === v.id;
              return (
                <li key={v.id}>
                  <label
                    className={cx(
                      "flex cursor-pointer items-center gap-3 rounded-2xl border p-2.5 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-400",
                      picked
                        ? "border-accent-400 bg-accent-500/12"
                        : "border-white/10 bg-white/[0.03] hover:border-white/25",
                    )}
                    data-testid="routine-option"
                  >
                    <input
                      type="radio"
                      name="library-routine"
                      className="sr-only"
                      checked={picked}
                      onChange={() => onChoose(v)}
                    />
                    <span className="relative aspect-video w-24 shrink-0 overflow-hidden rounded-xl bg-night-800">
                      {v.thumbnail_path ? (
                        <img src={v.thumbnail_path} alt="" className="size-full object-cover" loading="lazy" />
                      ) : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-semibold text-white">{v.title}</span>
                      <span className="block truncate text-xs text-slate-400">
                        {[
                          activityLabel(v.category),
                          v.duration ? formatClock(v.duration) : null,
                          v.contributor_name ? `by ${v.contributor_name}` : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                    {picked ? <CircleCheck className="size-5 shrink-0 text-accent-300" aria-hidden /> : null}
                  </label>
                </li>
              );
            })}
          </ul>
          {query.hasNextPage ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-3"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show more
            </Button>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}

/** The upload already made from this form: the same file is not sent twice when what follows fails and is tried again. */
type Uploaded = { file: File; videoId: number };

/**
 * Choosing a group's routine: an approved library video, or a video uploaded for the group only
 * (sent when `routineId` is asked for, its upload percent shown). Used by starting a group and by
 * changing its routine.
 */
export function useRoutineChoice() {
  const [source, setSource] = useState<Source>("library");
  const [libraryVideo, setLibraryVideo] = useState<ReferenceVideo | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState<ActivityType>("folk");
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const upload = useUploadRoutine({ onProgress: setUploadPercent });
  const problem =
    source === "library"
      ? libraryVideo
        ? null
        : GROUP_MESSAGES.routineRequired
      : !file
        ? GROUP_MESSAGES.routineRequired
        : fileProblem;

  /** The chosen routine's id, uploading the file first (once); throws the upload's failure in words. */
  async function routineId(): Promise<number> {
    if (source === "library" && libraryVideo) return libraryVideo.id;
    if (!file) throw new Error(GROUP_MESSAGES.routineRequired);
    if (uploaded?.file === file) return uploaded.videoId;
    setUploadPercent(0);
    try {
      const routineTitle = title.trim() || file.name.replace(/\.[^.]+$/, "");
      const answer = await upload.mutateAsync({ file, title: routineTitle, category });
      setUploaded({ file, videoId: answer.video_id });
      return answer.video_id;
    } catch (e) {
      throw new Error(errorMessage(e, UPLOAD_MESSAGES.uploadFailed));
    } finally {
      setUploadPercent(null);
    }
  }

  return {
    source,
    setSource,
    libraryVideo,
    setLibraryVideo,
    file,
    setFile,
    setFileProblem,
    title,
    setTitle,
    category,
    setCategory,
    uploadPercent,
    uploading: upload.isPending,
    problem,
    routineId,
  };
}

export type RoutineChoice = ReturnType<typeof useRoutineChoice>;

/** The routine's two sources as tabs, the chosen one's form, and the upload's percent while it goes. */
export function RoutinePicker({
  choice,
  showProblem,
  disabled,
}: {
  choice: RoutineChoice;
  showProblem: boolean;
  disabled: boolean;
}) {
  const ids = useTabIds();
  const { file } = choice;
  return (
    <div className="space-y-4">
      <Tabs
        tabs={SOURCES}
        value={choice.source}
        onChange={choice.setSource}
        ids={ids}
        label="Where the routine comes from"
      />
      {choice.source === "library" ? (
        <TabPanel id="library" ids={ids}>
          <Card>
            <LibraryChoice chosen={choice.libraryVideo?.id ?? null} onChoose={choice.setLibraryVideo} />
          </Card>
        </TabPanel>
      ) : (
        <TabPanel id="upload" ids={ids} className="space-y-4">
          <VideoPicker
            step={1}
            title="Your choreographer's video"
            hint="Seen only by the group's members, never in the public library."
            inputLabel="Routine video file"
            file={file}
            onFile={choice.setFile}
            onProblem={choice.setFileProblem}
            disabled={disabled}
            invalid={showProblem && !file}
          />
          <Card className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <TextField
              label="Routine title"
              placeholder={file ? file.name.replace(/\.[^.]+$/, "") : "Sangeet routine"}
              maxLength={200}
              value={choice.title}
              onChange={(e) => choice.setTitle(e.target.value)}
            />
            <SelectField
              label="Style"
              value={choice.category}
              onChange={(e) => choice.setCategory(e.target.value as ActivityType)}
              options={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))}
              className="self-end"
            />
          </Card>
        </TabPanel>
      )}
      {showProblem && choice.problem ? <Alert>{choice.problem}</Alert> : null}
      {choice.uploadPercent !== null ? (
        <Card>
          <ProgressBar label="Uploading the routine…" percent={choice.uploadPercent} />
        </Card>
      ) : null}
    </div>
  );
}
