import type { ReactNode } from "react";
import { cx } from "./cx";

export function StatTile({
  label,
  value,
  icon,
  valueClassName,
  footer,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  valueClassName?: string;
  footer?: ReactNode;
}) {
  return (
    <div className="glass flex flex-col gap-2 p-4 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-400">{label}</p>
        {icon ? <span className="text-accent-300">{icon}</span> : null}
      </div>
      <p className={cx("text-2xl font-bold tabular-nums tracking-tight text-white sm:text-3xl", valueClassName)}>
        {value}
      </p>
      {footer}
    </div>
  );
}
