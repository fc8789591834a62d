import { MESSAGES, type User } from "@stepsync/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

const unconfirmed: User = { ...testUser, email_verified: false };

function routes(user: User, extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    ...sessionRoutes(user),
    "GET /api/dashboard/stats": { body: { credits: 9, activityStats: {} } },
    "GET /api/dashboard/recent-comparisons": { body: { comparisons: [] } },
    "GET /api/dashboard/achievements": { body: { achievements: [] } },
    "GET /api/credits/bundles": { body: { bundles: [] } },
    "GET /api/dashboard/activity-progress": { body: { activity: "contemporary", progress: [] } },
    ...extra,
  };
}

const banner = () => screen.queryByRole("region", { name: "Confirm your e-mail address" });

describe("e-mail confirmation banner", () => {
  it("asks a signed-in user with an unconfirmed e-mail to open the link, on any page", async () => {
    mockFetch(routes(unconfirmed));
    storeSession(unconfirmed);
    renderApp("/dashboard");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    const region = await screen.findByRole("region", { name: "Confirm your e-mail address" });
    expect(within(region).getByText(MESSAGES.confirmEmailBanner("maya@example.com"))).toBeTruthy();
    expect(within(region).getByRole("button", { name: MESSAGES.confirmEmailResend })).toBeTruthy();
  });

  it("is not shown once the e-mail is confirmed, nor to visitors", async () => {
    mockFetch(routes(testUser));
    storeSession(testUser);
    const { unmount } = renderApp("/dashboard");
    await screen.findByRole("heading", { name: /Welcome back, Maya Rao/ });
    expect(banner()).toBeNull();
    unmount();
    localStorage.clear();

    mockFetch(routes(unconfirmed, sessionRoutes(null)));
    renderApp("/about");
    await screen.findByRole("heading", { level: 1 });
    expect(banner()).toBeNull();
  });

  it("Resend link asks the server for a new link and shows its answer", async () => {
    const { calls } = mockFetch(
      routes(unconfirmed, {
        "POST /api/auth/resend-verification": { body: { message: MESSAGES.confirmEmailSent("maya@example.com") } },
      }),
    );
    storeSession(unconfirmed);
    renderApp("/dashboard");
    const region = await screen.findByRole("region", { name: "Confirm your e-mail address" });
    fireEvent.click(within(region).getByRole("button", { name: MESSAGES.confirmEmailResend }));
    expect(await within(region).findByText(MESSAGES.confirmEmailSent("maya@example.com"))).toBeTruthy();
    const post = calls.filter((c) => c.path === "/api/auth/resend-verification");
    expect(post).toHaveLength(1);
    expect(post[0]?.method).toBe("POST");
    expect(post[0]?.init?.credentials).toBe("include");
  });

  it("shows the server's refusal when resending fails (rate limit)", async () => {
    mockFetch(
      routes(unconfirmed, {
        "POST /api/auth/resend-verification": { status: 429, body: { error: "Too many requests, slow down." } },
      }),
    );
    storeSession(unconfirmed);
    renderApp("/dashboard");
    const region = await screen.findByRole("region", { name: "Confirm your e-mail address" });
    fireEvent.click(within(region).getByRole("button", { name: MESSAGES.confirmEmailResend }));
    expect(await within(region).findByText("Too many requests, slow down.")).toBeTruthy();
    expect(within(region).getByRole("button", { name: MESSAGES.confirmEmailResend })).toBeTruthy();
  });
});

describe("e-mail confirmation banner, confirmed meanwhile", () => {
  it("Resend link answered 'already confirmed' says so and the banner goes", async () => {
    let confirmed = false;
    const session = { expires_at: new Date(Date.now() + 86400_000).toISOString() };
    mockFetch(
      routes(unconfirmed, {
        "GET /api/auth/session": () => ({ body: { user: confirmed ? testUser : unconfirmed, session } }),
        "POST /api/auth/resend-verification": () => {
          confirmed = true;
          return { status: 400, body: { error: MESSAGES.emailAlreadyConfirmed } };
        },
      }),
    );
    storeSession(unconfirmed);
    renderApp("/dashboard");
    const region = await screen.findByRole("region", { name: "Confirm your e-mail address" });
    fireEvent.click(within(region).getByRole("button", { name: MESSAGES.confirmEmailResend }));
    expect(await screen.findByText(MESSAGES.emailAlreadyConfirmed)).toBeTruthy();
    await vi.waitFor(() => expect(banner()).toBeNull());
  });
});
