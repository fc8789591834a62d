import { ACTIVITY_LABELS, type ActivityType, type CreditTransactionType, scoreBand } from "@stepsync/contracts";
import { BAND_PILL, BAND_TEXT } from "./score-colours";

/** Tailwind text colour for a score, by its band (scoreBand; colours in score-colours.ts). */
export function scoreTextClass(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "text-slate-400";
  return BAND_TEXT[scoreBand(score)];
}

export function scoreBgClass(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "bg-slate-500/15 text-slate-300";
  return BAND_PILL[scoreBand(score)];
}

/** Whole percent, or an em dash when unknown. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  return `${Math.round(value)}%`;
}

/**
 * Seconds as m:ss, whole seconds elapsed (floored), as video players count them: the one rule for
 * every duration and time the app shows, so a card never says 0:15 of a video its player calls 0:14.
 */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** Whole seconds as minutes in words: 300 → "5 minutes", 60 → "1 minute" (limits, not clocks). */
export function formatMinutes(seconds: number): string {
  const minutes = Math.round((seconds / 60) * 10) / 10;
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** A number of credits in words: "1 credit", "3 credits". */
export function formatCredits(credits: number): string {
  return `${credits} ${credits === 1 ? "credit" : "credits"}`;
}

export function formatSignedPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  const rounded = Math.round(value);
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

/** A key in words, each capitalised: `reference_upload` → `Reference Upload`. */
export function titleWords(key: string): string {
  return key.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

export function activityLabel(type: string): string {
  return (ACTIVITY_LABELS as Record<string, string>)[type] ?? titleWords(type);
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

/**
 * When something happened: "Today at 3:04 PM", "Yesterday at 9:10 AM", otherwise a short
 * date with the time. Days are the viewer's local days.
 */
export function formatWhen(iso: string | null | undefined, now: Date = new Date()): string {
  const time = formatDate(iso, { timeStyle: "short" });
  if (!time || !iso) return "";
  const date = new Date(iso);
  const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((dayStart(now) - dayStart(date)) / 86_400_000);
  if (days === 0) return `Today at ${time}`;
  if (days === 1) return `Yesterday at ${time}`;
  return formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The @handle shown for a username. Usernames come from the Full Name field at signup, so they may
 * hold spaces and capitals: "Meera Nair" is shown as @meera_nair.
 */
export function formatHandle(username: string): string {
  const handle = username
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
  return `@${handle || "user"}`;
}

const TRANSACTION_TYPE_LABELS: Record<CreditTransactionType, string> = {
  initial: "Welcome",
  purchase: "Purchase",
  usage: "Credit used",
  refund: "Refund",
  other: "Adjustment",
};

/** A credit transaction's kind in words (the ledger line under its description). */
export function transactionTypeLabel(type: CreditTransactionType): string {
  return TRANSACTION_TYPE_LABELS[type];
}
