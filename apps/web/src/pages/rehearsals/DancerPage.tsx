import type { ComparisonResults, MoveResult } from "@stepsync/contracts";
import { ArrowLeft, History, ListChecks, MessageSquareText, Play, Sparkles } from "lucide-react";
import { useRef } from "react";
import { useParams } from "react-router";
import { useRehearsal, useRehearsalDancer } from "../../api/rehearsals";
import { useAuth } from "../../auth/context";
import { Alert } from "../../components/Alert";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Page, PageHeader } from "../../components/Page";
import { ScoreBars, ScoreRing } from "../../components/ScoreVisuals";
import { VerdictChip } from "../../components/VerdictChip";
import { titleWords } from "../../lib/format";
import { moveName, NOT_SEEN_WHY, notSeen, timingText, verdictSummary } from "../../lib/verdicts";
import { LoadFailure, Loading } from "./parts";
import { clockTenths, isOtherRoutine, OTHER_ROUTINE, offsetText } from "./rehearsal-view";
import { RehearsalVideo, type RehearsalVideoHandle } from "./RehearsalVideo";
import { DancerChip } from "./SyncStrip";

/** The judgments and categories a dancer's result has, as score bars. */
function scoreItems(result: ComparisonResults | null, scores: { shape: number | null; timing: number | null }) {
  const items: { label: string; score: number; help: string | null }[] = [];
  const shape = scores.shape ?? result?.scores?.shape ?? null;
  const timing = scores.timing ?? result?.scores?.timing ?? null;
  if (shape !== null)
    items.push({ label: "Shape", score: shape, help: "How close the body's positions are to the teacher's." });
  if (timing !== null)
    items.push({ label: "Timing", score: timing, help: "How close to the teacher's beat each move lands." });
  for (const [k, v] of Object.entries(result?.categories ?? {}))
    items.push({ label: titleWords(k), score: Number(v), help: null });
  return items;
}

/**
 * One dancer of a rehearsal (/rehearsals/:id/dancers/:dancerId): their result as if filmed alone
 * (score, shape and timing, the teacher's cues, every move) beside the rehearsal video with their box;
 * a move plays the video where that dancer danced it.
 */
export default function DancerPage() {
  const params = useParams();
  const id = Number(params.id);
  const dancerId = Number(params.dancerId);
  const query = useRehearsalDancer(id, dancerId);
  const rehearsal = useRehearsal(id).data?.rehearsal;
  const player = useRef<RehearsalVideoHandle>(null);
  const viewerId = useAuth().user?.id ?? 0;
  const data = query.data;
  const back = `/rehearsals/${id}`;

  if (query.isPending) {
    return (
      <Page title="Dancer">
        <Loading label="Loading the dancer's result" />
      </Page>
    );
  }
  if (query.isError || !data) {
    return (
      <Page title="Dancer">
        <LoadFailure
          error={query.error ?? new Error("Dancer not found")}
          retry={() => void query.refetch()}
          back={back}
        />
      </Page>
    );
  }
  const { dancer } = data;
  // The dancer's result as a comparison's detail: the engine's figures are its `results`.
  const result = data.result.results;
  const other = isOtherRoutine(dancer);
  const offset = other ? null : offsetText(dancer.offset_s);
  const moves = result?.moves ?? [];
  const cues = Object.values(result?.jointSpecificFeedback ?? {});
  const name = dancer.member ? dancer.member.name : `Dancer ${dancer.id}`;
  const play = (m: MoveResult) => {
    if (m.user_start_s !== null) player.current?.seek(m.user_start_s);
  };

  return (
    <Page title={`${name} · Rehearsal`}>
      <PageHeader
        eyebrow={`Rehearsal · ${data.reference.title}`}
        title={dancer.member ? `Dancer ${dancer.id} · ${dancer.member.name}` : `Dancer ${dancer.id}`}
        description={
          <span className="flex items-center gap-2">
            <DancerChip dancer={dancer} small />
            Scored against the teacher as if filmed alone.
          </span>
        }
        actions={
          <ButtonLink to={back} variant="secondary" icon={<ArrowLeft className="size-4" aria-hidden />}>
            The whole group
          </ButtonLink>
        }
      />
      <div className="space-y-6" data-testid="dancer-result">
        <Card>
          <div className="flex flex-col items-center gap-6 sm:flex-row">
            {other || dancer.overall_score === null ? null : <ScoreRing score={dancer.overall_score} />}
            <div className="min-w-0 flex-1 text-center sm:text-left">
              {other ? (
                <Alert tone="info">
                  <span className="font-semibold">{OTHER_ROUTINE}.</span> This dancer's moves do not match the teacher's
                  routine, so they get no score.
                </Alert>
              ) : (
                <>
                  <p className="text-sm font-semibold text-white" data-testid="dancer-offset">
                    {offset ? `${offset[0]?.toUpperCase()}${offset.slice(1)} against the teacher` : "Timing not known"}
                  </p>
                  {verdictSummary(moves) ? (
                    <p className="mt-1 text-sm text-slate-300">{verdictSummary(moves)}</p>
                  ) : null}
                  {result?.overview ? (
                    <p className="mt-3 max-w-2xl text-[15px] leading-relaxed text-slate-200">
                      <span className="font-semibold text-white">{result.overview.headline}</span>{" "}
                      {result.overview.details}
                    </p>
                  ) : null}
                </>
              )}
              {/* The named member's own comparison: only they can open it. */}
              {dancer.comparison_id && dancer.member?.user_id === viewerId ? (
                <ButtonLink
                  to={`/compare?id=${dancer.comparison_id}`}
                  variant="ghost"
                  size="sm"
                  className="mt-3"
                  icon={<History className="size-4" aria-hidden />}
                >
                  In your history
                </ButtonLink>
              ) : null}
            </div>
          </div>
        </Card>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <div className="glass min-w-0 p-2 sm:p-4">
            <RehearsalVideo
              ref={player}
              src={data.video_url}
              size={rehearsal?.video ? { width: rehearsal.video.width, height: rehearsal.video.height } : null}
              dancers={[dancer]}
              label={`Rehearsal video, ${name}`}
            />
          </div>
          <div className="min-w-0 space-y-6">
            {other ? null : (
              <Card>
                <CardTitle icon={<Sparkles className="size-4" aria-hidden />}>Scores</CardTitle>
                <ScoreBars items={scoreItems(result, dancer.scores)} />
              </Card>
            )}
            {cues.length ? (
              <Card>
                <CardTitle icon={<MessageSquareText className="size-4" aria-hidden />}>What to work on</CardTitle>
                <ul className="space-y-2 text-sm text-slate-300">
                  {cues.map((c) => (
                    <li key={c} className="flex gap-2">
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-rose-400" aria-hidden />
                      <span className="min-w-0">{c}</span>
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}
          </div>
        </div>

        {moves.length && !other ? (
          <Card>
            <CardTitle
              icon={<ListChecks className="size-4" aria-hidden />}
              aside={<span className="text-xs text-slate-400">Tap a move to play it</span>}
            >
              Moves
            </CardTitle>
            <ol className="divide-y divide-white/8" data-testid="dancer-moves">
              {moves.map((m) => (
                <li
                  key={m.index}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5"
                  data-testid="dancer-move"
                >
                  <VerdictChip move={m} />
                  <button
                    type="button"
                    onClick={() => play(m)}
                    disabled={m.user_start_s === null}
                    className="inline-flex min-w-0 items-center gap-1.5 rounded-lg text-left text-sm font-medium text-white hover:text-accent-200 focus-visible:outline-2 focus-visible:outline-accent-400 disabled:text-slate-400"
                  >
                    <Play className="size-3.5 shrink-0" aria-hidden />
                    {moveName(m)}
                    {m.user_start_s !== null ? (
                      <span className="text-xs tabular-nums text-slate-400">{clockTenths(m.user_start_s)}</span>
                    ) : null}
                  </button>
                  <span className="text-xs text-slate-400">
                    {/* Nobody could see her there: no figures, only why. */}
                    {notSeen(m)
                      ? NOT_SEEN_WHY
                      : [timingText(m.timing_ms), `shape ${Math.round(m.shape)}%`].filter(Boolean).join(" · ")}
                  </span>
                  {m.cue ? <p className="basis-full text-sm text-slate-300">{m.cue}</p> : null}
                </li>
              ))}
            </ol>
          </Card>
        ) : null}
      </div>
    </Page>
  );
}
