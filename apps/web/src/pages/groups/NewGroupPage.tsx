import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type ReferenceVideo,
  UPLOAD_MESSAGES,
} from "@stepsync/contracts";
import { CircleCheck, Library, Search, Upload } from "lucide-react";
import { type FormEvent, useDeferredValue, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useCreateGroup, useUploadRoutine } from "../../api/groups";
import { useLibraryPages } from "../../api/library";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { cx } from "../../components/cx";
import { TextField } from "../../components/Field";
import { Page, PageHeader } from "../../components/Page";
import { SelectField } from "../../components/SelectField";
import { Spinner } from "../../components/Spinner";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { VideoPicker } from "../../components/VideoPicker";
import { activityLabel, formatClock } from "../../lib/format";
import { todayIso } from "./group-rules";
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

/** The upload already made from this form: the same file is not sent twice when creating fails and is tried again. */
type Uploaded = { file: File; videoId: number };

/** Start a group (/groups/new): its name, event date and routine (a library video, or one uploaded for the group only). */
export default function NewGroupPage() {
  const navigate = useNavigate();
  const ids = useTabIds();
  const [name, setName] = useState("");
  const [eventDate, setEventDate] = useState("");
  const [source, setSource] = useState<Source>("library");
  const [libraryVideo, setLibraryVideo] = useState<ReferenceVideo | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState<ActivityType>("folk");
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const create = useCreateGroup({
    onSuccess: ({ group }) => navigate(`/groups/${group.id}`, { state: { created: true } }),
    onError: (e) => setError(errorMessage(e, "Could not start the group")),
  });
  const upload = useUploadRoutine({ onProgress: setUploadPercent });

  const nameProblem = !name.trim()
    ? GROUP_MESSAGES.nameRequired
    : name.trim().length > GROUP_LIMITS.nameMax
      ? GROUP_MESSAGES.nameTooLong
      : null;
  const dateProblem = eventDate && eventDate < todayIso() ? GROUP_MESSAGES.eventDatePast : null;
  const routineTitle = title.trim() || file?.name.replace(/\.[^.]+$/, "") || "";
  const routineProblem =
    source === "library"
      ? libraryVideo
        ? null
        : GROUP_MESSAGES.routineRequired
      : !file
        ? GROUP_MESSAGES.routineRequired
        : fileProblem;
  const busy = create.isPending || upload.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (busy || nameProblem || dateProblem || routineProblem) return;
    setError(null);
    let routineId: number;
    if (source === "library" && libraryVideo) routineId = libraryVideo.id;
    else if (file && uploaded?.file === file) routineId = uploaded.videoId;
    else if (file) {
      setUploadPercent(0);
      try {
        const answer = await upload.mutateAsync({ file, title: routineTitle, category });
        setUploaded({ file, videoId: answer.video_id });
        routineId = answer.video_id;
      } catch (e) {
        setError(errorMessage(e, UPLOAD_MESSAGES.uploadFailed));
        return;
      } finally {
        setUploadPercent(null);
      }
    } else return;
    create.mutate({ name: name.trim(), event_date: eventDate || null, reference_video_id: routineId });
  }

  return (
    <Page title="Start a group" width="narrow">
      <PageHeader
        eyebrow="Sangeet groups"
        title="Start your group"
        description="Name it, set the day, and choose the routine everyone learns. You invite the family next, and can split the routine into parts once it is analysed."
      />
      <form className="space-y-6" onSubmit={onSubmit} noValidate>
        <Card className="space-y-5">
          <TextField
            label="Group name"
            placeholder="Priya & Arjun's sangeet"
            maxLength={GROUP_LIMITS.nameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched ? nameProblem : null}
          />
          <TextField
            label="Event date (optional)"
            type="date"
            min={todayIso()}
            value={eventDate}
            onChange={(e) => setEventDate(e.target.value)}
            error={touched ? dateProblem : null}
            hint="Members see a countdown to the day."
          />
        </Card>

        <section className="space-y-4" aria-labelledby="routine-title">
          <div>
            <h2 id="routine-title" className="text-lg font-semibold text-white">
              The routine
            </h2>
            <p className="text-sm text-slate-400">
              Every take of this video by a member counts on the group's board, with no extra step.
            </p>
          </div>
          <Tabs tabs={SOURCES} value={source} onChange={setSource} ids={ids} label="Where the routine comes from" />
          {source === "library" ? (
            <TabPanel id="library" ids={ids}>
              <Card>
                <LibraryChoice chosen={libraryVideo?.id ?? null} onChoose={setLibraryVideo} />
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
                onFile={setFile}
                onProblem={setFileProblem}
                disabled={busy}
                invalid={touched && !file}
              />
              <Card className="grid gap-4 sm:grid-cols-[1fr_12rem]">
                <TextField
                  label="Routine title"
                  placeholder={file ? file.name.replace(/\.[^.]+$/, "") : "Sangeet routine"}
                  maxLength={200}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                />
                <SelectField
                  label="Style"
                  value={category}
                  onChange={(e) => setCategory(e.target.value as ActivityType)}
                  options={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))}
                  className="self-end"
                />
              </Card>
            </TabPanel>
          )}
          {touched && routineProblem ? <Alert>{routineProblem}</Alert> : null}
        </section>

        {uploadPercent !== null ? (
          <Card>
            <ProgressBar label="Uploading the routine…" percent={uploadPercent} />
          </Card>
        ) : null}
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" size="lg" loading={busy}>
            {upload.isPending ? "Uploading…" : create.isPending ? "Starting…" : "Start the group"}
          </Button>
        </div>
      </form>
    </Page>
  );
}
