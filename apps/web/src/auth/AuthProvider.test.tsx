import { apiRequest } from "../api/client";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../providers";
import { type MockHandler, mockFetch, testUser } from "../test/utils";
import { type AuthContextValue, useAuth } from "./context";

const session = (ms: number) => ({ expires_at: new Date(Date.now() + ms).toISOString() });
const auth = (token = "g-tok") => ({ token, session_id: token, user: testUser, session: session(7 * 86400_000) });

let api: AuthContextValue | null = null;
function Probe() {
  api = useAuth();
  return <p data-testid="status">{api.status}</p>;
}

/** The session lives in the server's HttpOnly cookie, which the browser sends by itself: the check answers for it. */
function mount(routes: Record<string, MockHandler>) {
  const mocked = mockFetch({
    "GET /api/auth/session": { body: { user: testUser, session: session(7 * 86400_000) } },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Probe />
    </AppProviders>,
  );
  return mocked;
}

describe("auth state", () => {
  afterEach(() => {
    vi.useRealTimers();
    api = null;
  });

  it("starts unauthenticated without any stored session, with no network call", () => {
    const { calls } = mount({});
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(calls).toHaveLength(0);
  });

  it("restores a stored user at once, then confirms it with the server", async () => {
    localStorage.setItem("user", JSON.stringify(testUser));
    mount({});
    expect(screen.getByTestId("status").textContent).toBe("loading");
    expect(api?.user?.username).toBe("maya");
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
  });

  it("Google login falls back to Google registration on 404", async () => {
    const { calls } = mount({
      "POST /api/auth/google-login": { status: 404, body: { error: "No account found for this Google user" } },
      "POST /api/auth/google-register": { status: 201, body: auth() },
    });
    let result: Awaited<ReturnType<AuthContextValue["googleSignIn"]>> | undefined;
    await act(async () => {
      result = await api?.googleSignIn("cred", "login");
    });
    expect(result?.welcomeBack).toBe(false);
    expect(calls.map((c) => c.path)).toContain("/api/auth/google-register");
    expect(calls.find((c) => c.path === "/api/auth/google-register")?.body).toEqual({ credential: "cred" });
    // The cookie carries the session: no copy of the token where a script could read it.
    expect(localStorage.getItem("token")).toBeNull();
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toEqual(testUser);
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
  });

  it("Google registration falls back to login on 409 (welcome back)", async () => {
    mount({
      "POST /api/auth/google-register": {
        status: 409,
        body: { error: "An account already exists for this Google user" },
      },
      "POST /api/auth/google-login": { body: auth("again") },
    });
    let result: Awaited<ReturnType<AuthContextValue["googleSignIn"]>> | undefined;
    await act(async () => {
      result = await api?.googleSignIn("cred", "register");
    });
    expect(result?.welcomeBack).toBe(true);
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
  });

  it("reports 'Account exists but login failed' when the 409 fallback login fails", async () => {
    mount({
      "POST /api/auth/google-register": { status: 409, body: { error: "exists" } },
      "POST /api/auth/google-login": { status: 401, body: { error: "nope" } },
    });
    let error: unknown;
    await act(async () => {
      error = await api?.googleSignIn("cred", "register").catch((e: unknown) => e);
    });
    expect((error as Error).message).toBe("Account exists but login failed. Please try logging in directly.");
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("registration opens no session: it answers the server's 'check your e-mail' and stays signed out", async () => {
    const { calls } = mount({
      "POST /api/auth/register": { status: 201, body: { message: "Check your e-mail: we sent a message to m@x.io." } },
    });
    let message: string | undefined;
    await act(async () => {
      message = await api?.register({ username: "M", email: "m@x.io", password: "secret1" });
    });
    expect(message).toBe("Check your e-mail: we sent a message to m@x.io.");
    expect(calls.map((c) => c.path)).toEqual(["/api/auth/register"]);
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("a Google sign-in that removed an unconfirmed account's password says so", async () => {
    mount({ "POST /api/auth/google-login": { body: { ...auth(), password_removed: true } } });
    let result: Awaited<ReturnType<AuthContextValue["googleSignIn"]>> | undefined;
    await act(async () => {
      result = await api?.googleSignIn("cred", "login");
    });
    expect(result).toMatchObject({ passwordRemoved: true, welcomeBack: false });
  });

  it("extends the session 30 minutes before it expires", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mount({
      "POST /api/auth/login": { body: { ...auth("t"), session: session(31 * 60_000) } },
      "GET /api/auth/session": { body: { user: testUser, session: session(31 * 60_000) } },
      "POST /api/auth/session/extend": { body: { session: session(7 * 86400_000) } },
    });
    await act(async () => {
      await api?.login("maya@example.com", "secret1");
    });
    expect(calls.some((c) => c.path === "/api/auth/session/extend")).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    await waitFor(() => expect(calls.some((c) => c.path === "/api/auth/session/extend")).toBe(true));
  });

  it("skips a session re-check within 10 minutes unless forced", async () => {
    localStorage.setItem("user", JSON.stringify(testUser));
    const { calls } = mount({});
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
    const checks = () => calls.filter((c) => c.path === "/api/auth/session").length;
    expect(checks()).toBe(1);
    await act(async () => {
      await api?.checkSession(false);
    });
    expect(checks()).toBe(1);
    await act(async () => {
      await api?.checkSession(true);
    });
    expect(checks()).toBe(2);
  });

  it("logout calls the server (its cookie says which session ends), then clears everything stored", async () => {
    localStorage.setItem("user", JSON.stringify(testUser));
    const { calls } = mount({ "POST /api/auth/logout": { body: { message: "Logged out" } } });
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
    await act(async () => {
      await api?.logout();
    });
    const logoutCall = calls.find((c) => c.path === "/api/auth/logout");
    expect(logoutCall?.init?.credentials).toBe("include");
    expect(localStorage.getItem("user")).toBeNull();
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
  });

  it("logout stops calls still running, so none comes back refused after the session ends", async () => {
    localStorage.setItem("user", JSON.stringify(testUser));
    let aborted = false;
    mount({
      "POST /api/auth/logout": { body: { message: "Logged out" } },
      // A slow call: it answers only when its request is aborted.
      "GET /api/dashboard/slow": (init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener("abort", () => {
            aborted = true;
            reject(new DOMException("aborted", "AbortError"));
          }),
        ),
    });
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
    const slow = apiRequest("/api/dashboard/slow").catch((error: unknown) => error);
    await act(async () => {
      await api?.logout();
    });
    expect(aborted).toBe(true);
    expect(await slow).toBeInstanceOf(DOMException);
    expect(screen.getByTestId("status").textContent).toBe("unauthenticated");
  });

  it("signs in from the answer alone: no second trip to /api/auth/session, the pending address shown as sent", async () => {
    const pending = { ...testUser, pending_email: "maya.new@example.com" };
    const { calls } = mount({ "POST /api/auth/login": { body: { ...auth("t"), user: pending } } });
    await act(async () => {
      await api?.login("maya@example.com", "secret1");
    });
    expect(screen.getByTestId("status").textContent).toBe("authenticated");
    expect(api?.user?.pending_email).toBe("maya.new@example.com");
    expect(calls.map((c) => c.path)).toEqual(["/api/auth/login"]);
    // Nor is a re-check due soon after (it counts as the check).
    await act(async () => {
      await api?.checkSession(false);
    });
    expect(calls.filter((c) => c.path === "/api/auth/session")).toHaveLength(0);
  });

  it("keeps no session token in localStorage, removes copies an earlier version left, and sends none as a header", async () => {
    localStorage.setItem("token", "old");
    localStorage.setItem("sessionId", "old");
    localStorage.setItem("user", JSON.stringify(testUser));
    const { calls } = mount({});
    await waitFor(() => expect(screen.getByTestId("status").textContent).toBe("authenticated"));
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("sessionId")).toBeNull();
    const check = calls.find((c) => c.path === "/api/auth/session");
    expect(check?.headers.Authorization).toBeUndefined();
    expect(check?.headers["X-Session-ID"]).toBeUndefined();
    expect(check?.init?.credentials).toBe("include");
  });
});
