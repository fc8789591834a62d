import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

const location = () => screen.getByTestId("location").textContent;

describe("route guards", () => {
  it("sends a visitor on a protected screen to /login", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/dashboard");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(location()).toBe("/login");
  });

  it("sends a visitor on an admin screen to /login", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/admin");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(location()).toBe("/login");
  });

  it("sends a signed-in non-admin on /admin to /dashboard", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/admin");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(location()).toBe("/dashboard");
  });

  it("lets an admin into /admin and shows the Admin header link", async () => {
    const admin = { ...testUser, role: "admin" as const };
    storeSession(admin);
    mockFetch(sessionRoutes(admin));
    renderApp("/admin");
    await screen.findByRole("heading", { name: "Admin Panel", level: 1 });
    expect(location()).toBe("/admin");
    expect(screen.getAllByRole("link", { name: "Admin" }).length).toBeGreaterThan(0);
  });

  it("shows a spinner while the session loads; the admin guard also says Loading...", async () => {
    storeSession();
    let release: (() => void) | undefined;
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/auth/session": () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                user: { ...testUser, role: "admin" },
                session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
              },
            });
        }),
    });
    renderApp("/email-subscriptions");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(screen.getByRole("status", { name: "Checking your session" })).toBeTruthy();
    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release?.());
    await screen.findByRole("heading", { name: "Email Subscriptions", level: 1 });
  });

  it("signs out when the stored session is no longer valid", async () => {
    storeSession();
    mockFetch(sessionRoutes(null));
    renderApp("/profile");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("returns to the screen the visitor was heading for after logging in", async () => {
    const auth = {
      token: "tok-9",
      session_id: "tok-9",
      user: testUser,
      session: { expires_at: new Date(Date.now() + 86400_000).toISOString() },
    };
    mockFetch({
      ...sessionRoutes(null),
      // The session check succeeds once the login's token is sent.
      "GET /api/auth/session": (init) =>
        ((init?.headers ?? {}) as Record<string, string>).Authorization === "Bearer tok-9"
          ? { body: { user: testUser, session: auth.session } }
          : { status: 401, body: { error: "Authentication required" } },
      "POST /api/auth/login": { body: auth },
    });
    renderApp("/community?tab=friends");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(location()).toBe("/login");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret1" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await screen.findByRole("heading", { name: "Dance Community", level: 1 });
    expect(location()).toBe("/community?tab=friends");
  });

  it("sends a signed-in user away from /login to /dashboard", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/login");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(location()).toBe("/dashboard");
  });

  it("redirects /video-compare to /compare and shows a 404 page for unknown paths", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/video-compare");
    await screen.findByRole("heading", { name: "Compare", level: 1 });
    expect(location()).toBe("/compare");
  });

  it("keeps the query of /video-compare: ?id= opens that comparison", async () => {
    storeSession();
    mockFetch(sessionRoutes(testUser));
    renderApp("/video-compare?id=abc&from=mail");
    await screen.findByRole("heading", { name: "Compare", level: 1 });
    expect(location()).toBe("/compare?id=abc&from=mail");
  });

  it("shows the not-found page for an unknown path", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/no-such-page");
    await screen.findByRole("heading", { name: "Page not found" });
  });
});
