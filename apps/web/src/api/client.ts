import { MESSAGES } from "@stepsync/contracts";
import { TEXTS } from "../constants/texts";
import { storage } from "../lib/storage";

/** An API failure with the text to show (from the response's `error` or `message`, else the fallback). */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
  /** True when the request never got an answer (offline, DNS, CORS, aborted). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Text when the error response has no `error`/`message`; default 'HTTP error! status: N'. */
  fallback?: string;
  signal?: AbortSignal;
  /**
   * An authenticated call (default true): stopped when the user signs out, and its 401 signs them
   * out. Public calls (config, bundles, unsubscribe links) say false. The session itself travels in
   * the HttpOnly cookie, sent with every call.
   */
  auth?: boolean;
  /** Tell the auth layer about a 401 so it signs out (default true; auth calls turn it off). */
  notifyUnauthorized?: boolean;
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribe to 401 answers of authenticated calls. Returns an unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Controllers of authenticated calls still running, so signing out can stop them. */
const inflight = new Set<AbortController>();

/**
 * Abort every authenticated call still running. Signing out does this first: a call answered after
 * the session is gone would come back 401 and be logged by the browser as a failure.
 */
export function abortAuthenticatedRequests(): void {
  for (const controller of inflight) controller.abort();
  inflight.clear();
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function messageFrom(data: unknown): string | null {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.error === "string" && record.error.trim()) return record.error;
    if (typeof record.message === "string" && record.message.trim()) return record.message;
  }
  return null;
}

/**
 * The one fetch wrapper: JSON in and out, and the session cookie always (the server's CSRF check
 * reads the request's Origin, which the browser sets; no header of ours is needed).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, query, fallback, signal, auth = true, notifyUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  // A call made while someone is signed in: sign-out stops it, and a 401 means their session is gone.
  const signedIn = auth && storage.getUser() !== null;
  const controller = new AbortController();
  signal?.addEventListener("abort", () => controller.abort(), { once: true });
  if (signal?.aborted) controller.abort();
  const init: RequestInit = { method, headers, credentials: "include", signal: controller.signal };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }

  let response: Response;
  if (signedIn) inflight.add(controller);
  try {
    response = await fetch(buildUrl(path, query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, MESSAGES.networkError);
  } finally {
    inflight.delete(controller);
  }

  let data: unknown = null;
  if (response.status !== 204) {
    const text = await response.text().catch(() => "");
    if (text) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = null;
        if (response.ok) throw new ApiError(response.status, fallback ?? TEXTS.httpError(response.status));
      }
    }
  }

  if (!response.ok) {
    if (response.status === 401 && notifyUnauthorized && signedIn) {
      for (const listener of unauthorizedListeners) listener(path);
    }
    const message =
      messageFrom(data) ??
      (response.status === 429 ? MESSAGES.tooManyRequests : (fallback ?? TEXTS.httpError(response.status)));
    throw new ApiError(response.status, message, data);
  }
  return data as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The text to show for any thrown value: the server's words, else the screen's fallback (also when
 * the server could not be reached, as the spec's "server error or …" texts ask).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (!error.isNetworkError && error.message) || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Sends a multipart form with XMLHttpRequest (fetch cannot report upload progress); `onProgress`
 * gets 0–100 as the bytes go. Answers the JSON body; a refusal is an ApiError with the server's
 * words (else `fallback`), a lost connection one with `networkFallback`.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  { fallback, networkFallback = fallback }: { fallback: string; networkFallback?: string },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiError(xhr.status, messageFrom(data) ?? fallback, data));
    };
    xhr.onerror = () => reject(new ApiError(0, networkFallback));
    xhr.send(form);
  });
}
