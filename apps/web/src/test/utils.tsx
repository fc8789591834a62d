import type { User } from "@stepsync/contracts";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { vi } from "vitest";
import { AppProviders, createQueryClient } from "../providers";
import { AppRoutes } from "../routes";

export interface MockAnswer {
  status?: number;
  body?: unknown;
}
export type MockHandler = MockAnswer | ((init: RequestInit | undefined, url: URL) => MockAnswer | Promise<MockAnswer>);

export interface FetchCall {
  method: string;
  path: string;
  url: URL;
  init: RequestInit | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Replaces global fetch (the network boundary only) with a table of answers keyed by
 * "METHOD /path". Unknown routes answer 404 { error: "Not found" }.
 */
export function mockFetch(routes: Record<string, MockHandler>) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = (init?.method ?? "GET").toUpperCase();
    const headers = Object.fromEntries(Object.entries((init?.headers as Record<string, string> | undefined) ?? {}));
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, url, init, headers, body });
    const handler = routes[`${method} ${url.pathname}`];
    const answer: MockAnswer = handler
      ? typeof handler === "function"
        ? await handler(init, url)
        : handler
      : { status: 404, body: { error: "Not found" } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fn);
  return { fn, calls };
}

export const testUser: User = {
  id: 7,
  username: "maya",
  email: "maya@example.com",
  full_name: "Maya Rao",
  bio: null,
  profile_image: null,
  role: "user",
  created_at: "2025-01-15T10:00:00.000Z",
  email_verified: true,
  pending_email: null,
  has_password: true,
};

export const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();

/** Signed in as `user`: who the app remembers (the session itself is the server's cookie, sent by the browser). */
export function storeSession(user: User = testUser) {
  localStorage.setItem("user", JSON.stringify(user));
}

export function sessionRoutes(user: User | null): Record<string, MockHandler> {
  return {
    "GET /api/auth/session": user
      ? { body: { user, session: { expires_at: new Date(Date.now() + 7 * 86400_000).toISOString() } } }
      : { status: 401, body: { error: "Authentication required" } },
    "GET /api/config": { body: { google_client_id: null, support_email: "help@stepsync.test" } },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A control that steps back or forward in the router's history, as the browser's buttons do. */
export function HistoryButtons() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

/** Renders the whole route map at `path` with fresh providers (and `extra` inside the router). */
export function renderApp(path: string, extra?: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
        {extra}
      </MemoryRouter>
    </AppProviders>,
  );
}
