import { ACTIVITY_LABELS, ACTIVITY_TYPES } from "@stepsync/contracts";
import { cx, chipColours } from "./cx";
import { SelectField } from "./SelectField";

/** A row of toggle chips choosing one value (timeframes on the chart and the leaderboard). */
export function ChipGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={cx("rounded-full px-3 py-1.5 text-xs font-medium transition", chipColours(option.id === value))}
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
