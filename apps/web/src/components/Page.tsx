import type { ReactNode } from "react";
import { useTitle } from "../lib/useTitle";
import { cx } from "./cx";

/** Standard page frame: sets the document title, constrains width, spaces content. */
export function Page({
  title,
  children,
  className,
  width = "wide",
}: {
  title: string;
  children: ReactNode;
  className?: string;
  width?: "wide" | "narrow";
}) {
  useTitle(title);
  return (
    <div
      className={cx(
        "mx-auto w-full px-4 py-8 sm:px-6 sm:py-12 lg:px-8",
        width === "wide" ? "max-w-7xl" : "max-w-3xl",
        className,
      )}
    >
      {children}
    </div>
  );
}

export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="space-y-2">
        {eyebrow ? <p className="text-xs font-semibold uppercase tracking-[0.2em] text-accent-300">{eyebrow}</p> : null}
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        {description ? <p className="max-w-2xl text-base text-slate-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
