import { MESSAGES, type User } from "@stepsync/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const unconfirmed: User = { ...testUser, email_verified: false };
const confirmed: User = { ...testUser, email_verified: true };
const session = () => ({ expires_at: new Date(Date.now() + 86400_000).toISOString() });
const dashboardRoutes = {
  "GET /api/dashboard/stats": { body: { credits: 9, activityStats: {} } },
  "GET /api/dashboard/recent-comparisons": { body: { comparisons: [] } },
  "GET /api/dashboard/achievements": { body: { achievements: [] } },
  "GET /api/credits/bundles": { body: { bundles: [] } },
  "GET /api/dashboard/activity-progress": { body: { activity: "contemporary", progress: [] } },
};

describe("/verify-email", () => {
  it("confirms nothing on opening: signed in, a click confirms, the banner goes, the dashboard is next", async () => {
    let verified = false;
    const { calls } = mockFetch({
      ...sessionRoutes(unconfirmed),
      "GET /api/auth/session": () => ({ body: { user: verified ? confirmed : unconfirmed, session: session() } }),
      "POST /api/auth/verify-email": () => {
        verified = true;
        return { body: { message: MESSAGES.emailConfirmed, user: confirmed } };
      },
      ...dashboardRoutes,
    });
    storeSession(unconfirmed);
    renderApp("/verify-email?token=abc123");
    const button = await screen.findByRole("button", { name: "Confirm e-mail address" });
    expect(screen.getByText(testUser.email)).toBeTruthy();
    expect(calls.filter((c) => c.path === "/api/auth/verify-email")).toHaveLength(0);

    fireEvent.click(button);
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeTruthy();
    const posts = calls.filter((c) => c.path === "/api/auth/verify-email");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: "abc123" });
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "{}").email_verified).toBe(true));
    fireEvent.click(screen.getByRole("link", { name: "Go to dashboard" }));
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(screen.queryByRole("region", { name: "Confirm your e-mail address" })).toBeNull();
  });

  it("signed out: asks to log in (no call), then comes back and confirms on the click", async () => {
    let signedIn = false;
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "GET /api/auth/session": () =>
        signedIn
          ? { body: { user: unconfirmed, session: session() } }
          : { status: 401, body: { error: "Authentication required" } },
      "POST /api/auth/login": () => {
        signedIn = true;
        return { body: { token: "tok-1", session_id: "tok-1", user: unconfirmed, session: session() } };
      },
      "POST /api/auth/verify-email": { body: { message: MESSAGES.emailConfirmed, user: confirmed } },
    });
    renderApp("/verify-email?token=welcome1");
    expect(await screen.findByRole("heading", { name: "Log in to confirm" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.confirmNeedsSignIn)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Confirm e-mail address" })).toBeNull();

    fireEvent.click(screen.getByRole("link", { name: "Log in to confirm" }));
    await screen.findByRole("heading", { name: "Welcome back" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    fireEvent.click(await screen.findByRole("button", { name: "Confirm e-mail address" }));
    expect(await screen.findByText(MESSAGES.emailConfirmed)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/verify-email?token=welcome1");
    expect(calls.filter((c) => c.path === "/api/auth/verify-email")).toHaveLength(1);
  });

  it("a new address: the click shows it and updates the signed-in user", async () => {
    const changed: User = { ...confirmed, email: "new@example.com" };
    let verified = false;
    mockFetch({
      ...sessionRoutes(confirmed),
      "GET /api/auth/session": () => ({ body: { user: verified ? changed : confirmed, session: session() } }),
      "POST /api/auth/verify-email": () => {
        verified = true;
        return { body: { message: MESSAGES.emailChanged("new@example.com"), user: changed } };
      },
    });
    storeSession(confirmed);
    renderApp("/verify-email?token=change-1");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm e-mail address" }));
    expect(await screen.findByText(MESSAGES.emailChanged("new@example.com"))).toBeTruthy();
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem("user") ?? "{}").email).toBe("new@example.com"));
  });

  it("signed in to another account: says so (403) and offers the dashboard", async () => {
    mockFetch({
      ...sessionRoutes(confirmed),
      "POST /api/auth/verify-email": { status: 403, body: { error: MESSAGES.confirmNeedsSignIn } },
    });
    storeSession(confirmed);
    renderApp("/verify-email?token=other-1");
    fireEvent.click(await screen.findByRole("button", { name: "Confirm e-mail address" }));
    expect(await screen.findByRole("heading", { name: "Sign in to confirm" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.confirmNeedsSignIn)).toBeTruthy();
    expect(screen.getByText(/You are logged in as maya@example.com/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to dashboard" })).toBeTruthy();
  });

  it("shows the server's refusal for an invalid or used link, and the 409 of an address taken meanwhile", async () => {
    for (const [token, status, error] of [
      ["used-1", 400, MESSAGES.invalidConfirmLink],
      ["taken-1", 409, "This email is already registered"],
    ] as const) {
      mockFetch({ ...sessionRoutes(confirmed), "POST /api/auth/verify-email": { status, body: { error } } });
      storeSession(confirmed);
      const { unmount } = renderApp(`/verify-email?token=${token}`);
      fireEvent.click(await screen.findByRole("button", { name: "Confirm e-mail address" }));
      expect(await screen.findByRole("heading", { name: "We could not confirm your e-mail" })).toBeTruthy();
      expect(screen.getByText(error)).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
      unmount();
    }
  });

  it("without a token says the link is invalid and calls nothing", async () => {
    const { calls } = mockFetch(sessionRoutes(null));
    renderApp("/verify-email");
    expect(await screen.findByText(MESSAGES.invalidConfirmLink)).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/verify-email")).toBe(false);
  });
});
