import type { NotificationItem } from "@stepsync/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const item = (over: Partial<NotificationItem> & { id: number }): NotificationItem => ({
  type: "follow",
  title: "New follower",
  message: "Bela started following you",
  link: null,
  is_read: false,
  created_at: new Date().toISOString(),
  ...over,
});

/** A server holding `items`: lists pages of them, marks them read and counts the unread ones. */
function inboxServer(items: NotificationItem[], pageSize = 20) {
  const unread = () => items.filter((n) => !n.is_read).length;
  return mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/notifications/unread-count": () => ({ body: { unread_count: unread() } }),
    "GET /api/notifications": (_init, url) => {
      const page = Number(url.searchParams.get("page") ?? 1);
      const total = items.length;
      return {
        body: {
          notifications: items.slice((page - 1) * pageSize, page * pageSize),
          unread_count: unread(),
          pagination: {
            page,
            limit: pageSize,
            total,
            pages: Math.max(1, Math.ceil(total / pageSize)),
            has_more: page * pageSize < total,
          },
        },
      };
    },
    "POST /api/notifications/read-all": () => {
      for (const n of items) n.is_read = true;
      return { body: { unread_count: 0 } };
    },
    ...Object.fromEntries(
      items.map((n) => [
        `POST /api/notifications/${n.id}/read`,
        () => {
          n.is_read = true;
          return { body: { unread_count: unread() } };
        },
      ]),
    ),
  });
}

const badge = () => within(screen.getByRole("banner")).queryByTestId("notification-count");
const row = (title: string) => screen.getByText(title).closest("button") as HTMLElement;

describe("/notifications", () => {
  it("lists the user's notifications, unread ones marked, and opening one marks it read and goes to its link", async () => {
    storeSession();
    const { calls } = inboxServer([
      item({ id: 3, title: "New follower", link: "/profile/9" }),
      item({ id: 2, type: "like", title: "New like", message: "Bela liked Basic steps", link: "/library?video=4" }),
      item({ id: 1, type: "system", title: "Your video was approved", is_read: true, link: "/contributor" }),
    ]);
    renderApp("/notifications");
    await screen.findByRole("heading", { name: "Notifications", level: 1 });
    await screen.findByText("Bela liked Basic steps");
    expect(row("New follower").dataset.read).toBe("false");
    expect(within(row("New follower")).getByText("(unread)")).toBeTruthy();
    expect(row("Your video was approved").dataset.read).toBe("true");
    expect(screen.getByText("2 unread")).toBeTruthy();
    expect((await within(screen.getByRole("banner")).findByTestId("notification-count")).textContent).toBe("2");

    fireEvent.click(row("New follower"));
    await screen.findByRole("heading", { name: "Profile Not Found", level: 1 });
    expect(screen.getByTestId("location").textContent).toBe("/profile/9");
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/notifications/3/read")).toBe(true);
    await within(screen.getByRole("banner")).findByText("1");
  });

  it("Mark all read clears the unread styling and the bell", async () => {
    storeSession();
    inboxServer([item({ id: 5, title: "New comment" }), item({ id: 4, title: "New like" })]);
    renderApp("/notifications");
    await screen.findByText("New comment");
    await within(screen.getByRole("banner")).findByText("2");
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await screen.findByText("You're all caught up.");
    expect(row("New comment").dataset.read).toBe("true");
    expect(row("New like").dataset.read).toBe("true");
    expect(badge()).toBeNull();
    expect((screen.getByRole("button", { name: "Mark all read" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opening a read notification goes to its link without marking anything", async () => {
    storeSession();
    const { calls } = inboxServer([item({ id: 8, title: "Friend request accepted", is_read: true, link: "/terms" })]);
    renderApp("/notifications");
    fireEvent.click(await screen.findByText("Friend request accepted"));
    await screen.findByRole("heading", { name: "Terms and Conditions", level: 1 });
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("pages through a long inbox and says when it is empty", async () => {
    storeSession();
    const many = Array.from({ length: 25 }, (_, i) => item({ id: 100 - i, title: `Notice ${i + 1}`, is_read: true }));
    inboxServer(many);
    const first = renderApp("/notifications");
    await screen.findByText("Notice 20");
    expect(screen.queryByText("Notice 21")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Older" }));
    await screen.findByText("Notice 21");
    expect(screen.getByText("Page 2 of 2")).toBeTruthy();
    first.unmount();

    inboxServer([]);
    renderApp("/notifications");
    await screen.findByText(/No notifications yet/);
  });
});

describe("/notifications/unsubscribe", () => {
  it("turns review mails off from the mail's link without signing in", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/notifications/mail-unsubscribe": {
        body: { success: true, message: "You will no longer get emails when your library videos are reviewed." },
      },
    });
    renderApp("/notifications/unsubscribe?kind=review_outcome&token=tok-abcdefghij");
    fireEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    await screen.findByText("You will no longer get emails when your library videos are reviewed.");
    expect(calls.find((c) => c.path === "/api/notifications/mail-unsubscribe")?.body).toEqual({
      token: "tok-abcdefghij",
      kind: "review_outcome",
    });
  });

  it("says so when the link is incomplete", async () => {
    mockFetch(sessionRoutes(null));
    renderApp("/notifications/unsubscribe?kind=review_outcome");
    await screen.findByText("This unsubscribe link is incomplete.");
  });
});

describe("notification texts", () => {
  it("show an older achievement's text without the emoji it started with (the row's icon says it)", async () => {
    storeSession();
    inboxServer([
      item({
        id: 1,
        type: "achievement",
        title: "Achievement unlocked: Ten Down",
        message: "🔟 Complete ten comparisons.",
      }),
      item({ id: 2, type: "achievement", title: "Achievement unlocked: Artist", message: "🎨 Practise three styles." }),
    ]);
    renderApp("/notifications");
    expect(await screen.findByText("Complete ten comparisons.")).toBeTruthy();
    expect(screen.getByText("Practise three styles.")).toBeTruthy();
    expect(screen.queryByText(/🔟|🎨/u)).toBeNull();
  });
});
