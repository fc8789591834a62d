import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

export function Card({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx("glass p-5 sm:p-6", className)} {...rest}>
      {children}
    </div>
  );
}

export function CardTitle({ children, icon, aside }: { children: ReactNode; icon?: ReactNode; aside?: ReactNode }) {
  return (
    // Wraps: a long aside goes under the title on a phone instead of squeezing it.
    <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <h3 className="flex items-center gap-2 text-base font-semibold text-white">
        {icon ? <span className="text-accent-300">{icon}</span> : null}
        {children}
      </h3>
      {aside}
    </div>
  );
}
