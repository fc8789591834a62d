import {
  ACTIVITY_LABELS,
  ACTIVITY_TYPES,
  type ActivityType,
  GROUP_MESSAGES,
  type ReferenceVideo,
  UPLOAD_MESSAGES,
} from "@stepsync/contracts";
import { Library, Upload } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../api/client";
import { useUploadRoutine } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Card } from "../../components/Card";
import { TextField } from "../../components/Field";
import { LibraryVideoChoice } from "../../components/LibraryVideoChoice";
import { SelectField } from "../../components/SelectField";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { VideoPicker } from "../../components/VideoPicker";
import { ProgressBar } from "./ProgressBar";

type Source = "library" | "upload";
const SOURCES = [
  { id: "library" as const, label: "From the library", icon: <Library className="size-4" aria-hidden /> },
  { id: "upload" as const, label: "Upload for the group", icon: <Upload className="size-4" aria-hidden /> },
];

const LIBRARY_EMPTY = {
  none: "The library has no videos yet: upload the routine for the group.",
  noMatch: "No library video matches. Try another search, or upload the routine.",
};

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
            <LibraryVideoChoice
              chosen={choice.libraryVideo?.id ?? null}
              onChoose={choice.setLibraryVideo}
              emptyText={LIBRARY_EMPTY}
            />
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
