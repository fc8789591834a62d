import { CircleCheck, CircleX, Info, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { type Toast, toast, toastStore } from "../lib/toast";
import { cx } from "./cx";
import { Spinner } from "./Spinner";

function ToastIcon({ type }: { type: Toast["type"] }) {
  if (type === "success") return <CircleCheck className="size-5 text-emerald-400" aria-hidden />;
  if (type === "error") return <CircleX className="size-5 text-rose-400" aria-hidden />;
  if (type === "loading") return <Spinner className="size-4 text-accent-300" />;
  return <Info className="size-5 text-sky-300" aria-hidden />;
}

/** Renders the toast list (newest on top). Errors are announced assertively, others politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:top-5"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.type === "error" ? "alert" : "status"}
          aria-live={t.type === "error" ? "assertive" : "polite"}
          data-toast-type={t.type}
          className={cx(
            "pointer-events-auto flex w-full max-w-sm animate-toast-in items-center gap-3 rounded-2xl border px-4 py-3 text-sm shadow-2xl shadow-black/40 backdrop-blur-xl",
            "border-white/10 bg-night-800/95 text-slate-100",
          )}
        >
          <ToastIcon type={t.type} />
          <p className="min-w-0 flex-1 font-medium">{t.message}</p>
          {t.type !== "loading" ? (
            <button
              type="button"
              onClick={() => toast.dismiss(t.id)}
              className="-mr-1 rounded-lg p-1 text-slate-400 hover:bg-white/10 hover:text-white"
              aria-label="Dismiss notification"
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
        </div>
      ))}
    </section>
  );
}
