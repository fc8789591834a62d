import { ACTIVITY_LABELS, ACTIVITY_TYPES, type ActivityType } from "@stepsync/contracts";
import { Coins, Library, ScanFace, UsersRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { errorMessage, isApiError } from "../../api/client";
import { useCredits } from "../../api/credits";
import { useGroups } from "../../api/groups";
import { useMyRehearsals, useRehearsalGroup, useStartRehearsal } from "../../api/rehearsals";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Page, PageHeader } from "../../components/Page";
import { SelectField } from "../../components/SelectField";
import { TabPanel, Tabs, useTabIds } from "../../components/Tabs";
import { VideoPicker } from "../../components/VideoPicker";
import { RehearsalList } from "../../components/RehearsalList";
import { isActivityType } from "../../lib/format";
import { Progress } from "./parts";
import { type ChosenReference, LibraryReferenceChoice } from "./ReferenceChoice";

export const REHEARSAL_TEXTS = {
  cost: "One credit per dancer found (refunded if the analysis fails)",
  noVideo: "Choose the rehearsal video: one video with the whole group dancing.",
  noReference: "Choose the routine to score the dancers against.",
  uploading: "Uploading the rehearsal…",
  failed: "The rehearsal could not be started. Please try again.",
} as const;

type Source = "routine" | "library";

/**
 * A new rehearsal (/rehearsals/new, ?group=ID for a group's): the video of the group dancing, the
 * routine to score every dancer against (the group's routine, or any library video), the style. Its
 * upload shows its percent; a refusal says why and keeps everything chosen.
 */
export default function NewRehearsalPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromParam = Number(params.get("group"));
  const [groupId, setGroupId] = useState<number | null>(
    Number.isInteger(fromParam) && fromParam > 0 ? fromParam : null,
  );
  const groups = useGroups();
  const group = useRehearsalGroup(groupId);
  const routine = groupId !== null ? (group.data?.routine ?? null) : null;
  const [source, setSource] = useState<Source>("routine");
  const [libraryVideo, setLibraryVideo] = useState<ChosenReference | null>(null);
  const [style, setStyle] = useState<ActivityType>("folk");
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<{ text: string; credits: boolean } | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const credits = useCredits();
  const ids = useTabIds();

  const useRoutine = source === "routine" && routine !== null;
  const reference: ChosenReference | null = useRoutine
    ? { id: routine.reference_video_id, title: routine.title, category: routine.category }
    : libraryVideo;

  // The reference's style is the likely one; the dancer may still pick another.
  const referenceCategory = reference?.category ?? null;
  useEffect(() => {
    if (referenceCategory && isActivityType(referenceCategory)) setStyle(referenceCategory);
  }, [referenceCategory]);

  const start = useStartRehearsal({
    onProgress: setPercent,
    onSuccess: ({ rehearsal_id }) => navigate(`/rehearsals/${rehearsal_id}`),
    onError: (e) => {
      setPercent(null);
      setError({ text: errorMessage(e, REHEARSAL_TEXTS.failed), credits: isApiError(e, 402) });
    },
  });
  const busy = start.isPending;
  const problem = !file
    ? REHEARSAL_TEXTS.noVideo
    : fileProblem
      ? fileProblem
      : !reference
        ? REHEARSAL_TEXTS.noReference
        : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (busy || problem || !file || !reference) return;
    setError(null);
    setPercent(0);
    start.mutate({ file, referenceVideoId: reference.id, style, groupId });
  }

  const groupOptions = [
    { value: "", label: "No group: just me" },
    ...(groups.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  // A group from the address the list does not hold (yet): still named.
  if (groupId !== null && !groupOptions.some((o) => o.value === String(groupId)) && group.data) {
    groupOptions.push({ value: String(groupId), label: group.data.group.name });
  }

  return (
    <Page title="Analyse a rehearsal">
      <PageHeader
        eyebrow={group.data && groupId !== null ? group.data.group.name : "Group rehearsal"}
        title="Analyse a rehearsal"
        description="One video of the group dancing: every dancer is found and scored against the teacher, and you see who is early or late on every move."
      />
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="New rehearsal">
        <div className="grid gap-6 lg:grid-cols-2">
          <VideoPicker
            step={1}
            title="The rehearsal video"
            hint="Film the whole group from the front, everyone in view from head to toe (up to 10 dancers)."
            inputLabel="Rehearsal video file"
            file={file}
            onFile={(f) => {
              setFile(f);
              setError(null);
            }}
            onProblem={setFileProblem}
            disabled={busy}
            invalid={touched && !file}
          />
          <Card className="space-y-4">
            <CardTitle icon={<UsersRound className="size-4" aria-hidden />}>2 · Score against</CardTitle>
            <SelectField
              label="Group"
              value={groupId === null ? "" : String(groupId)}
              disabled={busy}
              onChange={(e) => {
                setGroupId(e.target.value ? Number(e.target.value) : null);
                setSource("routine");
                setError(null);
              }}
              options={groupOptions}
            />
            {groupId !== null && group.isPending ? (
              <p className="text-sm text-slate-400">Loading the group's routine…</p>
            ) : null}
            {groupId !== null && group.data && !routine ? (
              <p className="text-sm text-slate-400">The group has no routine: choose a library video.</p>
            ) : null}
            {routine ? (
              <Tabs
                tabs={[
                  {
                    id: "routine" as const,
                    label: "The group's routine",
                    icon: <UsersRound className="size-4" aria-hidden />,
                  },
                  {
                    id: "library" as const,
                    label: "A library video",
                    icon: <Library className="size-4" aria-hidden />,
                  },
                ]}
                value={source}
                onChange={setSource}
                ids={ids}
                label="What the dancers are scored against"
              />
            ) : null}
            {useRoutine ? (
              <TabPanel id="routine" ids={ids}>
                <p
                  className="rounded-2xl border border-accent-400/40 bg-accent-500/10 p-3 text-sm text-white"
                  data-testid="chosen-reference"
                >
                  {routine.title}
                </p>
              </TabPanel>
            ) : (
              <TabPanel id="library" ids={ids}>
                <LibraryReferenceChoice
                  chosen={libraryVideo?.id ?? null}
                  onChoose={(v) => {
                    setLibraryVideo({ id: v.id, title: v.title, category: v.category });
                    setError(null);
                  }}
                  disabled={busy}
                />
              </TabPanel>
            )}
            <SelectField
              label="Style"
              value={style}
              disabled={busy}
              onChange={(e) => setStyle(e.target.value as ActivityType)}
              options={ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))}
            />
          </Card>
        </div>

        {touched && problem ? <Alert>{problem}</Alert> : null}
        {error ? (
          <Alert>
            <span className="font-semibold">{error.text}</span>
            {error.credits ? (
              <>
                {" "}
                — {REHEARSAL_TEXTS.cost.toLowerCase()}.{" "}
                <Link
                  to="/credits"
                  target="_blank"
                  className="font-semibold underline underline-offset-2 hover:text-white"
                >
                  Your credits<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </>
            ) : null}
          </Alert>
        ) : null}
        {percent !== null ? (
          <Card>
            <Progress label={REHEARSAL_TEXTS.uploading} percent={percent} />
          </Card>
        ) : null}

        <div className="flex flex-col-reverse items-stretch justify-between gap-4 sm:flex-row sm:items-center">
          <p className="flex items-start gap-2 text-sm text-slate-300" data-testid="rehearsal-cost">
            <Coins className="mt-0.5 size-4 shrink-0 text-accent-300" aria-hidden />
            <span>
              {REHEARSAL_TEXTS.cost}.
              {credits.kind === "known" ? (
                <span className="text-slate-400">
                  {" "}
                  You have <span className="font-semibold text-white">{credits.credits}</span>{" "}
                  {credits.credits === 1 ? "credit" : "credits"}.
                </span>
              ) : null}
            </span>
          </p>
          <Button type="submit" size="lg" loading={busy} icon={<ScanFace className="size-5" aria-hidden />}>
            {busy ? "Uploading…" : "Analyse the rehearsal"}
          </Button>
        </div>
      </form>
      <MyRehearsals />
    </Page>
  );
}

/** The rehearsals I uploaded, newest first: each opens its result (or its progress). */
function MyRehearsals() {
  const query = useMyRehearsals();
  const list = query.data?.rehearsals ?? [];
  if (!list.length) return null;
  return (
    <section className="mt-10 space-y-3" aria-label="Your rehearsals">
      <h2 className="text-lg font-semibold text-white">Your rehearsals</h2>
      <RehearsalList rehearsals={list} />
    </section>
  );
}
