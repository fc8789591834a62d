import { LIMITS, type ClientLogEntry } from "@stepsync/contracts";
import { STORAGE_KEYS, storage } from "./storage";

type Level = ClientLogEntry["level"];

/** Levels that are also sent to the server (fire and forget). */
const SENT_LEVELS: ReadonlySet<Level> = new Set(["warn", "error"]);
const BATCH_MAX = 50;
const FLUSH_DELAY_MS = 2000;

let queue: ClientLogEntry[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let sending = false;

function readStored(): ClientLogEntry[] {
  const raw = storage.getRaw(STORAGE_KEYS.logs);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as ClientLogEntry[]) : [];
  } catch {
    return [];
  }
}

function persist(entry: ClientLogEntry): void {
  const list = readStored();
  list.push(entry);
  const capped = list.length > LIMITS.clientLogMax ? list.slice(list.length - LIMITS.clientLogMax) : list;
  storage.setRaw(STORAGE_KEYS.logs, JSON.stringify(capped));
}

function currentUserId(): number | null {
  return storage.getUser()?.id ?? null;
}

/** Sends queued entries in one request. Failures are dropped: logging must never loop or block the UI. */
function flush(): void {
  flushTimer = null;
  if (sending || queue.length === 0) return;
  const batch = queue.slice(0, BATCH_MAX);
  queue = queue.slice(BATCH_MAX);
  sending = true;
  // The session cookie says whose entries these are.
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  try {
    fetch("/api/logs", {
      method: "POST",
      credentials: "include",
      keepalive: true,
      headers,
      body: JSON.stringify({ entries: batch }),
    })
      .catch(() => undefined)
      .finally(() => {
        sending = false;
        if (queue.length > 0) schedule();
      });
  } catch {
    sending = false;
  }
}

function schedule(): void {
  if (flushTimer !== null) return;
  flushTimer = setTimeout(flush, FLUSH_DELAY_MS);
}

function log(level: Level, message: string, component?: string): void {
  const entry: ClientLogEntry = {
    timestamp: new Date().toISOString(),
    level,
    message: message.slice(0, 4000),
    component: component ?? null,
    userId: currentUserId(),
    // The session's token is the cookie's secret, out of a script's reach: never written into a log.
    sessionId: null,
    userAgent: typeof navigator !== "undefined" ? navigator.userAgent.slice(0, 500) : null,
    url: typeof location !== "undefined" ? location.href.slice(0, 2000) : null,
  };
  persist(entry);
  if (level === "error" || level === "warn") {
    // Mirror to the console for developers; never throw from here.
    (level === "error" ? console.error : console.warn)(`[${component ?? "app"}] ${message}`);
  }
  if (SENT_LEVELS.has(level)) {
    queue.push(entry);
    if (queue.length > BATCH_MAX * 4) queue = queue.slice(queue.length - BATCH_MAX * 4);
    if (queue.length >= BATCH_MAX) {
      if (flushTimer !== null) clearTimeout(flushTimer);
      flush();
    } else schedule();
  }
}

export const logger = {
  debug: (message: string, component?: string) => log("debug", message, component),
  info: (message: string, component?: string) => log("info", message, component),
  warn: (message: string, component?: string) => log("warn", message, component),
  error: (message: string, component?: string) => log("error", message, component),
  /** Sends what is queued right away (page hide). */
  flushNow: () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flush();
  },
  /** For tests. */
  readStored,
};

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ? `${error.message}\n${error.stack}` : error.message;
  return String(error);
}

let installed = false;
/** Captures uncaught errors and rejections into the client log. */
export function installGlobalErrorLogging(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => {
    logger.error(event.error ? describeError(event.error) : event.message, "window");
  });
  window.addEventListener("unhandledrejection", (event) => {
    logger.error(`Unhandled rejection: ${describeError(event.reason)}`, "window");
  });
  window.addEventListener("pagehide", () => logger.flushNow());
}
