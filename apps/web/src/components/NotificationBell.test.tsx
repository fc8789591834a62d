import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../test/utils";

const bell = () => within(screen.getByRole("banner")).findByTestId("notification-bell");

describe("the header's bell", () => {
  it("shows the unread count and opens /notifications", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/notifications/unread-count": { body: { unread_count: 3 } } });
    renderApp("/terms");
    const link = await bell();
    expect(link.getAttribute("href")).toBe("/notifications");
    await within(link).findByText("3");
    expect(link.getAttribute("aria-label")).toBe("Notifications, 3 unread");
  });

  it("has no badge when everything is read, and caps a long backlog at 99+", async () => {
    storeSession();
    let unread = 0;
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/notifications/unread-count": () => ({ body: { unread_count: unread } }),
    });
    const first = renderApp("/terms");
    const link = await bell();
    await screen.findByRole("link", { name: "Notifications" });
    expect(within(link).queryByTestId("notification-count")).toBeNull();
    first.unmount();

    unread = 120;
    renderApp("/terms");
    expect((await within(await bell()).findByTestId("notification-count")).textContent).toBe("99+");
  });

  it("is not shown to visitors", async () => {
    const { calls } = mockFetch(sessionRoutes(null));
    renderApp("/terms");
    await screen.findByRole("link", { name: "Log in" });
    expect(within(screen.getByRole("banner")).queryByTestId("notification-bell")).toBeNull();
    expect(calls.some((c) => c.path.startsWith("/api/notifications"))).toBe(false);
  });
});
