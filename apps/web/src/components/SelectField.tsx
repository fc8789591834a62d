import { type SelectHTMLAttributes, useId } from "react";
import { cx } from "./cx";

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
  const id = useId();
  return (
    <div className={cx("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      <select
        id={id}
        className="h-11 w-full rounded-xl border border-white/12 bg-night-900/80 px-3 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-accent-400"
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
