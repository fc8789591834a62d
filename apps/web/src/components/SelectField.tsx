import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { cx } from "./cx";

/** The look of a compact control (a select, a filter's text box): 44 px high, so a row of them lines up. */
export const COMPACT_CONTROL =
  "h-11 w-full rounded-xl border border-white/12 bg-night-900/80 px-3 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-accent-400";

/** A small label over a compact control; `children` gets the id that ties the two. */
export function CompactField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string | undefined;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cx("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled native select in the app's look (keyboard and screen-reader friendly by default). */
export function SelectField({
  label,
  options,
  className,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <CompactField label={label} className={className}>
      {(id) => (
        <select id={id} className={COMPACT_CONTROL} {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </CompactField>
  );
}
