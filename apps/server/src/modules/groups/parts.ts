import { GROUP_MESSAGES, type GroupPart, type RoutineMove } from "@stepsync/contracts";
import { HttpError } from "../../http/errors.ts";

/**
 * A routine's named parts as the organiser gives them, checked against its moves: each a run of
 * moves (numbered from 1) inside the routine, in the routine's order, none overlapping, each name
 * once (moves between parts may stay in none). No parts: one part, the whole routine. Parts need
 * the moves, so the routine's analysis must be done (409 before).
 */
export function checkedParts(parts: readonly GroupPart[], moves: readonly RoutineMove[] | null): GroupPart[] {
  if (parts.length === 0) return [];
  if (!moves || moves.length === 0) throw new HttpError(409, GROUP_MESSAGES.partsNeedMoves);
  const names = new Set<string>();
  let lastEnd = 0;
  for (const part of parts) {
    const key = part.name.toLocaleLowerCase();
    if (names.has(key)) throw new HttpError(400, GROUP_MESSAGES.partName);
    names.add(key);
    if (part.first_move > part.last_move) throw new HttpError(400, GROUP_MESSAGES.partMoves);
    if (part.last_move > moves.length) throw new HttpError(400, GROUP_MESSAGES.partPastEnd(moves.length));
    if (part.first_move <= lastEnd) throw new HttpError(400, GROUP_MESSAGES.partsOrder);
    lastEnd = part.last_move;
  }
  return parts.map((p) => ({ name: p.name, first_move: p.first_move, last_move: p.last_move }));
}
