import type { ReactNode } from "react";
import { cx } from "./cx";

/** A labelled figure; valueClassName is the value's colour (white when none is given). */
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
      {/* One colour class only: with both text-white and a score colour the stylesheet's order, not the
          score, decided the colour (scores of 80+ and below 60 showed white). */}
      <p className={cx("text-2xl font-bold tabular-nums tracking-tight sm:text-3xl", valueClassName ?? "text-white")}>
        {value}
      </p>
      {footer}
    </div>
  );
}
