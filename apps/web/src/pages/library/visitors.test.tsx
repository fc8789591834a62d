import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { libraryPage, makeVideo } from "../../test/library-fixtures";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, testUser } from "../../test/utils";

/**
 * Visitors and the library (the route map in routes.tsx): they browse without signing in; like,
 * share, follow and befriend send them to /login and back; Practice (a login-guarded screen) returns them to /compare
 * with the video they chose.
 */

const video = makeVideo({ id: 11, title: "Port de bras basics", contributor_id: 3, contributor_name: "clara" });
const location = () => screen.getByTestId("location").textContent;

/** A visitor whose login (any password) succeeds; the session check answers for the login's token only. */
function visitorRoutes(extra: Record<string, MockHandler> = {}) {
  const session = { expires_at: new Date(Date.now() + 86400_000).toISOString() };
  return mockFetch({
    ...sessionRoutes(null),
    "GET /api/auth/session": (init) =>
      ((init?.headers ?? {}) as Record<string, string>).Authorization === "Bearer tok-9"
        ? { body: { user: testUser, session } }
        : { status: 401, body: { error: "Authentication required" } },
    "POST /api/auth/login": { body: { token: "tok-9", session_id: "tok-9", user: testUser, session } },
    "GET /api/reference-videos": { body: libraryPage([video]) },
    ...extra,
  });
}

async function logInHere() {
  await screen.findByRole("heading", { name: "Welcome back" });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "maya@example.com" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret1" } });
  fireEvent.click(screen.getByRole("button", { name: "Log in" }));
}

const card = async () => within(await screen.findByRole("list", { name: "Videos" })).findByRole("article");

describe("a visitor in the library", () => {
  it("browses /library without being sent to /login, with the contributor's Verified mark and filters", async () => {
    const { calls } = visitorRoutes();
    renderApp("/library?category=ballet");
    const c = await card();
    expect(location()).toBe("/library?category=ballet");
    expect(within(c).getByRole("heading", { name: "Port de bras basics" })).toBeTruthy();
    expect(within(c).getByText("Verified")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Contributors"), { target: { value: "verified" } });
    await waitFor(() =>
      expect(calls.some((x) => x.url.searchParams.get("contributor_type") === "verified")).toBe(true),
    );
  });

  it.each(["Like", "Share", "Follow", "Add friend"])(
    "pressing %s goes to /login and, once signed in, back to the library",
    async (action) => {
      const { calls } = visitorRoutes();
      renderApp("/library");
      fireEvent.click(within(await card()).getByRole("button", { name: action }));
      await screen.findByRole("heading", { name: "Welcome back" });
      expect(location()).toBe("/login");
      expect(calls.some((x) => x.method === "POST" && x.path !== "/api/auth/login")).toBe(false);
      await logInHere();
      await waitFor(() => expect(location()).toBe("/library"));
      await card();
    },
  );

  it("Practice asks a visitor to sign in, then opens Compare with the chosen video", async () => {
    visitorRoutes({ "GET /api/credits/balance": { body: { credits: 10 } } });
    renderApp("/library");
    fireEvent.click(within(await card()).getByRole("button", { name: "Practice" }));
    await logInHere();
    await waitFor(() => expect(location()).toBe("/compare"));
    expect((await screen.findByTestId("library-reference")).textContent).toContain("Port de bras basics");
  });

  it("waits for the session check before showing the library, so a signed-in user's Like acts", async () => {
    let release: (() => void) | undefined;
    localStorage.setItem("token", "tok-9");
    localStorage.setItem("sessionId", "tok-9");
    localStorage.setItem("user", JSON.stringify(testUser));
    const { calls } = visitorRoutes({
      "GET /api/auth/session": () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: { user: testUser, session: { expires_at: new Date(Date.now() + 86400_000).toISOString() } },
            });
        }),
      "POST /api/reference-videos/11/like": { body: { is_liked: true, likes_count: 4 } },
    });
    renderApp("/library");
    expect(await screen.findByRole("status", { name: "Checking your session" })).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Videos" })).toBeNull();
    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release?.());
    fireEvent.click(within(await card()).getByRole("button", { name: "Like" }));
    await waitFor(() => expect(calls.some((x) => x.path === "/api/reference-videos/11/like")).toBe(true));
    expect(location()).toBe("/library");
  });
});
