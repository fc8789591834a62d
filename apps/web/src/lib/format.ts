import { ACTIVITY_LABELS, type ActivityType, scoreBand } from "@stepsync/contracts";

/** Tailwind text colour for a score: ≥80 green, ≥60 yellow, else red (part 1 §9). */
export function scoreTextClass(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "text-slate-400";
  const band = scoreBand(score);
  return band === "green" ? "text-emerald-400" : band === "yellow" ? "text-yellow-300" : "text-rose-400";
}

export function scoreBgClass(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "bg-slate-500/15 text-slate-300";
  const band = scoreBand(score);
  return band === "green"
    ? "bg-emerald-500/15 text-emerald-300"
    : band === "yellow"
      ? "bg-yellow-400/15 text-yellow-200"
      : "bg-rose-500/15 text-rose-300";
}

/** Whole percent, or an em dash when unknown. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value)}%`;
}

export function formatSignedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  const rounded = Math.round(value);
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

export function activityLabel(type: string): string {
  return (
    (ACTIVITY_LABELS as Record<string, string>)[type] ??
    type.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase())
  );
}

export function isActivityType(type: string): type is ActivityType {
  return type in ACTIVITY_LABELS;
}

export function formatDate(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(undefined, options).format(date);
}

export function formatMonthYear(iso: string | null | undefined): string {
  return formatDate(iso, { month: "long", year: "numeric" });
}

export function formatRupees(amount: number): string {
  return `₹${amount.toLocaleString("en-IN", { maximumFractionDigits: 2 })}`;
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday" for the last week; the date after that
 * (and for times in the future beyond a minute of clock skew).
 */
export function formatRelative(iso: string | null | undefined, now: number = Date.now(), justNow = "just now"): string {
  if (!iso) return "";
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return "";
  const seconds = Math.round((now - time) / 1000);
  if (seconds < -60 || seconds >= 7 * 24 * 60 * 60) return formatDate(iso);
  if (seconds < 60) return justNow;
  const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  let unit: Intl.RelativeTimeFormatUnit = "minute";
  let size = 60;
  for (const [u, s] of RELATIVE_UNITS) if (seconds >= s) [unit, size] = [u, s];
  return rtf.format(-Math.floor(seconds / size), unit);
}
