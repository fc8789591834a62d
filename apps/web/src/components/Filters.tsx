import { ACTIVITY_LABELS, ACTIVITY_TYPES } from "@stepsync/contracts";
import { cx, chipColours } from "./cx";
import { SelectField } from "./SelectField";

const LOOKS = {
  /** Separate chips that wrap (timeframes, styles). */
  chips: {
    group: "flex flex-wrap gap-2",
    option: (on: boolean) => cx("rounded-full px-3 py-1.5 text-xs font-medium transition", chipColours(on)),
  },
  /** A compact segmented switch, set apart from chips beside it (You / Everyone). */
  switch: {
    group: "inline-flex rounded-full border border-white/12 bg-night-900/80 p-0.5",
    option: (on: boolean) =>
      cx(
        "rounded-full px-3 py-1 text-xs font-semibold transition",
        on ? "bg-white text-night-950" : "text-slate-300 hover:text-white",
      ),
  },
} as const;

/** Toggle buttons choosing one value, as wrapping chips or as a segmented switch. */
export function ChipGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  look = "chips",
}: {
  legend: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  look?: keyof typeof LOOKS;
}) {
  const style = LOOKS[look];
  return (
    <fieldset className={style.group}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={style.option(option.id === value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** The dance-style filter: every style, or '' for all of them. */
export function StyleSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (style: string) => void;
  className?: string;
}) {
  return (
    <SelectField
      label="Style"
      className={className}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      options={[
        { value: "", label: "All styles" },
        ...ACTIVITY_TYPES.map((a) => ({ value: a, label: ACTIVITY_LABELS[a] })),
      ]}
    />
  );
}
