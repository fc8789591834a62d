import type { Rehearsal } from "@stepsync/contracts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useDeleteRehearsal } from "../../api/rehearsals";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Dialog } from "../../components/Dialog";
import { toast } from "../../lib/toast";

/** Delete, after a confirmation that says what goes with it; then back to the group (or a new rehearsal). */
export function DeleteRehearsal({ rehearsal, back }: { rehearsal: Rehearsal; back: string }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteRehearsal(rehearsal.id, {
    onSuccess: (answer) => {
      toast.success(answer.message);
      navigate(back, { replace: true });
    },
    onError: (e) => setError(errorMessage(e, "Could not delete the rehearsal")),
  });
  const named = rehearsal.dancers.filter((d) => d.member).length;
  return (
    <>
      <Button
        variant="ghost"
        icon={<Trash2 className="size-4" aria-hidden />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Delete
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete this rehearsal?"
        description={
          named
            ? `The results of the ${named === 1 ? "member" : `${named} members`} named in it leave the board and their history too.`
            : "Its video and every dancer's result are deleted."
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </>
        }
      >
        {error ? <Alert>{error}</Alert> : null}
      </Dialog>
    </>
  );
}
