import { type ActivityType, COMPARE_MESSAGES, isQuickResult } from "@stepsync/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { errorMessage } from "../../api/client";
import { useComparison, useStartComparison } from "../../api/comparisons";
import { useAuth } from "../../auth/context";
import { isActivityType } from "../../lib/format";
import { canSubmit, creditsNotice, savedComparisonError, submitProblem } from "./form-rules";
import { type LibraryReference, readLibraryReference } from "../../lib/library";
import { practisedPartResult } from "./PractisePart";
import { timeLeftText } from "../../lib/analysis-progress";
import { useObjectUrl } from "../../components/VideoPicker";
import type { LiveTake } from "../../components/recording/useLiveScoring";
import { useCredits } from "../../api/credits";

/**
 * A take recorded here with dance along on: where the reference's start played in it (seconds of
 * the take), and which reference played. Its clock goes with that file against that reference only.
 */
type DanceAlongTake = { file: File; offsetS: number; reference: File | LibraryReference; live: LiveTake | null };

/** The take when the video sent is that take and the reference is the one it was danced to; else null. */
function takeFor(
  take: DanceAlongTake | null,
  userFile: File | null,
  reference: File | LibraryReference | null,
): DanceAlongTake | null {
  return take && take.file === userFile && take.reference === reference ? take : null;
}

/** A library video's id as a number (library links may carry it as text); null for none. */
function libraryVideoId(library: LibraryReference | null): number | null {
  const id = Number(library?.id);
  return library && Number.isInteger(id) && id > 0 ? id : null;
}

/** The form's own work; once uploaded, the comparison is followed at its address (/compare?id=N). */
type Phase = { kind: "idle" } | { kind: "uploading"; percent: number };

/**
 * Everything the compare screen does: the form (style, two videos, a take danced along), the upload,
 * then the comparison at ?id= — a saved one, or the one just uploaded, followed while it is analysed.
 */
export function useCompareFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const _client = useQueryClient();
  const [params] = useSearchParams();
  const savedId = params.get("id");

  const [activity, setActivity] = useState<ActivityType>("contemporary");
  const [referenceFile, setReferenceFile] = useState<File | null>(null);
  const [library, setLibrary] = useState<LibraryReference | null>(() => readLibraryReference(location.state));
  const [userFile, setUserFile] = useState<File | null>(null);
  const [take, setTake] = useState<DanceAlongTake | null>(null);
  // The last take recorded here: "Record again" is offered for it, not for a file picked from disk.
  const [recordedFile, setRecordedFile] = useState<File | null>(null);
  // The chosen reference, for dancing along with it while recording.
  const referenceFileUrl = useObjectUrl(referenceFile);
  const referenceUrl = referenceFile ? referenceFileUrl : (library?.videoUrl ?? null);
  const reference = referenceFile ?? library;
  const sentTake = takeFor(take, userFile, reference);
  const takeOffsetS = sentTake?.offsetS ?? null;
  // What the dancer saw live on the take being sent, kept on screen until the server's result.
  const liveTake = sentTake?.live ?? null;
  // A library reference (not replaced by a file): live verdicts and drills are judged against its analysis.
  const libraryId = library && !referenceFile ? libraryVideoId(library) : null;
  const libraryAnalysis = useMemo(() => (libraryId === null ? null : { videoId: libraryId }), [libraryId]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [processingOpen, setProcessingOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  // What each picked file's preview found wrong with it (unplayable, too long).
  const [referenceProblem, setReferenceProblem] = useState<string | null>(null);
  const [userProblem, setUserProblem] = useState<string | null>(null);
  // The comparison uploaded from this form, followed at its address.
  const [startedId, setStartedId] = useState<string | null>(null);
  // The live summary of the take uploaded, shown while its result is on its way.
  const [keptLive, setKeptLive] = useState<LiveTake | null>(null);

  // The library's category picks the style, when it is one of the eight.
  useEffect(() => {
    if (library?.category && isActivityType(library.category)) setActivity(library.category);
  }, [library?.category]);

  // The banner at the top says where the link went and sends it again.
  const confirmed = useAuth().user?.email_verified !== false;
  const credits = useCredits();

  // The comparison at ?id=: a saved one, or the one just uploaded (followed while it is analysed).
  // Its address is the result's from the start, so a reload or a bookmark shows it.
  const startedHere = savedId !== null && savedId === startedId;
  const saved = useComparison(savedId, { startedHere });
  const savedError = savedId === null ? null : savedComparisonError(savedId, saved.data, saved.error);

  // The one uploaded here ended: the processing dialog goes; if it failed, back to the form (the
  // picked videos are still there) with why.
  const startedStatus = startedHere ? saved.data?.status : undefined;
  const startedFailure =
    startedHere &&
    saved.data &&
    saved.data.status !== "processing" &&
    !(saved.data.status === "completed" && saved.data.results)
      ? saved.data.status === "completed"
        ? COMPARE_MESSAGES.noResults
        : saved.data.error || COMPARE_MESSAGES.analysisFailed
      : null;
  useEffect(() => {
    if (startedStatus !== undefined && startedStatus !== "processing") setProcessingOpen(false);
  }, [startedStatus]);
  useEffect(() => {
    if (startedFailure === null) return;
    setError(startedFailure);
    setStartedId(null);
    navigate("/compare", { replace: true });
  }, [startedFailure, navigate]);

  const start = useStartComparison({
    onUploadProgress: (percent) => setPhase((p) => (p.kind === "uploading" ? { kind: "uploading", percent } : p)),
    onSuccess: (started) => {
      setPhase({ kind: "idle" });
      setStartedId(String(started.comparison_id));
      setKeptLive(liveTake);
      setProcessingOpen(true);
      navigate(`/compare?id=${started.comparison_id}`);
    },
    onError: (err) => {
      setPhase({ kind: "idle" });
      setError(errorMessage(err, COMPARE_MESSAGES.failed));
    },
  });

  const analysing = phase.kind === "uploading";
  const hasReference = Boolean(referenceFile || library);
  const hasUserVideo = Boolean(userFile);
  const videoProblem = (referenceFile ? referenceProblem : null) ?? (userFile ? userProblem : null);
  const enabled = canSubmit({ hasUserVideo, hasReference, credits, confirmed, analysing, videoProblem });
  const notice = creditsNotice(credits, confirmed);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (analysing) return;
    const problem = submitProblem({ hasUserVideo, hasReference, credits, confirmed, videoProblem });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPhase({ kind: "uploading", percent: 0 });
    start.mutate({
      activityType: activity,
      referenceFile,
      referenceVideoId: referenceFile ? null : (library?.id ?? null),
      userFile,
      takeOffsetS,
      poseTrack: liveTake?.track ?? null,
    });
  }

  /** A take from the recording dialog; danced along, its timing is judged against the reference it was recorded with. */
  function onRecorded(file: File, offsetS: number | null, live: LiveTake | null) {
    setUserFile(file);
    setRecordedFile(file);
    setTake(offsetS !== null && reference ? { file, offsetS, reference, live } : null);
    setError(null);
    setRecordOpen(false);
  }

  /** Reset: both videos, any result and any error go; the chosen style stays. */
  function reset() {
    setReferenceFile(null);
    setLibrary(null);
    setUserFile(null);
    setTake(null);
    setError(null);
    setTouched(false);
    setPhase({ kind: "idle" });
  }
  const somethingToReset = hasReference || hasUserVideo || error !== null || touched;

  const savedResult = saved.data?.status === "completed" && !startedFailure ? saved.data : null;
  // One object per answer: the result view's effects follow its identity.
  const result = useMemo(
    () => (savedId !== null && savedResult ? practisedPartResult(savedResult) : null),
    [savedId, savedResult],
  );
  // A dance-along take's quick result from its live poses, shown while the video's analysis checks it.
  const quickDetail = saved.data && isQuickResult(saved.data) && !startedFailure ? saved.data : null;
  const quick = useMemo(
    () => (savedId !== null && quickDetail ? practisedPartResult(quickDetail) : null),
    [savedId, quickDetail],
  );
  // The quick score this page showed, to say how the checked result compares (for this comparison only).
  const [quickShown, setQuickShown] = useState<{ id: number; score: number } | null>(null);
  const quickId = quick?.id ?? null;
  const quickScore = quick?.overall_score ?? null;
  useEffect(() => {
    if (quickId !== null && quickScore !== null) setQuickShown({ id: quickId, score: quickScore });
  }, [quickId, quickScore]);
  // A quick result on screen is what the dancer waits for: the processing dialog goes.
  const quickOnScreen = quick !== null;
  useEffect(() => {
    if (quickOnScreen) setProcessingOpen(false);
  }, [quickOnScreen]);
  // Analysing: what it reported, or (the upload just ended, not asked yet) its start.
  const savedProgress =
    savedId === null
      ? null
      : saved.data?.status === "processing"
        ? saved.data.progress
        : startedHere && saved.isPending
          ? 0
          : null;
  const timeLeft = savedProgress === null ? null : timeLeftText(savedProgress, saved.data?.analysing_s);

  return {
    savedId,
    saved,
    startedHere,
    startedId,
    savedError,
    result,
    quick,
    /** The quick score shown here before `result` replaced it; null when none was shown. */
    quickShownScore: result && quickShown?.id === result.id ? quickShown.score : null,
    savedProgress,
    timeLeft,
    form: {
      activity,
      setActivity,
      referenceFile,
      setReferenceFile,
      library,
      setLibrary,
      userFile,
      setUserFile,
      /** The video in "Your performance" is a take recorded here. */
      recorded: userFile !== null && userFile === recordedFile,
      setReferenceProblem,
      setUserProblem,
      takeOffsetS,
      liveTake,
      phase,
      error,
      setError,
      touched,
      analysing,
      hasReference,
      hasUserVideo,
      videoProblem,
      enabled,
      notice,
      credits,
      somethingToReset,
      onSubmit,
      reset,
      openRecording: () => setRecordOpen(true),
    },
    recording: {
      open: recordOpen,
      referenceUrl,
      // Live verdicts against a library video; an uploaded reference is not analysed yet.
      live: referenceFile ? { videoId: null } : libraryAnalysis,
      close: () => setRecordOpen(false),
      onRecorded,
    },
    /**
     * The live summary of the take uploaded here, until its result arrives; not while it is analysed
     * again on the dancer's call (the server had refused it: that live score was no result either).
     */
    liveTake: startedHere && !saved.data?.dancer_call ? keptLive : null,
    /** Drills of the live summary's moves: the library reference's analysis and its video. */
    drill: { reference: libraryAnalysis, referenceUrl },
    processing: { open: processingOpen, setOpen: setProcessingOpen },
  };
}

export type CompareFlow = ReturnType<typeof useCompareFlow>;
export type CompareFormState = CompareFlow["form"];
