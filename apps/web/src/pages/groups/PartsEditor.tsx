import { GROUP_LIMITS, type GroupPart, type RoutineMove } from "@stepsync/contracts";
import { Scissors } from "lucide-react";
import { useState } from "react";
import { errorMessage } from "../../api/client";
import { useUpdateGroup } from "../../api/groups";
import { Alert } from "../../components/Alert";
import { Button } from "../../components/Button";
import { cx } from "../../components/cx";
import { Dialog } from "../../components/Dialog";
import { toast } from "../../lib/toast";
import { draftFromParts, draftProblem, moveTime, movesText, partsFromDraft, toggleStart } from "./group-rules";

/** One colour per part, repeated past six: the strip of moves shows where each part runs. */
const PART_TONES = [
  "border-accent-400/70 bg-accent-500/20",
  "border-sky-400/70 bg-sky-500/20",
  "border-amber-300/70 bg-amber-400/20",
  "border-emerald-400/70 bg-emerald-500/20",
  "border-fuchsia-400/70 bg-fuchsia-500/20",
  "border-violet-400/70 bg-violet-500/20",
];

/**
 * Names the routine's parts on its moves: each move is a button, and pressing one starts a new part
 * there (pressing it again joins it to the part before). Parts follow the routine's order and never
 * overlap by construction; each gets a name.
 */
export function PartsEditor({
  groupId,
  moves,
  parts,
  open,
  onClose,
}: {
  groupId: number;
  moves: RoutineMove[];
  parts: GroupPart[];
  open: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(() => draftFromParts(parts));
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateGroup(groupId, {
    onSuccess: () => {
      toast.success("Parts saved");
      onClose();
    },
    onError: (e) => setError(errorMessage(e, "Could not save the parts")),
  });
  const saved = partsFromDraft(draft, moves.length);
  const segments = draft.starts.map((first, i) => ({
    first,
    last: (draft.starts[i + 1] ?? moves.length + 1) - 1,
    name: draft.names[i] ?? "",
  }));
  const partOf = (move: number) => draft.starts.filter((s) => s <= move).length - 1;

  function submit() {
    const problem = draftProblem(draft);
    if (problem) return setError(problem);
    setError(null);
    save.mutate({ parts: saved });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Name the routine's parts"
      description={`Press the move where a part starts (up to ${GROUP_LIMITS.maxParts} parts). Each part gets its own column on the board.`}
      icon={<Scissors className="size-5" aria-hidden />}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save parts
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-200">Moves ({moves.length})</legend>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(4.25rem,1fr))] gap-2" data-testid="move-picker">
            {moves.map((m) => {
              const starts = draft.starts.includes(m.move);
              return (
                <li key={m.move}>
                  <button
                    type="button"
                    aria-pressed={starts}
                    disabled={m.move === 1}
                    aria-label={`Move ${m.move}, ${m.label}, at ${moveTime(m.start_s)}${starts ? ": a part starts here" : ""}`}
                    title={m.label}
                    onClick={() => setDraft((d) => toggleStart(d, m.move))}
                    className={cx(
                      "relative flex w-full flex-col items-center rounded-xl border px-1 py-1.5 text-center transition focus-visible:outline-2 focus-visible:outline-accent-400 disabled:cursor-default",
                      PART_TONES[partOf(m.move) % PART_TONES.length],
                      starts && "ring-2 ring-white/70",
                    )}
                  >
                    {starts ? (
                      <Scissors
                        className="absolute -left-1.5 -top-1.5 size-4 rounded-full bg-night-900 p-0.5 text-white"
                        aria-hidden
                      />
                    ) : null}
                    <span className="text-sm font-semibold text-white">{m.move}</span>
                    <span className="text-[11px] tabular-nums text-slate-300">{moveTime(m.start_s)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <ol className="space-y-2">
          {segments.map((s, i) => (
            <li
              key={s.first}
              className={cx(
                "flex flex-wrap items-center gap-3 rounded-2xl border px-3 py-2",
                PART_TONES[i % PART_TONES.length],
              )}
            >
              <label className="flex min-w-0 flex-1 items-center gap-2">
                <span className="sr-only">Name of part {i + 1}</span>
                <input
                  value={s.name}
                  maxLength={GROUP_LIMITS.partNameMax}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, names: d.names.map((n, j) => (j === i ? e.target.value : n)) }))
                  }
                  className="h-10 min-w-0 flex-1 rounded-xl border border-white/15 bg-night-900/80 px-3 text-sm text-white focus-visible:outline-2 focus-visible:outline-accent-400"
                  data-testid="part-name"
                />
              </label>
              <span className="text-sm tabular-nums text-slate-200">{movesText(s.first, s.last)}</span>
            </li>
          ))}
        </ol>
        {error ? <Alert>{error}</Alert> : null}
      </div>
    </Dialog>
  );
}
