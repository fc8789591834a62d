import { Clapperboard } from "lucide-react";
import { useGroupRehearsals } from "../../api/rehearsals";
import { ButtonLink } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { RehearsalList } from "../../components/RehearsalList";

/**
 * The group's rehearsals (a video of everyone dancing, each dancer scored), newest first, and a new
 * one. Shown to every member: a tagged dancer finds their own result here too.
 */
export function RehearsalsCard({ groupId }: { groupId: number }) {
  const query = useGroupRehearsals(groupId);
  const list = query.data?.rehearsals ?? [];
  return (
    <Card data-testid="group-rehearsals">
      <CardTitle
        icon={<Clapperboard className="size-4" aria-hidden />}
        aside={
          <ButtonLink to={`/rehearsals/new?group=${groupId}`} variant="ghost" size="sm">
            New
          </ButtonLink>
        }
      >
        Rehearsals
      </CardTitle>
      {list.length ? (
        <RehearsalList rehearsals={list} />
      ) : (
        <p className="text-sm text-slate-300">
          Film the group dancing the routine together and upload it: every dancer is scored against the teacher, and you
          see who is early or late on each move.
        </p>
      )}
    </Card>
  );
}
