import { ADMIN_MESSAGES } from "@stepsync/contracts";
import { ScanSearch } from "lucide-react";
import { adminQueries, useAdminQuery } from "../../api/admin";
import { Card, CardTitle } from "../../components/Card";
import { Loading } from "./list-parts";
import { num } from "./figures";
import { useFlash } from "./flash";

/** The row of references users uploaded themselves (or library videos since removed). */
const UPLOADED = "Uploaded references";

/**
 * Results refused as another routine, and how many of them their dancer said were the routine after
 * all ("analyse it anyway"), overall and per reference: many calls on one reference point to
 * refusals that were wrong, worth studying.
 */
export function DancerCallsCard() {
  const flash = useFlash();
  const q = useAdminQuery(flash, adminQueries.dancerCalls(), ADMIN_MESSAGES.loadDancerCallsFailed);
  const d = q.data;
  const share = d && d.refusals > 0 ? ` (${Math.round((d.dancer_calls / d.refusals) * 100)}%)` : "";
  return (
    <Card data-testid="dancer-calls">
      <CardTitle icon={<ScanSearch className="size-4" aria-hidden />}>Routines not recognised</CardTitle>
      <p className="-mt-2 text-sm text-slate-400">
        Results refused as another routine, and how many of them the dancer said were the routine after all ("analyse it
        anyway"). Many calls on one reference point to refusals worth studying.
      </p>
      {flash.view}
      {q.isPending ? (
        <Loading />
      ) : d ? (
        <>
          <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-slate-400">Refused</dt>
              <dd className="text-2xl font-bold tabular-nums text-white" data-testid="refusals">
                {num(d.refusals)}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-slate-400">Dancers' calls</dt>
              <dd className="text-2xl font-bold tabular-nums text-white" data-testid="dancer-call-count">
                {num(d.dancer_calls)}
                <span className="text-base font-semibold text-slate-400">{share}</span>
              </dd>
            </div>
          </dl>
          {d.references.length === 0 ? (
            <p className="mt-4 text-sm text-slate-400">No result has been refused yet.</p>
          ) : (
            <table className="mt-4 w-full table-fixed text-sm">
              <caption className="sr-only">Refusals and dancers' calls per reference</caption>
              <colgroup>
                <col />
                <col className="w-[4.25rem] sm:w-28" />
                <col className="w-[4.25rem] sm:w-28" />
                <col className="w-[4.75rem] sm:w-28" />
              </colgroup>
              <thead>
                <tr className="border-b border-white/10 text-left text-xs font-semibold uppercase tracking-wider text-slate-400">
                  <th scope="col" className="pb-2 font-semibold">
                    Reference
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Refused
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold">
                    Calls
                  </th>
                  <th scope="col" className="pb-2 text-right font-semibold" title="Mean score of the called results">
                    Called avg
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.references.map((r) => (
                  <tr
                    key={r.reference_video_id ?? "uploaded"}
                    data-testid="dancer-calls-row"
                    className="border-b border-white/5 last:border-0"
                  >
                    <td className="break-words py-2 pr-2 text-slate-200 sm:truncate" title={r.title ?? UPLOADED}>
                      {r.reference_video_id === null ? (
                        <span className="italic text-slate-400">{UPLOADED}</span>
                      ) : (
                        (r.title ?? `Video #${r.reference_video_id}`)
                      )}
                    </td>
                    <td className="py-2 text-right tabular-nums text-slate-300">{num(r.refusals)}</td>
                    <td className="py-2 text-right font-semibold tabular-nums text-white">{num(r.dancer_calls)}</td>
                    <td className="py-2 text-right tabular-nums text-slate-300">
                      {r.called_average_score === null ? "—" : `${Math.round(r.called_average_score)}%`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </Card>
  );
}
