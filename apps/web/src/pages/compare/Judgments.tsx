import { formatPercent, scoreTextClass } from "../../lib/format";
import { cx } from "../../components/cx";

/** The two judgments the overall score is made of; timing shows "—" when the engine gave none. */
export function Judgments({ shape, timing }: { shape: number; timing: number | null }) {
  const items = [
    { key: "shape", label: "Shape", value: shape },
    { key: "timing", label: "Timing", value: timing },
  ];
  return (
    <dl className="grid w-full max-w-[14rem] grid-cols-2 gap-2">
      {items.map(({ key, label, value }) => (
        <div key={key} className="rounded-2xl bg-white/[0.04] px-3 py-2 text-center ring-1 ring-inset ring-white/10">
          <dt className="text-[11px] font-semibold uppercase tracking-wider text-slate-400">{label}</dt>
          <dd className={cx("text-xl font-bold tabular-nums", scoreTextClass(value))} data-testid={`judgment-${key}`}>
            {formatPercent(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
