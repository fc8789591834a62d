import { BOARD_SORTS, type BoardResponse, type BoardSort } from "@stepsync/contracts";
import { ArrowLeft, BellRing, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useBoard, useGroup } from "../../api/groups";
import { Button, ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { SelectField } from "../../components/SelectField";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { BoardRowCard, BoardTable } from "./BoardRows";
import { NudgeDialog } from "./NudgeDialog";
import { PractiseButton } from "./PractiseButton";
import { Countdown, GroupLoadFailure, Loading, ScoreLegend } from "./parts-ui";

const SORT_LABELS: Record<BoardSort, string> = {
  behind: "Who needs help first",
  name: "Name",
  best: "Best first",
  recent: "Practised most recently",
};

const isSort = (s: string | null): s is BoardSort => (BOARD_SORTS as readonly string[]).includes(s ?? "");

/** The group's weakest moves: "everyone misses move 14" when every member shown misses it. */
function WeakestMoves({ board }: { board: BoardResponse }) {
  const started = board.members.filter((m) => m.started).length;
  if (board.weakest_moves.length === 0) return null;
  return (
    <Card>
      <CardTitle icon={<TriangleAlert className="size-4" aria-hidden />}>The group's weakest moves</CardTitle>
      <ol className="space-y-2" data-testid="group-weakest">
        {board.weakest_moves.map((m) => (
          <li key={m.move} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
            <span className="min-w-0">
              <strong className="text-white">
                {m.members >= 2 && m.members === started ? `Everyone misses move ${m.move}` : `Move ${m.move}`}
              </strong>{" "}
              <span className="text-slate-400">· {m.label}</span>
            </span>
            <span className="text-slate-300">
              {m.members} {m.members === 1 ? "member" : "members"}, {m.misses} {m.misses === 1 ? "miss" : "misses"}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * The board (/groups/:id/board): the organiser sees one row per member (one column per part: best
 * score, last practised, takes this week; the moves they miss most), the group's weakest moves and
 * the countdown, sorted as chosen, with not-started members on top; a member sees their own row.
 */
export default function BoardPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const sort: BoardSort = isSort(params.get("sort")) ? (params.get("sort") as BoardSort) : "behind";
  const group = useGroup(id);
  const board = useBoard(id, sort, group.isSuccess);
  const wide = useMediaQuery("(min-width: 1024px)");
  const [nudging, setNudging] = useState(false);

  const detail = group.data;
  const data = board.data;
  const organiser = detail?.group.role === "organiser";
  const others = data?.members.filter((m) => m.role !== "organiser") ?? [];
  // The organiser teaches the routine: their own row only once they practise it too.
  const rows = data?.members.filter((m) => m.role !== "organiser" || m.started || !organiser) ?? [];
  const started = others.filter((m) => m.started).length;

  return (
    <Page title={detail ? `Board · ${detail.group.name}` : "Board"}>
      {group.isPending ? (
        <Loading label="Loading the board" />
      ) : group.isError ? (
        <GroupLoadFailure error={group.error} retry={() => void group.refetch()} />
      ) : detail ? (
        <>
          <PageHeader
            eyebrow={detail.group.name}
            title={organiser ? "The board" : "Your progress"}
            description={
              organiser
                ? "Each member's best score per part, how much they practise and the moves they miss most."
                : "Your best score per part and the moves you miss most. Your organiser sees this too."
            }
            actions={
              <>
                <ButtonLink to={`/groups/${id}`} variant="ghost" icon={<ArrowLeft className="size-4" aria-hidden />}>
                  Group
                </ButtonLink>
                {organiser ? (
                  <Button
                    icon={<BellRing className="size-4" aria-hidden />}
                    onClick={() => setNudging(true)}
                    disabled={!data}
                  >
                    Remind
                  </Button>
                ) : (
                  <PractiseButton routine={detail.routine} />
                )}
              </>
            }
          />
          <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
            <Countdown date={detail.group.event_date} days={detail.group.days_to_event} large />
            {organiser ? (
              <SelectField
                label="Sort by"
                className="w-full sm:w-64"
                value={sort}
                onChange={(e) => setParams({ sort: e.target.value }, { replace: true })}
                options={BOARD_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              />
            ) : null}
          </div>
          {board.isPending ? (
            <Loading label="Loading the board" />
          ) : board.isError ? (
            <GroupLoadFailure error={board.error} retry={() => void board.refetch()} what="board" />
          ) : data ? (
            <div className="space-y-6">
              {organiser && others.length === 0 ? (
                <EmptyState title="Nobody has joined yet">
                  Share the invite link from the group's page: each member's row appears here when they join.
                </EmptyState>
              ) : null}
              {organiser && others.length > 0 ? (
                <p className="text-sm text-slate-300" data-testid="board-summary">
                  <strong className="text-white">{others.length}</strong> {others.length === 1 ? "member" : "members"} ·{" "}
                  <strong className="text-white">{started}</strong> practising ·{" "}
                  <strong className="text-white">{others.length - started}</strong> not started ·{" "}
                  <strong className="text-white">{others.filter((m) => m.behind).length}</strong> behind
                </p>
              ) : null}
              <ScoreLegend />
              {wide && organiser ? (
                <BoardTable board={{ ...data, members: rows }} />
              ) : (
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="board-cards">
                  {rows.map((row) => (
                    <BoardRowCard key={row.user_id} row={row} columns={data.columns} />
                  ))}
                </div>
              )}
              {organiser ? <WeakestMoves board={data} /> : null}
              {organiser ? (
                <NudgeDialog
                  groupId={id}
                  open={nudging}
                  onClose={() => setNudging(false)}
                  behind={others.filter((m) => m.behind).length}
                  members={others.length}
                />
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
