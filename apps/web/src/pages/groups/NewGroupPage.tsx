import { GROUP_LIMITS, GROUP_MESSAGES } from "@stepsync/contracts";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/client";
import { useCreateGroup } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { Card } from "../../components/Card";
import { TextField } from "../../components/Field";
import { Page, PageHeader } from "../../components/Page";
import { todayIso } from "./group-rules";
import { RoutinePicker, useRoutineChoice } from "./RoutineChoice";

/** Start a group (/groups/new): its name, event date and routine (a library video, or one uploaded for the group only). */
export default function NewGroupPage() {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [eventDate, setEventDate] = useState("");
  const routine = useRoutineChoice();
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const create = useCreateGroup({
    onSuccess: ({ group }) => navigate(`/groups/${group.id}`, { state: { created: true } }),
    onError: (e) => setError(errorMessage(e, "Could not start the group")),
  });

  const nameProblem = !name.trim()
    ? GROUP_MESSAGES.nameRequired
    : name.trim().length > GROUP_LIMITS.nameMax
      ? GROUP_MESSAGES.nameTooLong
      : null;
  const dateProblem = eventDate && eventDate < todayIso() ? GROUP_MESSAGES.eventDatePast : null;
  const busy = create.isPending || routine.uploading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (busy || nameProblem || dateProblem || routine.problem) return;
    setError(null);
    let routineId: number;
    try {
      routineId = await routine.routineId();
    } catch (e) {
      setError(errorMessage(e, GROUP_MESSAGES.routineRequired));
      return;
    }
    create.mutate({ name: name.trim(), event_date: eventDate || null, reference_video_id: routineId });
  }

  return (
    <Page title="Start a group" width="narrow">
      <PageHeader
        eyebrow="Sangeet groups"
        title="Start your group"
        description="Name it, set the day, and choose the routine everyone learns. You invite the family next, and can split the routine into parts once it is analysed."
      />
      <form className="space-y-6" onSubmit={onSubmit} noValidate>
        <Card className="space-y-5">
          <TextField
            label="Group name"
            placeholder="Priya & Arjun's sangeet"
            maxLength={GROUP_LIMITS.nameMax}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched ? nameProblem : null}
          />
          <TextField
            label="Event date (optional)"
            type="date"
            min={todayIso()}
            value={eventDate}
            onChange={(e) => setEventDate(e.target.value)}
            error={touched ? dateProblem : null}
            hint="Members see a countdown to the day."
          />
        </Card>

        <section className="space-y-4" aria-labelledby="routine-title">
          <div>
            <h2 id="routine-title" className="text-lg font-semibold text-white">
              The routine
            </h2>
            <p className="text-sm text-slate-400">
              Every take of this video by a member counts on the group's board, with no extra step.
            </p>
          </div>
          <RoutinePicker choice={routine} showProblem={touched} disabled={busy} />
        </section>

        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="submit" size="lg" loading={busy}>
            {routine.uploading ? "Uploading…" : create.isPending ? "Starting…" : "Start the group"}
          </Button>
        </div>
      </form>
    </Page>
  );
}
