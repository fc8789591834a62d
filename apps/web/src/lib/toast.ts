import { LIMITS } from "@stepsync/contracts";

export type ToastType = "success" | "error" | "loading" | "blank";

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  createdAt: number;
  /** Milliseconds; Infinity for loading toasts, which never time out. */
  duration: number;
}

export interface ToastOptions {
  /** Reuse an id to update a toast in place (for example loading → success). */
  id?: string;
  duration?: number;
}

/** How long each kind of toast stays: loading never times out; error and blank 4 s; success 2 s. */
export const TOAST_DURATIONS: Record<ToastType, number> = {
  loading: Number.POSITIVE_INFINITY,
  error: 4000,
  blank: 4000,
  success: 2000,
};

type Listener = () => void;

let toasts: Toast[] = [];
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();
let counter = 0;

function emit(): void {
  for (const listener of listeners) listener();
}

function clearTimer(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    timers.delete(id);
  }
}

function startTimer(t: Toast): void {
  clearTimer(t.id);
  if (!Number.isFinite(t.duration)) return;
  timers.set(
    t.id,
    setTimeout(() => dismiss(t.id), t.duration),
  );
}

function show(type: ToastType, message: string, options: ToastOptions = {}): string {
  const id = options.id ?? `t${++counter}`;
  const next: Toast = {
    id,
    type,
    message,
    createdAt: Date.now(),
    duration: options.duration ?? TOAST_DURATIONS[type],
  };
  const existing = toasts.findIndex((t) => t.id === id);
  if (existing >= 0) {
    toasts = toasts.map((t) => (t.id === id ? next : t));
  } else {
    // Newest first; at most LIMITS.toastLimit kept.
    const all = [next, ...toasts];
    for (const dropped of all.slice(LIMITS.toastLimit)) clearTimer(dropped.id);
    toasts = all.slice(0, LIMITS.toastLimit);
  }
  startTimer(next);
  emit();
  return id;
}

function dismiss(id?: string): void {
  if (id === undefined) {
    for (const t of toasts) clearTimer(t.id);
    toasts = [];
  } else {
    clearTimer(id);
    toasts = toasts.filter((t) => t.id !== id);
  }
  emit();
}

type ToastFn = ((message: string, options?: ToastOptions) => string) & {
  success: (message: string, options?: ToastOptions) => string;
  error: (message: string, options?: ToastOptions) => string;
  loading: (message: string, options?: ToastOptions) => string;
  dismiss: (id?: string) => void;
};

export const toast: ToastFn = Object.assign(
  (message: string, options?: ToastOptions) => show("blank", message, options),
  {
    success: (message: string, options?: ToastOptions) => show("success", message, options),
    error: (message: string, options?: ToastOptions) => show("error", message, options),
    loading: (message: string, options?: ToastOptions) => show("loading", message, options),
    dismiss,
  },
);

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Toast[] => toasts,
  /** Test helper: clears every toast and timer. */
  reset(): void {
    for (const id of timers.keys()) clearTimer(id);
    toasts = [];
    emit();
  },
};
