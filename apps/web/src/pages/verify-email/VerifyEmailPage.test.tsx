import { MESSAGES, type User } from "@stepsync/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const unconfirmed: User = { ...testUser, email_verified: false };
const confirmed: User = { ...testUser, email_verified: true };

describe("/verify-email", () => {
  it("confirms the link once, without a session, and offers the login", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/verify-email": { body: { message: MESSAGES.emailConfirmed, user: confirmed } },
    });
    renderApp("/verify-email?token=abc123");
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeTruthy();
    const posts = calls.filter((c) => c.path === "/api/auth/verify-email");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: "abc123" });
    fireEvent.click(screen.getByRole("link", { name: "Go to login" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getByTestId("location").textContent).toBe("/login");
  });

  it("signed in: shows the new address, refreshes the user so the banner goes, links to the dashboard", async () => {
    let verified = false;
    const changed: User = { ...confirmed, email: "new@example.com" };
    const session = { expires_at: new Date(Date.now() + 86400_000).toISOString() };
    mockFetch({
      ...sessionRoutes(unconfirmed),
      "GET /api/auth/session": () => ({ body: { user: verified ? changed : unconfirmed, session } }),
      "POST /api/auth/verify-email": () => {
        verified = true;
        return { body: { message: MESSAGES.emailChanged("new@example.com"), user: changed } };
      },
      "GET /api/dashboard/stats": { body: { credits: 9, activityStats: {} } },
      "GET /api/dashboard/recent-comparisons": { body: { comparisons: [] } },
      "GET /api/dashboard/achievements": { body: { achievements: [] } },
      "GET /api/credits/bundles": { body: { bundles: [] } },
      "GET /api/dashboard/activity-progress": { body: { activity: "contemporary", progress: [] } },
    });
    storeSession(unconfirmed);
    renderApp("/verify-email?token=change-1");
    expect(await screen.findByText(MESSAGES.emailChanged("new@example.com"))).toBeTruthy();
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "{}").email).toBe("new@example.com"));
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").email_verified).toBe(true);
    fireEvent.click(screen.getByRole("link", { name: "Go to dashboard" }));
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.getByTestId("location").textContent).toBe("/dashboard");
    expect(screen.queryByRole("region", { name: "Confirm your e-mail address" })).toBeNull();
  });

  it("shows the server's refusal for an invalid or used link", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/verify-email": { status: 400, body: { error: MESSAGES.invalidConfirmLink } },
    });
    renderApp("/verify-email?token=used-1");
    expect(await screen.findByRole("heading", { name: "We could not confirm your e-mail" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.invalidConfirmLink)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to login" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("shows the 409 text when the new address was taken meanwhile", async () => {
    mockFetch({
      ...sessionRoutes(null),
      "POST /api/auth/verify-email": { status: 409, body: { error: "This email is already registered" } },
    });
    renderApp("/verify-email?token=taken-1");
    expect(await screen.findByText("This email is already registered")).toBeTruthy();
  });

  it("without a token says the link is invalid and calls nothing", async () => {
    const { calls } = mockFetch(sessionRoutes(null));
    renderApp("/verify-email");
    expect(await screen.findByText(MESSAGES.invalidConfirmLink)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/verify-email")).toBe(false);
  });
});

describe("/verify-email for a new address", () => {
  it("signed out: asks to sign in to the account that asked, then confirms on the way back", async () => {
    let signedIn = false;
    const changed: User = { ...confirmed, email: "new@example.com" };
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "GET /api/auth/session": () =>
        signedIn
          ? { body: { user: confirmed, session: { expires_at: new Date(Date.now() + 86400_000).toISOString() } } }
          : { status: 401, body: { error: "Authentication required" } },
      "POST /api/auth/login": () => {
        signedIn = true;
        return {
          body: {
            token: "tok-1",
            session_id: "tok-1",
            user: confirmed,
            session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
          },
        };
      },
      "POST /api/auth/verify-email": () =>
        signedIn
          ? { body: { message: MESSAGES.emailChanged("new@example.com"), user: changed } }
          : { status: 401, body: { error: MESSAGES.confirmChangeNeedsSignIn } },
    });
    renderApp("/verify-email?token=change1");
    expect(await screen.findByRole("heading", { name: "Sign in to confirm this change" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.confirmChangeNeedsSignIn)).toBeTruthy();

    fireEvent.click(screen.getByRole("link", { name: "Log in to confirm" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText(MESSAGES.emailChanged("new@example.com"))).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/verify-email?token=change1");
    expect(calls.filter((c) => c.path === "/api/auth/verify-email")).toHaveLength(2);
  });
});
