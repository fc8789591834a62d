import type { ComparisonSection, MoveResult } from "@stepsync/contracts";
import type { PracticeLoop } from "../../components/synced-players/practice";
import { currentSectionIndex, sectionHeading } from "./sections";
import { moveAt } from "./moves";
import { moveName } from "../../lib/verdicts";

/**
 * What can be looped: a move or a section, named by a key ("move:3", "section:1") so the loop in
 * state stays a plain value and every button can tell whether it is the one looping.
 */
export const loopKey = {
  move: (move: Pick<MoveResult, "index">) => `move:${move.index}`,
  section: (index: number) => `section:${index}`,
  /** The index of the move a key loops, null for a section or nothing. */
  moveIndex: (key: string | null): number | null => (key?.startsWith("move:") ? Number(key.slice(5)) : null),
};

/** The loop a key stands for, with its chip label ("counts 5–6", "8-count 2 · turn"); null when it names nothing. */
export function practiceLoop(
  key: string | null,
  moves: ReadonlyArray<MoveResult>,
  sections: ReadonlyArray<Pick<ComparisonSection, "title" | "label" | "description" | "timestamp" | "duration">>,
): PracticeLoop | null {
  if (!key) return null;
  const [kind, raw] = key.split(":");
  const n = Number(raw);
  if (kind === "move") {
    const move = moves.find((m) => m.index === n);
    return move ? { start: move.start_s, end: move.end_s, label: moveName(move) } : null;
  }
  const section = kind === "section" ? sections[n] : undefined;
  return section
    ? { start: section.timestamp, end: section.timestamp + section.duration, label: sectionHeading(section, n) }
    : null;
}

/**
 * The loop key of the move or section the keyboard focus is on (a timeline block, a move row, a
 * section card carry theirs as data-loop-key); null elsewhere. L prefers it to the time: during a
 * jump's lead-in the move playing is still the one before.
 */
export function focusedLoopKey(target: EventTarget | null): string | null {
  const el = target as { closest?: (selector: string) => { getAttribute(name: string): string | null } | null } | null;
  return el?.closest?.("[data-loop-key]")?.getAttribute("data-loop-key") ?? null;
}

/** What L loops at reference time t: the move playing, else the section (results without moves), else nothing. */
export function loopKeyAt(
  moves: ReadonlyArray<MoveResult>,
  sections: ReadonlyArray<Pick<ComparisonSection, "timestamp" | "duration">>,
  t: number,
): string | null {
  const move = moveAt(moves, t);
  if (move) return loopKey.move(move);
  const section = currentSectionIndex(sections, t);
  return section >= 0 ? loopKey.section(section) : null;
}
