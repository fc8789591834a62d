import { cx } from "./cx";

/** A small spinner. With a label it is announced as a status; without one it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = (
    <span
      aria-hidden
      className={cx(
        "inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent align-[-0.2em]",
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <output aria-label={label} className="inline-flex">
      {ring}
    </output>
  );
}

/** Centered spinner for a page or a guard while the session loads. */
export function PageSpinner({ text, label = "Loading" }: { text?: string; label?: string }) {
  return (
    <output aria-label={label} className="flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16">
      <span aria-hidden className="relative flex size-12 items-center justify-center">
        <span className="absolute inset-0 animate-ping rounded-full bg-accent-500/20" />
        <span className="size-10 animate-spin rounded-full border-[3px] border-accent-400 border-r-transparent" />
      </span>
      {text ? <span className="text-sm font-medium text-slate-300">{text}</span> : null}
    </output>
  );
}
