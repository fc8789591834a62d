/** A labelled progress bar: `percent` 0–100, or null while the amount is not known (a moving stripe). */
export function ProgressBar({ label, percent }: { label: string; percent: number | null }) {
  const value = percent === null ? null : Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-white" aria-live="polite" data-testid="group-progress-label">
        {value === null ? label : `${label} ${value}%`}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        className="h-2.5 overflow-hidden rounded-full bg-white/8"
      >
        <div
          className={
            value === null
              ? "h-full w-1/3 animate-pulse rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500"
              : "h-full rounded-full bg-gradient-to-r from-accent-500 to-fuchsia-500 transition-[width] duration-300"
          }
          style={value === null ? undefined : { width: `${Math.max(2, value)}%` }}
        />
      </div>
    </div>
  );
}
