import { GROUP_LIMITS, GROUP_MESSAGES, type Group } from "@stepsync/contracts";
import { Film, LogOut, Pencil, Settings, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useDeleteGroup, useRemoveMember, useUpdateGroup } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card, CardTitle } from "../../components/Card";
import { Dialog } from "../../components/Dialog";
import { TextField } from "../../components/Field";
import { toast } from "../../lib/toast";
import { todayIso } from "./group-rules";
import { RoutinePicker, useRoutineChoice } from "./RoutineChoice";

/** The organiser picks another routine: a library video or a new upload; its parts go with the old one. */
function ChangeRoutine({ group, open, onClose }: { group: Group; open: boolean; onClose: () => void }) {
  const choice = useRoutineChoice();
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGroup(group.id, {
    onSuccess: () => {
      toast.success("Routine changed");
      onClose();
    },
    onError: (e) => setError(errorMessage(e, "Could not change the routine")),
  });
  const busy = choice.uploading || update.isPending;

  async function save() {
    setTouched(true);
    if (busy || choice.problem) return;
    setError(null);
    try {
      update.mutate({ reference_video_id: await choice.routineId() });
    } catch (e) {
      setError(errorMessage(e, GROUP_MESSAGES.routineRequired));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change the routine"
      description={
        group.parts.length > 0
          ? "Members practise the new routine from now on. Its parts go with the old one: name the new routine's parts once it is analysed."
          : "Members practise the new routine from now on; the board counts takes of it."
      }
      icon={<Film className="size-5" aria-hidden />}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            Use this routine
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <RoutinePicker choice={choice} showProblem={touched} disabled={busy} />
        {error ? <Alert>{error}</Alert> : null}
      </div>
    </Dialog>
  );
}

/** The organiser's name and date change, routine change, and the group's deletion. */
function OrganiserSettings({ group }: { group: Group }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [changing, setChanging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(group.name);
  const [date, setDate] = useState(group.event_date ?? "");
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGroup(group.id, {
    onSuccess: () => {
      toast.success("Group saved");
      setEditing(false);
    },
    onError: (e) => setError(errorMessage(e, "Could not save the group")),
  });
  const remove = useDeleteGroup(group.id, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      navigate("/groups", { replace: true });
    },
    onError: (e) => toast.error(errorMessage(e, "Could not delete the group")),
  });

  function openEdit() {
    setName(group.name);
    setDate(group.event_date ?? "");
    setError(null);
    setEditing(true);
  }

  return (
    <Card>
      <CardTitle icon={<Settings className="size-4" aria-hidden />}>Group settings</CardTitle>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" icon={<Pencil className="size-4" aria-hidden />} onClick={openEdit}>
          Name and date
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<Film className="size-4" aria-hidden />}
          onClick={() => setChanging(true)}
        >
          Change the routine
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={<Trash2 className="size-4" aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Delete group
        </Button>
      </div>
      <Dialog
        open={editing}
        onClose={() => setEditing(false)}
        title="Name and date"
        icon={<Pencil className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              loading={update.isPending}
              onClick={() => {
                if (!name.trim()) return setError(GROUP_MESSAGES.nameRequired);
                update.mutate({ name: name.trim(), event_date: date || null });
              }}
            >
              Save
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <TextField
            label="Group name"
            value={name}
            maxLength={GROUP_LIMITS.nameMax}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Event date (optional)"
            type="date"
            min={todayIso()}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
          {error ? <Alert>{error}</Alert> : null}
        </div>
      </Dialog>
      {changing ? <ChangeRoutine group={group} open={changing} onClose={() => setChanging(false)} /> : null}
      <Dialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${group.name}?`}
        description="The group, its invite link and its board go for everyone. Members keep their own comparisons."
        icon={<Trash2 className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete group
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** A member leaves the group. */
function LeaveGroup({ group, viewerId }: { group: Group; viewerId: number }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = useRemoveMember(group.id, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      navigate("/groups", { replace: true });
    },
    onError: (e) => toast.error(errorMessage(e, "Could not leave the group")),
  });
  return (
    <Card>
      <Button
        size="sm"
        variant="ghost"
        icon={<LogOut className="size-4" aria-hidden />}
        onClick={() => setAsking(true)}
      >
        Leave group
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={`Leave ${group.name}?`}
        description="You no longer see the group or its board; your comparisons stay yours. To come back you need a new invite."
        icon={<LogOut className="size-5" aria-hidden />}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              Stay
            </Button>
            <Button variant="danger" loading={leave.isPending} onClick={() => leave.mutate(viewerId)}>
              Leave group
            </Button>
          </>
        }
      />
    </Card>
  );
}

export function GroupSettings({ group, viewerId }: { group: Group; viewerId: number }) {
  return group.role === "organiser" ? (
    <OrganiserSettings group={group} />
  ) : (
    <LeaveGroup group={group} viewerId={viewerId} />
  );
}
