import type { Group, GroupMember } from "@stepsync/contracts";
import { Gift, UserMinus, UsersRound } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../api/client";
import { useRemoveMember } from "../../api/groups";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Dialog } from "../../components/Dialog";
import { formatDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { GiveCreditsDialog } from "./GiveCreditsDialog";
import { Tag } from "./parts-ui";

/** The group's members by first name; the organiser gives them credits or removes them. */
export function MembersCard({ group, members, viewerId }: { group: Group; members: GroupMember[]; viewerId: number }) {
  const organiser = group.role === "organiser";
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [giving, setGiving] = useState<GroupMember | null>(null);
  const remove = useRemoveMember(group.id, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      setRemoving(null);
    },
    onError: (e) => toast.error(errorMessage(e, "Could not remove the member")),
  });

  return (
    <Card>
      <CardTitle
        icon={<UsersRound className="size-4" aria-hidden />}
        aside={<span className="text-sm text-slate-400">{members.length}</span>}
      >
        Members
      </CardTitle>
      <ul className="divide-y divide-white/6" data-testid="members">
        {members.map((m) => (
          <li key={m.user_id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="member">
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-accent-500 to-violet-600 text-sm font-bold text-white"
            >
              {m.name.trim().charAt(0).toUpperCase() || "?"}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-white">
                <span className="min-w-0 break-words" data-testid="member-name">
                  {m.name}
                </span>
                {m.role === "organiser" ? <Tag tone="accent">Organiser</Tag> : null}
                {m.user_id === viewerId ? <Tag>You</Tag> : null}
              </p>
              <p className="text-xs text-slate-400">Joined {formatDate(m.joined_at)}</p>
            </div>
            {organiser && m.role !== "organiser" ? (
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Gift className="size-4" aria-hidden />}
                  aria-label={`Give ${m.name} credits`}
                  onClick={() => setGiving(m)}
                >
                  <span className="hidden sm:inline">Credits</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<UserMinus className="size-4" aria-hidden />}
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setRemoving(m)}
                >
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name ?? ""}?`}
        description="They leave the group and no longer see it, its routine or the board. Their own comparisons stay theirs."
        icon={<UserMinus className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate(removing.user_id)}
            >
              Remove
            </Button>
          </>
        }
      />
      {organiser ? <GiveCreditsDialog groupId={group.id} member={giving} onClose={() => setGiving(null)} /> : null}
    </Card>
  );
}
