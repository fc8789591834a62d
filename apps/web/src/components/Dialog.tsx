import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { cx } from "./cx";

/**
 * A modal dialog on the native <dialog> element: the page behind is inert (focus stays inside),
 * Escape closes it unless `dismissible` is false, focus returns to where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissible = true,
  icon,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  dismissible?: boolean;
  icon?: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      const previous = document.activeElement as HTMLElement | null;
      if (typeof el.showModal === "function") el.showModal();
      else el.setAttribute("open", "");
      return () => {
        if (el.open && typeof el.close === "function") el.close();
        else el.removeAttribute("open");
        previous?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (dismissibleRef.current) closeRef.current();
    };
    el.addEventListener("cancel", onCancel);
    return () => el.removeEventListener("cancel", onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      className={cx(
        "m-auto w-[calc(100%-2rem)] max-w-lg rounded-3xl border border-white/12 bg-night-900 p-0 text-slate-100 shadow-2xl shadow-black/60",
        "backdrop:bg-night-950/75 backdrop:backdrop-blur-sm open:animate-fade-up",
        className,
      )}
    >
      {open ? (
        <div className="p-6 sm:p-7">
          <div className="flex items-start gap-4">
            {icon ? (
              <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-accent-500/12 text-accent-300">
                {icon}
              </span>
            ) : null}
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-semibold tracking-tight text-white">
                {title}
              </h2>
              {description ? (
                <div id={descId} className="mt-1.5 text-sm leading-relaxed text-slate-300">
                  {description}
                </div>
              ) : null}
            </div>
            {dismissible ? (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mr-2 -mt-2 flex size-9 items-center justify-center rounded-full text-slate-400 hover:bg-white/8 hover:text-white"
              >
                <X className="size-5" aria-hidden />
              </button>
            ) : null}
          </div>
          {children ? <div className="mt-5">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
