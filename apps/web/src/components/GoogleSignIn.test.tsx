import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GoogleAccountsId, GoogleCredentialResponse } from "../lib/google";
import { mockFetch, renderApp, sessionRoutes, testUser } from "../test/utils";

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
    let callback: ((r: GoogleCredentialResponse) => void) | undefined;
    const gis: GoogleAccountsId = {
      initialize: vi.fn((config) => {
        callback = config.callback;
      }),
      renderButton: vi.fn(),
      disableAutoSelect: vi.fn(),
      cancel: vi.fn(),
    };
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

    await act(async () => callback?.({ credential: "google-jwt" }));
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(calls.find((c) => c.path === "/api/auth/google-login")?.body).toEqual({ credential: "google-jwt" });
    expect(screen.getByText("Login successful!")).toBeTruthy();
  });
});
