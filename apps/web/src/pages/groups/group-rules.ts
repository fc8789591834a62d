import { GROUP_LIMITS, type GroupPart, WHOLE_ROUTINE_PART } from "@stepsync/contracts";
import { formatClock } from "../../lib/format";

/** The countdown in words: "12 days to go", "Tomorrow", "Today", "3 days ago"; null without a date. */
export function countdownText(days: number | null): string | null {
  if (days === null) return null;
  if (days > 1) return `${days} days to go`;
  if (days === 1) return "Tomorrow";
  if (days === 0) return "Today";
  return days === -1 ? "Yesterday" : `${-days} days ago`;
}

/** An event date (YYYY-MM-DD, a calendar day) in words, read as that day wherever the viewer is. */
export function eventDateText(date: string | null): string | null {
  if (!date) return null;
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeZone: "UTC" }).format(day);
}

/** Today as YYYY-MM-DD in the viewer's calendar (the earliest event date a form offers). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Move 3", or "Moves 1–4". */
export function movesText(first: number | null, last: number | null): string {
  if (first === null || last === null) return "All moves";
  return first === last ? `Move ${first}` : `Moves ${first}–${last}`;
}

/** Where a move starts: tenths of a second within the first minute (moves are short), m:ss after. */
export function moveTime(seconds: number): string {
  return seconds < 60 ? `${(Math.floor(Math.max(0, seconds) * 10) / 10).toFixed(1)} s` : formatClock(seconds);
}

/**
 * The parts editor works on where parts start: move 1 always starts one, and each part runs to the
 * move before the next start (so parts never overlap and cover the routine). `names` are the parts' names in order.
 */
export type PartsDraft = { starts: number[]; names: string[] };

/** The draft of saved parts (none: one part, the whole routine). */
export function draftFromParts(parts: GroupPart[]): PartsDraft {
  if (parts.length === 0) return { starts: [1], names: [WHOLE_ROUTINE_PART] };
  const starts = parts.map((p) => p.first_move);
  if (starts[0] !== 1) return { starts: [1, ...starts], names: ["Opening", ...parts.map((p) => p.name)] };
  return { starts, names: parts.map((p) => p.name) };
}

/** Turns a move's "a part starts here" on or off; a new part gets a name from its place. */
export function toggleStart(draft: PartsDraft, move: number): PartsDraft {
  if (move <= 1) return draft;
  const at = draft.starts.indexOf(move);
  if (at >= 0) {
    // The part starting here joins the one before it.
    return { starts: draft.starts.filter((_, i) => i !== at), names: draft.names.filter((_, i) => i !== at) };
  }
  if (draft.starts.length >= GROUP_LIMITS.maxParts) return draft;
  const index = draft.starts.filter((s) => s < move).length;
  const starts = [...draft.starts.slice(0, index), move, ...draft.starts.slice(index)];
  const names = [...draft.names.slice(0, index), `Part ${index + 1}`, ...draft.names.slice(index)];
  return { starts, names };
}

/** The parts a draft saves over `moveCount` moves; one part covering everything saves as none. */
export function partsFromDraft(draft: PartsDraft, moveCount: number): GroupPart[] {
  const parts = draft.starts.map((first, i) => ({
    name: (draft.names[i] ?? "").trim(),
    first_move: first,
    last_move: (draft.starts[i + 1] ?? moveCount + 1) - 1,
  }));
  const [only] = parts;
  if (parts.length === 1 && only && (only.name === "" || only.name === WHOLE_ROUTINE_PART)) return [];
  return parts;
}

/** What is wrong with a draft's names before sending, or null. */
export function draftProblem(draft: PartsDraft): string | null {
  const names = draft.names.map((n) => n.trim().toLowerCase());
  if (names.some((n) => n.length === 0 || n.length > GROUP_LIMITS.partNameMax) || new Set(names).size !== names.length)
    return `Give each part a different name of 1–${GROUP_LIMITS.partNameMax} characters`;
  return null;
}

/** Addresses typed into the invitations box, split on commas, spaces, semicolons and lines. */
export function parseEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
}

/** A fresh key for one transfer the organiser means; sent again with every retry of it. */
export function newIdempotencyKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The address an invite code opens. */
export function inviteUrl(code: string, origin: string = window.location.origin): string {
  return `${origin}/groups/join/${encodeURIComponent(code)}`;
}
