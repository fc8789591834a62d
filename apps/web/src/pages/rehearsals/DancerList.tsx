import { scoreBand } from "@stepsync/contracts";
import { ChevronRight } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../api/client";
import type { Rehearsal, RehearsalDancer } from "@stepsync/contracts";
import { REHEARSAL_FALLBACKS, useTagDancer } from "../../api/rehearsals";
import { CompactField, COMPACT_CONTROL } from "../../components/SelectField";
import { cx } from "../../components/cx";
import { scoreTextClass } from "../../lib/format";
import { DancerChip } from "./SyncStrip";
import { isOtherRoutine, OTHER_ROUTINE, offsetText } from "./rehearsal-view";

/** A score's band in words beside its colour: the colour is never the only sign. */
const BAND_WORD = { green: "strong", yellow: "getting there", red: "needs work" } as const;

/**
 * The dancers, left to right: colour and number, score (coloured by band, with its word), how late or
 * early against the teacher, the tagged member; each opens that dancer's own result. The organiser
 * tags each dancer to a member here, saved as it is chosen.
 */
export function DancerList({ rehearsal }: { rehearsal: Rehearsal }) {
  return (
    <ul className="space-y-3" data-testid="dancer-list">
      {rehearsal.dancers.map((d) => (
        <DancerItem key={d.id} rehearsal={rehearsal} dancer={d} />
      ))}
    </ul>
  );
}

function DancerItem({ rehearsal, dancer }: { rehearsal: Rehearsal; dancer: RehearsalDancer }) {
  const other = isOtherRoutine(dancer);
  const offset = other ? null : offsetText(dancer.offset_s);
  const score = dancer.overall_score;
  return (
    <li
      className="rounded-2xl border border-white/10 bg-white/[0.03] p-3"
      data-testid="dancer-item"
      data-dancer={dancer.id}
    >
      <div className="flex items-center gap-3">
        <DancerChip dancer={dancer} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-white">
            Dancer {dancer.id}
            {dancer.member ? <span className="font-normal text-slate-300"> · {dancer.member.name}</span> : null}
          </p>
          <p className="text-xs text-slate-400" data-testid="dancer-timing">
            {other
              ? OTHER_ROUTINE
              : offset
                ? `${offset[0]?.toUpperCase()}${offset.slice(1)} against the teacher`
                : "Timing not known"}
          </p>
        </div>
        <div className="shrink-0 text-right">
          {other || score === null ? (
            <span className="text-sm text-slate-400" data-testid="dancer-score">
              {other ? "—" : "No score"}
            </span>
          ) : (
            <>
              <span
                className={cx("block text-xl font-bold tabular-nums", scoreTextClass(score))}
                data-testid="dancer-score"
              >
                {Math.round(score)}%
              </span>
              <span className="block text-[11px] text-slate-400">{BAND_WORD[scoreBand(score)]}</span>
            </>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        {rehearsal.can_tag ? <TagSelect rehearsal={rehearsal} dancer={dancer} /> : null}
        <Link
          to={`/rehearsals/${rehearsal.id}/dancers/${dancer.id}`}
          className="inline-flex h-9 items-center gap-1 rounded-full px-3 text-sm font-semibold text-accent-300 hover:bg-accent-500/10 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          Dancer {dancer.id}'s result
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      </div>
    </li>
  );
}

/** Who this dancer is: "Not tagged" or a member; saved as chosen, with a word when it is. */
function TagSelect({ rehearsal, dancer }: { rehearsal: Rehearsal; dancer: RehearsalDancer }) {
  const [said, setSaid] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const tag = useTagDancer(rehearsal.id, {
    onSuccess: (answer, { userId }) => {
      const name = answer.rehearsal.members.find((m) => m.user_id === userId)?.name;
      setSaid({
        tone: "ok",
        text: name ? `Saved: ${name}'s result counts on the board.` : "Saved: not tagged.",
      });
    },
    onError: (error) => setSaid({ tone: "error", text: errorMessage(error, REHEARSAL_FALLBACKS.tagFailed) }),
  });
  const value = tag.isPending ? String(tag.variables?.userId ?? "") : String(dancer.member?.user_id ?? "");
  return (
    <div className="min-w-0 flex-1 basis-44">
      <CompactField label={`Who is dancer ${dancer.id}?`}>
        {(id) => (
          <select
            id={id}
            className={COMPACT_CONTROL}
            value={value}
            disabled={tag.isPending}
            data-testid="tag-select"
            onChange={(e) => {
              setSaid(null);
              tag.mutate({ dancerId: dancer.id, userId: e.target.value ? Number(e.target.value) : null });
            }}
          >
            <option value="">Not tagged</option>
            {rehearsal.members.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </CompactField>
      <p
        className={cx("mt-1 min-h-4 text-xs", said?.tone === "error" ? "text-rose-200" : "text-emerald-200")}
        aria-live="polite"
        data-testid="tag-said"
      >
        {tag.isPending ? "Saving…" : (said?.text ?? "")}
      </p>
    </div>
  );
}
