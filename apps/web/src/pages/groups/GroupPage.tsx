import { ChartColumn, Clapperboard, UsersRound } from "lucide-react";
import { useLocation, useParams } from "react-router";
import { useBoard, useGroup } from "../../api/groups";
import { useAuth } from "../../auth/context";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Page, PageHeader } from "../../components/Page";
import { BoardRowCard } from "./BoardRows";
import { GroupSettings } from "./GroupSettings";
import { InviteCard } from "./InviteCard";
import { MembersCard } from "./MembersCard";
import { PractiseButton } from "./PractiseButton";
import { RehearsalsCard } from "./RehearsalsCard";
import { RoutineCard } from "./RoutineCard";
import { Countdown, GroupLoadFailure, Loading } from "./parts-ui";

/** A member's own row of the board, on the group's page. */
function MyProgress({ groupId }: { groupId: number }) {
  const board = useBoard(groupId, "behind");
  const row = board.data?.members[0];
  if (!board.data || !row) return null;
  return (
    <section aria-label="Your progress" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">Your progress</h2>
        <ButtonLink to={`/groups/${groupId}/board`} variant="ghost" size="sm">
          Details
        </ButtonLink>
      </div>
      <BoardRowCard
        row={row}
        columns={board.data.columns}
        title={row.started ? "Your best so far" : "You have not practised yet"}
      />
    </section>
  );
}

/**
 * A group's page (/groups/:id): the countdown, the routine and its parts, the members (first names),
 * and "Practise the routine"; the organiser also invites (link, e-mail), removes members, gives
 * credits, opens the board and changes or deletes the group; a member can leave.
 */
export default function GroupPage() {
  const id = Number(useParams().id);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const viewerId = useAuth().user?.id ?? 0;
  const query = useGroup(id);
  const data = query.data;
  const organiser = data?.group.role === "organiser";

  return (
    <Page title={data?.group.name ?? "Group"}>
      {query.isPending ? (
        <Loading label="Loading the group" />
      ) : query.isError ? (
        <GroupLoadFailure error={query.error} retry={() => void query.refetch()} />
      ) : data ? (
        <>
          <PageHeader
            eyebrow="Sangeet group"
            title={data.group.name}
            description={
              <span className="flex items-center gap-2">
                <UsersRound className="size-4 shrink-0 text-slate-400" aria-hidden />
                {data.group.member_count} {data.group.member_count === 1 ? "member" : "members"} · organised by{" "}
                {organiser ? "you" : data.group.organiser_name}
              </span>
            }
            actions={
              <>
                <PractiseButton routine={data.routine} />
                <ButtonLink
                  to={`/groups/${id}/board`}
                  variant="secondary"
                  icon={<ChartColumn className="size-4" aria-hidden />}
                >
                  {organiser ? "Board" : "Your progress"}
                </ButtonLink>
                <ButtonLink
                  to={`/rehearsals/new?group=${id}`}
                  variant="secondary"
                  icon={<Clapperboard className="size-4" aria-hidden />}
                >
                  Analyse a rehearsal
                </ButtonLink>
              </>
            }
          />
          <div className="mb-6">
            <Countdown date={data.group.event_date} days={data.group.days_to_event} large />
          </div>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
            <div className="min-w-0 space-y-6">
              <RoutineCard group={data.group} routine={data.routine} promptParts={created} />
              {organiser ? null : <MyProgress groupId={id} />}
              <RehearsalsCard groupId={id} />
              {organiser && data.members.length <= 1 ? (
                <Card>
                  <CardTitle>Next: invite the family</CardTitle>
                  <p className="text-sm text-slate-300">
                    Copy the invite link and send it to the group chat. Everyone who joins gets a row on the board, and
                    every take of the routine they practise fills it in.
                  </p>
                </Card>
              ) : null}
            </div>
            <div className="min-w-0 space-y-6">
              {organiser ? <InviteCard group={data.group} /> : null}
              <MembersCard group={data.group} members={data.members} viewerId={viewerId} />
              <GroupSettings group={data.group} viewerId={viewerId} />
            </div>
          </div>
        </>
      ) : null}
    </Page>
  );
}
