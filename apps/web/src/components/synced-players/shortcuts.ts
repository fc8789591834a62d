import { SEEK } from "./practice";

/** What a key press asks the players to do. */
export type ShortcutAction =
  | { kind: "toggle" }
  | { kind: "seek"; by: number }
  | { kind: "frame"; dir: 1 | -1 }
  | { kind: "loop" }
  | { kind: "mirror" }
  | { kind: "speed"; dir: 1 | -1 }
  | { kind: "skeleton" }
  | { kind: "ghost" }
  | { kind: "help" };

/** The keys as the help popover lists them: one home for what each key does. */
export const SHORTCUTS: ReadonlyArray<{ keys: ReadonlyArray<string>; does: string }> = [
  { keys: ["Space"], does: "Play or pause" },
  { keys: ["←", "→"], does: `Back or forward ${SEEK.stepS} s` },
  { keys: ["Shift", "←", "→"], does: `Back or forward ${SEEK.fineS} s` },
  { keys: [",", "."], does: "One frame back or forward" },
  { keys: ["L"], does: "Loop the selected move, else the one playing (again to stop)" },
  { keys: ["[", "]"], does: "Slower or faster" },
  { keys: ["M"], does: "Mirror the reference" },
  { keys: ["S"], does: "Show or hide your skeleton" },
  { keys: ["G"], does: "Show or hide the teacher's ghost" },
  { keys: ["?"], does: "Show these shortcuts" },
];

type KeyTarget = { tagName?: string; isContentEditable?: boolean; closest?: (selector: string) => unknown };

/** Typing goes to the field: text inputs, text areas, selects and editable text keep their keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as KeyTarget | null;
  if (!el || typeof el.tagName !== "string") return false;
  const tag = el.tagName.toLowerCase();
  return tag === "input" || tag === "textarea" || tag === "select" || el.isContentEditable === true;
}

/** Space on a button or link presses it (the browser's own behaviour); it is not "play" then. */
function pressesControl(target: EventTarget | null): boolean {
  const el = target as KeyTarget | null;
  return Boolean(el?.closest?.("button, a[href], [role='button'], summary"));
}

/** A dialog over the result (the app's are native <dialog>s) owns the keyboard while it is open. */
function insideModal(target: EventTarget | null): boolean {
  const el = target as KeyTarget | null;
  return Boolean(el?.closest?.("dialog, [aria-modal='true']"));
}

/**
 * The action for a key press, or null to leave the key alone: keys with Ctrl, Cmd or Alt belong to
 * the browser, and nothing fires while typing in a field or inside a modal dialog.
 */
export function shortcutFor(
  event: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey" | "target" | "defaultPrevented">,
): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target) || insideModal(event.target)) return null;
  switch (event.key) {
    case " ":
    case "Spacebar":
      return pressesControl(event.target) ? null : { kind: "toggle" };
    case "ArrowLeft":
      return { kind: "seek", by: -(event.shiftKey ? SEEK.fineS : SEEK.stepS) };
    case "ArrowRight":
      return { kind: "seek", by: event.shiftKey ? SEEK.fineS : SEEK.stepS };
    case ",":
      return { kind: "frame", dir: -1 };
    case ".":
      return { kind: "frame", dir: 1 };
    case "l":
    case "L":
      return { kind: "loop" };
    case "m":
    case "M":
      return { kind: "mirror" };
    case "[":
      return { kind: "speed", dir: -1 };
    case "]":
      return { kind: "speed", dir: 1 };
    case "s":
    case "S":
      return { kind: "skeleton" };
    case "g":
    case "G":
      return { kind: "ghost" };
    case "?":
      return { kind: "help" };
    default:
      return null;
  }
}
