import { Keyboard, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { cx } from "../cx";
import { SHORTCUTS } from "./shortcuts";

/**
 * The "?" button and the popover listing the keyboard shortcuts. It opens with the button or the ?
 * key, takes the focus so it is read out, and closes with Esc, its close button or a click
 * elsewhere, handing the focus back to the button.
 */
export function ShortcutHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (open) panel.current?.focus();
    // Closed while it had the focus (the ? key again): the focus goes back to the button, not the page.
    else if (wasOpen.current && (document.activeElement === null || document.activeElement === document.body))
      button.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onOpenChange(false);
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && (panel.current?.contains(target) || button.current?.contains(target))) return;
      onOpenChange(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, onOpenChange]);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => onOpenChange(!open)}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        className={cx(
          "inline-flex size-9 items-center justify-center rounded-full border text-sm font-bold transition",
          open
            ? "border-accent-400/50 bg-accent-500/15 text-accent-200"
            : "border-white/12 bg-white/8 text-slate-300 hover:bg-white/14",
        )}
      >
        ?
      </button>
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label="Keyboard shortcuts"
          tabIndex={-1}
          className="absolute bottom-full right-0 z-30 mb-2 w-full max-w-sm rounded-2xl border border-white/12 bg-night-900 p-4 text-sm shadow-2xl shadow-black/50 outline-none"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="inline-flex items-center gap-2 font-semibold text-white">
              <Keyboard className="size-4 text-accent-300" aria-hidden /> Keyboard shortcuts
            </p>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              aria-label="Close keyboard shortcuts"
              className="inline-flex size-7 items-center justify-center rounded-full text-slate-400 hover:bg-white/10 hover:text-white"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
          <dl className="space-y-1.5">
            {SHORTCUTS.map(({ keys, does }) => (
              <div key={does} className="flex items-center justify-between gap-3">
                <dt className="flex shrink-0 gap-1">
                  {keys.map((k) => (
                    <kbd
                      key={k}
                      className="min-w-6 rounded-md border border-white/15 bg-white/8 px-1.5 py-0.5 text-center font-mono text-xs text-slate-100"
                    >
                      {k}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-right text-slate-300">{does}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
    </>
  );
}
