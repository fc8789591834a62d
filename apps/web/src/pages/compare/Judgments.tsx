import { Music2 } from "lucide-react";
import { formatPercent, scoreTextClass } from "../../lib/format";
import { cx } from "../../components/cx";

/**
 * The two judgments the overall score is made of; timing shows "—" when the engine gave none. A
 * note on the timing (a reference without music: the pace is the dancer's own) goes under them.
 */
export function Judgments({
  shape,
  timing,
  timingNote = null,
}: {
  shape: number;
  timing: number | null;
  timingNote?: string | null;
}) {
  const items = [
    { key: "shape", label: "Shape", value: shape },
    { key: "timing", label: "Timing", value: timing },
  ];
  return (
    <div className="w-full max-w-[14rem] space-y-2">
      <dl className="grid grid-cols-2 gap-2">
        {items.map(({ key, label, value }) => (
          <div key={key} className="rounded-2xl bg-white/[0.04] px-3 py-2 text-center ring-1 ring-inset ring-white/10">
            <dt className="text-[11px] font-semibold uppercase tracking-wider text-slate-400">{label}</dt>
            <dd className={cx("text-xl font-bold tabular-nums", scoreTextClass(value))} data-testid={`judgment-${key}`}>
              {formatPercent(value)}
            </dd>
          </div>
        ))}
      </dl>
      {timingNote ? (
        <p className="flex gap-1.5 text-left text-xs leading-snug text-slate-400" data-testid="timing-note">
          <Music2 className="mt-px size-3.5 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0">{timingNote}</span>
        </p>
      ) : null}
    </div>
  );
}
