import type { AdminUser } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

/** User Management: an admin verifies and unverifies a contributor. */

const admin = { ...testUser, id: 1, username: "root", role: "admin" as const };
const page = (users: AdminUser[]) => ({
  users,
  pagination: { page: 1, limit: 20, total: users.length, pages: 1, has_more: false },
});

function openUsers(failVerify = false) {
  let grants = 0;
  let clara: AdminUser = {
    id: 3,
    username: "clara",
    email: "clara@example.com",
    role: "contributor",
    verified: false,
    credits: 0,
    created_at: "2025-01-15T10:00:00.000Z",
  };
  storeSession(admin);
  const mock = mockFetch({
    ...sessionRoutes(admin),
    "GET /api/admin/users": () => ({ body: page([clara]) }),
    "POST /api/admin/users/3/credits": (init) => {
      const { amount } = JSON.parse(String(init?.body)) as { amount: number };
      // The first try's answer is lost on the way (the server made the change).
      if (grants++ === 0) return { status: 503, body: { error: "Service unavailable" } };
      clara = { ...clara, credits: 5 };
      return { body: { message: `Gave clara ${amount} credits (now 5)`, user: clara } };
    },
    "PUT /api/admin/users/3/verified": (init) => {
      if (failVerify) return { status: 500, body: {} };
      const { verified } = JSON.parse(String(init?.body)) as { verified: boolean };
      clara = { ...clara, verified };
      return {
        body: { message: verified ? "clara is now verified" : "clara is no longer verified", user: clara },
      };
    },
  });
  renderApp("/admin/users");
  return mock;
}

const toggle = () => screen.findByRole("switch", { name: "Verified contributor: clara" });

describe("User Management: Verified", () => {
  it("verifies and unverifies with the switch, saying so, and the list follows the server", async () => {
    const { calls } = openUsers();
    expect((await toggle()).getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Not verified")).toBeTruthy();

    fireEvent.click(await toggle());
    expect(await screen.findByText("clara is now verified")).toBeTruthy();
    await waitFor(async () => expect((await toggle()).getAttribute("aria-checked")).toBe("true"));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ verified: true });

    fireEvent.click(await toggle());
    expect(await screen.findByText("clara is no longer verified")).toBeTruthy();
    await waitFor(async () => expect((await toggle()).getAttribute("aria-checked")).toBe("false"));
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { verified: true },
      { verified: false },
    ]);
  });

  it("shows 'Failed to update verification' when the server refuses, leaving the switch off", async () => {
    openUsers(true);
    fireEvent.click(await toggle());
    expect(await screen.findByText(/Failed to update verification/)).toBeTruthy();
    expect((await toggle()).getAttribute("aria-checked")).toBe("false");
  });
});

describe("User Management: credits", () => {
  it("gives credits with a reason, sending one key with every try, and the list shows the new balance", async () => {
    const { calls } = openUsers();
    await screen.findByTestId("user-credits");
    expect(screen.getByTestId("user-credits").textContent).toBe("0");
    fireEvent.click(screen.getByRole("button", { name: "Credits for clara" }));
    const dialog = await screen.findByRole("dialog", { name: "Credits for clara" });
    expect(within(dialog).getByText("0 credits")).toBeTruthy();
    const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: "Give credits" }));
    // Nothing is sent without an amount and a reason.
    submit();
    expect(await within(dialog).findByRole("alert")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Credits"), { target: { value: "5" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Payments are not open yet" } });
    submit();
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Service unavailable");
    submit();
    expect(await screen.findByText("Gave clara 5 credits (now 5)")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getByTestId("user-credits").textContent).toBe("5"));
    const sent = calls.filter((c) => c.method === "POST").map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ amount: 5, reason: "Payments are not open yet" });
    expect(String(sent[0]?.idempotency_key).length).toBeGreaterThanOrEqual(8);
    expect(sent[1]).toEqual(sent[0]);
  });

  it("a negative amount takes credits back, and says so on the button", async () => {
    openUsers();
    fireEvent.click(await screen.findByRole("button", { name: "Credits for clara" }));
    const dialog = await screen.findByRole("dialog", { name: "Credits for clara" });
    fireEvent.change(within(dialog).getByLabelText("Credits"), { target: { value: "-2" } });
    expect(within(dialog).getByRole("button", { name: "Take back credits" })).toBeTruthy();
  });
});

describe("User Management: what the columns mean", () => {
  it("says the Verified column is about contributors, not the e-mail address", async () => {
    openUsers();
    expect(await screen.findByRole("columnheader", { name: "Verified contributor" })).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Verified" })).toBeNull();
  });

  it("shows the role once, in the control that changes it", async () => {
    openUsers();
    const role = (await screen.findByLabelText("Role of clara")) as HTMLSelectElement;
    expect(role.value).toBe("contributor");
    const row = role.closest("tr") as HTMLElement;
    // No separate badge repeating it beside the drop-down.
    expect(within(row).queryByText("contributor", { exact: true })).toBeNull();
  });
});

describe("User Management on a phone", () => {
  /** A phone's window: nothing matches min-width queries. */
  function phoneWidth() {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: !query.includes("min-width"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    return () => {
      window.matchMedia = matchMedia;
    };
  }

  it("shows one card per user with name, e-mail, role, verified mark and delete, and no table", async () => {
    const restore = phoneWidth();
    try {
      openUsers();
      const card = await screen.findByTestId("user-card");
      expect(screen.queryByRole("table")).toBeNull();
      expect(within(card).getByText("clara")).toBeTruthy();
      expect(within(card).getByText("clara@example.com")).toBeTruthy();
      expect((within(card).getByLabelText("Role of clara") as HTMLSelectElement).value).toBe("contributor");
      expect(within(card).getByRole("switch", { name: "Verified contributor: clara" })).toBeTruthy();
      expect(within(card).getByRole("button", { name: "Delete clara" })).toBeTruthy();

      // The same actions work from the card.
      fireEvent.click(within(card).getByRole("switch", { name: "Verified contributor: clara" }));
      expect(await screen.findByText("clara is now verified")).toBeTruthy();
    } finally {
      restore();
    }
  });
});
