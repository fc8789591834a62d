import type { Group } from "@stepsync/contracts";
import { ChevronRight, PartyPopper, Plus, UsersRound } from "lucide-react";
import { Link } from "react-router";
import { useGroups } from "../../api/groups";
import { Button, ButtonLink } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { Page, PageHeader } from "../../components/Page";
import { Countdown, Loading, Tag } from "./parts-ui";

function GroupCard({ group }: { group: Group }) {
  return (
    <li>
      <Link
        to={`/groups/${group.id}`}
        className="glass flex h-full flex-col gap-3 p-5 transition hover:bg-white/8 focus-visible:outline-2 focus-visible:outline-accent-400"
        data-testid="group-card"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 break-words text-lg font-semibold text-white">{group.name}</h2>
          <Tag tone={group.role === "organiser" ? "accent" : "plain"}>
            {group.role === "organiser" ? "Organiser" : "Member"}
          </Tag>
        </div>
        <Countdown date={group.event_date} days={group.days_to_event} />
        <p className="mt-auto flex items-center gap-2 text-sm text-slate-400">
          <UsersRound className="size-4 shrink-0" aria-hidden />
          {group.member_count} {group.member_count === 1 ? "member" : "members"}
          {group.role === "member" ? ` · organised by ${group.organiser_name}` : ""}
          <ChevronRight className="ml-auto size-4 shrink-0" aria-hidden />
        </p>
      </Link>
    </li>
  );
}

/** Your groups (/groups): the sangeet groups you organise or joined, and a start for a new one. */
export default function GroupsPage() {
  const query = useGroups();
  const groups = query.data?.groups ?? [];
  return (
    <Page title="Your groups">
      <PageHeader
        eyebrow="Sangeet groups"
        title="Your groups"
        description="One routine, the whole family learning it at home, and the choreographer seeing who needs help."
        actions={
          groups.length > 0 ? (
            <ButtonLink to="/groups/new" icon={<Plus className="size-4" aria-hidden />}>
              Start a group
            </ButtonLink>
          ) : null
        }
      />
      {query.isPending ? (
        <Loading label="Loading your groups" />
      ) : query.isError ? (
        <EmptyState
          title="Failed to load your groups"
          action={<Button onClick={() => void query.refetch()}>Try again</Button>}
        >
          {query.error.message}
        </EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={<PartyPopper className="size-7" aria-hidden />}
          title="No groups yet"
          action={
            <ButtonLink to="/groups/new" icon={<Plus className="size-4" aria-hidden />}>
              Start your group
            </ButtonLink>
          }
        >
          Start a group for your sangeet: pick the routine, invite the family with a link, and see who is ready. Invited
          to one? Open the invite link you were sent.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((g) => (
            <GroupCard key={g.id} group={g} />
          ))}
        </ul>
      )}
    </Page>
  );
}
