import { scoreBand } from "@stepsync/contracts";
import { ArrowLeft, RotateCcw, UsersRound, Waves } from "lucide-react";
import { useRef, useState } from "react";
import { useParams } from "react-router";
import type { Rehearsal } from "@stepsync/contracts";
import { useRehearsal } from "../../api/rehearsals";
import { Alert } from "../../components/Alert";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Page, PageHeader } from "../../components/Page";
import { cx } from "../../components/cx";
import { formatCredits, formatDate, scoreTextClass } from "../../lib/format";
import { DancerList } from "./DancerList";
import { DeleteRehearsal } from "./DeleteRehearsal";
import { LoadFailure, Loading, Progress, timeLeftWords } from "./parts";
import { clockTenths, moveLabel, timelineLength } from "./rehearsal-view";
import { RehearsalVideo, type RehearsalVideoHandle } from "./RehearsalVideo";
import { SyncStrip } from "./SyncStrip";

const SYNC_WORD = { green: "Together", yellow: "Mostly together", red: "Falling apart" } as const;

/** Where "back" goes: the group's page for a group's rehearsal, else a new rehearsal. */
export const backTo = (r: Pick<Rehearsal, "group_id">) => (r.group_id ? `/groups/${r.group_id}` : "/rehearsals/new");

/**
 * A rehearsal (/rehearsals/:id): while it is analysed, how far and how long; failed, why and the way
 * back; done, the video with every dancer's box, the dancers (score, lateness, tag), the group's
 * sync score and the sync strip of the moves.
 */
export default function RehearsalPage() {
  const id = Number(useParams().id);
  const query = useRehearsal(id);
  const rehearsal = query.data?.rehearsal;
  return (
    <Page title={rehearsal ? `Rehearsal · ${rehearsal.reference.title}` : "Rehearsal"}>
      {query.isPending && Number.isInteger(id) && id > 0 ? (
        <Loading label="Loading the rehearsal" />
      ) : query.isError || !rehearsal ? (
        <LoadFailure
          error={query.error ?? new Error("Rehearsal not found")}
          retry={() => void query.refetch()}
          back="/rehearsals/new"
        />
      ) : (
        <>
          <PageHeader
            eyebrow="Group rehearsal"
            title={rehearsal.reference.title}
            description={
              <span className="flex items-start gap-2">
                <UsersRound className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden />
                <span>
                  {rehearsal.dancer_count !== null
                    ? `${rehearsal.dancer_count} ${rehearsal.dancer_count === 1 ? "dancer" : "dancers"} · `
                    : ""}
                  uploaded {formatDate(rehearsal.created_at)}
                  {rehearsal.credits_charged > 0
                    ? ` · ${formatCredits(rehearsal.credits_charged)}${rehearsal.status === "pending" || rehearsal.status === "processing" ? " held" : ""}`
                    : ""}
                </span>
              </span>
            }
            actions={
              <>
                {rehearsal.can_delete ? <DeleteRehearsal rehearsal={rehearsal} back={backTo(rehearsal)} /> : null}
                <ButtonLink
                  to={backTo(rehearsal)}
                  variant="secondary"
                  icon={<ArrowLeft className="size-4" aria-hidden />}
                >
                  {rehearsal.group_id ? "Back to the group" : "New rehearsal"}
                </ButtonLink>
              </>
            }
          />
          {rehearsal.status === "completed" ? (
            <Finished rehearsal={rehearsal} />
          ) : rehearsal.status === "failed" ? (
            <Card className="space-y-4" data-testid="rehearsal-failed">
              <Alert>{rehearsal.error ?? "The rehearsal could not be analysed."}</Alert>
              <p className="text-sm text-slate-300">
                Try another video: one filmed from the front with every dancer in view from head to toe works best.
              </p>
              <div className="flex flex-wrap gap-2">
                <ButtonLink
                  to={rehearsal.group_id ? `/rehearsals/new?group=${rehearsal.group_id}` : "/rehearsals/new"}
                  icon={<RotateCcw className="size-4" aria-hidden />}
                >
                  Analyse another video
                </ButtonLink>
                <ButtonLink to={backTo(rehearsal)} variant="ghost">
                  {rehearsal.group_id ? "Back to the group" : "Back"}
                </ButtonLink>
              </div>
            </Card>
          ) : (
            <Card className="space-y-4">
              <Progress
                label={rehearsal.status === "pending" ? "Waiting to start" : "Finding and scoring the dancers"}
                percent={rehearsal.progress}
                detail={timeLeftWords(rehearsal)}
              />
              <p className="text-sm text-slate-400">
                You can leave this page: the result opens at this address
                {rehearsal.group_id ? " and on the group's page" : ""}.
              </p>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}

function Finished({ rehearsal }: { rehearsal: Rehearsal }) {
  const player = useRef<RehearsalVideoHandle>(null);
  const [time, setTime] = useState(0);
  const sync = rehearsal.sync;
  const moves = sync?.moves ?? [];
  const duration = timelineLength(rehearsal.video?.duration, moves);
  const apart = moves.filter((m) => m.falls_apart);
  const seek = (t: number) => {
    player.current?.seek(t);
    setTime(t);
  };
  if (!rehearsal.dancers.length) {
    return <Alert tone="info">No dancer was found in this video.</Alert>;
  }
  return (
    <div className="space-y-6" data-testid="rehearsal-result">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <div className="glass p-2 sm:p-4">
            <RehearsalVideo
              ref={player}
              src={rehearsal.video_url}
              size={rehearsal.video ? { width: rehearsal.video.width, height: rehearsal.video.height } : null}
              dancers={rehearsal.dancers}
              label="Rehearsal video"
              onTime={setTime}
            />
          </div>
        </div>
        <div className="min-w-0 space-y-4">
          {sync ? (
            <Card data-testid="sync-score">
              <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">The group's sync</p>
              {sync.sync_score !== null ? (
                <p className="mt-1 flex items-baseline gap-2">
                  <span className={cx("text-4xl font-bold tabular-nums", scoreTextClass(sync.sync_score))}>
                    {Math.round(sync.sync_score)}
                  </span>
                  <span className="text-sm text-slate-400">/ 100 · {SYNC_WORD[scoreBand(sync.sync_score)]}</span>
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-300">
                  It takes two dancers of the routine to measure how together they are.
                </p>
              )}
              {sync.spread_ms !== null ? (
                <p className="mt-2 text-sm text-slate-300">
                  On a typical move the dancers hit it within{" "}
                  <span className="font-semibold text-white">{(sync.spread_ms / 1000).toFixed(2)} s</span> of each
                  other.
                  {apart.length
                    ? ` The group falls apart on ${apart.length} ${apart.length === 1 ? "move" : "moves"}.`
                    : " It holds together on every move."}
                </p>
              ) : null}
            </Card>
          ) : null}
          <Card>
            <CardTitle
              icon={<UsersRound className="size-4" aria-hidden />}
              aside={<span className="text-xs text-slate-400">Left to right</span>}
            >
              Dancers
            </CardTitle>
            <DancerList rehearsal={rehearsal} />
          </Card>
        </div>
      </div>
      {sync && moves.length ? (
        <Card>
          <CardTitle
            icon={<Waves className="size-4" aria-hidden />}
            aside={
              <span className="text-xs text-slate-400">
                Each dancer against the group's middle · tap a move to play it
              </span>
            }
          >
            Who was early or late
          </CardTitle>
          <SyncStrip moves={moves} dancers={rehearsal.dancers} duration={duration} time={time} onSeek={seek} />
          {apart.length ? (
            <div className="mt-4">
              <h4 className="text-sm font-semibold text-white">Where the group falls apart</h4>
              <ul className="mt-2 flex flex-wrap gap-2">
                {apart.map((m) => (
                  <li key={m.index}>
                    <button
                      type="button"
                      onClick={() => seek(m.start_s)}
                      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-rose-400/40 bg-rose-500/10 px-3 text-sm text-rose-100 hover:bg-rose-500/20 focus-visible:outline-2 focus-visible:outline-accent-400"
                      data-testid="falls-apart-move"
                    >
                      {moveLabel(m)} · {clockTenths(m.start_s)}
                      {m.spread_ms !== null ? (
                        <span className="text-rose-200/80">· {(m.spread_ms / 1000).toFixed(2)} s apart</span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
