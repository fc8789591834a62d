import { MESSAGES } from "@stepsync/contracts";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GoogleAccountsId, GoogleCredentialResponse } from "../lib/google";
import { mockFetch, renderApp, sessionRoutes, testUser } from "../test/utils";

/** A stand-in for Google Identity Services; `signIn` hands the page a credential as Google would. */
function fakeGis() {
  let callback: ((r: GoogleCredentialResponse) => void) | undefined;
  const gis: GoogleAccountsId = {
    initialize: vi.fn((config) => {
      callback = config.callback;
    }),
    renderButton: vi.fn(),
    disableAutoSelect: vi.fn(),
    cancel: vi.fn(),
  };
  return { gis, signIn: (credential: string) => act(async () => callback?.({ credential })) };
}

describe("Google sign-in", () => {
  afterEach(() => {
    delete window.google;
  });

  it("loads Google Identity Services on demand, never prompts one-tap, and posts the credential", async () => {
    const session = { expires_at: new Date(Date.now() + 86400_000).toISOString() };
    const { calls } = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/auth/session": (init) =>
        ((init?.headers ?? {}) as Record<string, string>).Authorization
          ? { body: { user: testUser, session } }
          : { status: 401, body: { error: "Authentication required" } },
      "GET /api/config": { body: { google_client_id: "client-123", support_email: "x@y.z" } },
      "POST /api/auth/google-login": { body: { token: "g1", session_id: "g1", user: testUser, session } },
    });
    const { gis, signIn } = fakeGis();
    const prompt = vi.fn();
    // Capture the script tag instead of letting the test DOM try to download it.
    let script: HTMLScriptElement | undefined;
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement && node.src.includes("accounts.google.com")) {
        script = node;
        return node;
      }
      return append(node);
    });
    renderApp("/login");
    await screen.findByRole("heading", { name: "Welcome back" });
    await waitFor(() => expect(script?.src).toBe("https://accounts.google.com/gsi/client"));
    expect(script?.async).toBe(true);
    window.google = { accounts: { id: Object.assign(gis, { prompt }) } };
    act(() => script?.onload?.call(script, new Event("load")));

    await waitFor(() => expect(gis.renderButton).toHaveBeenCalled());
    expect(gis.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: "client-123", auto_select: false }),
    );
    expect(prompt).not.toHaveBeenCalled();

    await signIn("google-jwt");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(calls.find((c) => c.path === "/api/auth/google-login")?.body).toEqual({ credential: "google-jwt" });
    expect(screen.getByText("Login successful!")).toBeTruthy();
  });
});

/** Renders `path` with Google Identity Services already on the page (a fake); returns its credential callback. */
async function withFakeGoogle(path: string, heading: string | RegExp) {
  const { gis, signIn } = fakeGis();
  window.google = { accounts: { id: Object.assign(gis, { prompt: vi.fn() }) } };
  renderApp(path);
  await screen.findByRole("heading", { name: heading });
  await waitFor(() => expect(gis.renderButton).toHaveBeenCalled());
  return signIn;
}

describe("Google sign-in onto an account whose e-mail was never confirmed", () => {
  afterEach(() => {
    delete window.google;
  });

  const googleConfig = { body: { google_client_id: "client-123", support_email: "x@y.z" } };
  const session = { expires_at: new Date(Date.now() + 86400_000).toISOString() };
  const removed = {
    body: {
      token: "g1",
      session_id: "g1",
      user: { ...testUser, email_verified: true, has_password: false },
      session,
      message: MESSAGES.googlePasswordRemoved,
      password_removed: true,
    },
  };

  it("login page: signs in and says the account's password was removed and its other sessions ended", async () => {
    mockFetch({ ...sessionRoutes(null), "GET /api/config": googleConfig, "POST /api/auth/google-login": removed });
    const signIn = await withFakeGoogle("/login", "Welcome back");
    await signIn("google-jwt");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.getByText(MESSAGES.googlePasswordRemoved)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.loginSuccessful)).toBeNull();
  });

  it("signup page: google-register 409 falls back to google-login, and its notice is shown instead of 'Welcome back!'", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "GET /api/config": googleConfig,
      "POST /api/auth/google-register": { status: 409, body: { error: MESSAGES.googleAccountExists } },
      "POST /api/auth/google-login": removed,
    });
    const signUp = await withFakeGoogle("/signup", /Create/);
    await signUp("google-jwt");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.getByText(MESSAGES.googlePasswordRemoved)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.welcomeBack)).toBeNull();
    expect(calls.map((c) => c.path).filter((p) => p.startsWith("/api/auth/google"))).toEqual([
      "/api/auth/google-register",
      "/api/auth/google-login",
    ]);
  });
});
