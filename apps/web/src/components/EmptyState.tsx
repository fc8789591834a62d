import type { ReactNode } from "react";
import { cx } from "./cx";

export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon?: ReactNode;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        "flex flex-col items-center justify-center gap-3 rounded-3xl border border-dashed border-white/12 bg-white/[0.02] px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-500/10 text-accent-300">
          {icon}
        </span>
      ) : null}
      {title ? <h3 className="text-lg font-semibold text-white">{title}</h3> : null}
      {children ? <div className="max-w-md text-sm text-slate-400">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
