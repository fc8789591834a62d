import type { BoardResponse, BoardRow, Group, GroupDetailResponse } from "@stepsync/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const group = (over: Partial<Group> = {}): Group => ({
  id: 4,
  name: "Priya & Arjun's sangeet",
  event_date: "2027-02-14",
  days_to_event: 12,
  role: "organiser",
  organiser_name: "Maya Rao",
  invite_code: "inv1te-c0de",
  member_count: 3,
  reference_video_id: 21,
  parts: [],
  created_at: "2026-12-01T10:00:00.000Z",
  ...over,
});

const detail = (over: Partial<Group> = {}): GroupDetailResponse => ({
  group: group(over),
  members: [
    {
      user_id: testUser.id,
      name: over.role === "member" ? "Maya" : "Maya Rao",
      role: "organiser",
      joined_at: "2026-12-01T10:00:00.000Z",
    },
    { user_id: 11, name: "Meera Kapoor", role: "member", joined_at: "2026-12-02T10:00:00.000Z" },
    { user_id: 12, name: "Rohan Mehta", role: "member", joined_at: "2026-12-03T10:00:00.000Z" },
  ],
  routine: {
    reference_video_id: 21,
    title: "Our sangeet routine",
    private: true,
    category: "folk",
    duration_s: 32,
    file_url: "/api/reference-videos/21/file",
    thumbnail_url: null,
    pose_status: "ready",
    moves: [1, 2, 3, 4].map((move) => ({
      move,
      label: `8-count 1 · ${move * 2 - 1}–${move * 2}`,
      start_s: (move - 1) * 4,
      end_s: move * 4,
    })),
  },
});

const row = (over: Partial<BoardRow> & { user_id: number; name: string }): BoardRow => ({
  role: "member",
  started: true,
  behind: false,
  last_practised_at: new Date().toISOString(),
  takes_this_week: 2,
  parts: [{ part: "Whole routine", best_score: 84, last_practised_at: new Date().toISOString(), takes: 2 }],
  weakest_moves: [{ move: 3, label: "8-count 1 · 5–6", misses: 2 }],
  ...over,
});

const board = (members: BoardRow[]): BoardResponse => ({
  group_id: 4,
  event_date: "2027-02-14",
  days_to_event: 12,
  sort: "behind",
  columns: [{ name: "Whole routine", first_move: 1, last_move: 4 }],
  members,
  weakest_moves: [{ move: 3, label: "8-count 1 · 5–6", misses: 4, members: 2 }],
});

function server(routes: Record<string, MockHandler>) {
  storeSession();
  return mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/notifications/unread-count": { body: { unread_count: 0 } },
    ...routes,
  });
}

afterEach(() => localStorage.clear());

describe("/groups", () => {
  it("lists the viewer's groups with their role and countdown", async () => {
    server({
      "GET /api/groups": {
        body: {
          groups: [
            group(),
            group({ id: 5, name: "Diya's mehendi", role: "member", days_to_event: 1, organiser_name: "Kavya" }),
          ],
        },
      },
    });
    renderApp("/groups");
    const cards = await screen.findAllByTestId("group-card");
    expect(cards.map((c) => c.getAttribute("href"))).toEqual(["/groups/4", "/groups/5"]);
    expect(within(cards[0] as HTMLElement).getByText("Organiser")).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByTestId("countdown").textContent).toContain("12 days to go");
    expect(within(cards[1] as HTMLElement).getByText(/organised by Kavya/)).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByTestId("countdown").textContent).toContain("Tomorrow");
  });

  it("with none, leads to Start your group", async () => {
    server({
      "GET /api/groups": { body: { groups: [] } },
      "GET /api/reference-videos": {
        body: { videos: [], pagination: { page: 1, limit: 12, total: 0, pages: 1, has_more: false } },
      },
    });
    renderApp("/groups");
    fireEvent.click(await screen.findByRole("link", { name: "Start your group" }));
    await screen.findByRole("heading", { name: "Start your group", level: 1 });
  });
});

describe("/groups/new", () => {
  it("starts a group on a library video, with its name and date, and opens it", async () => {
    const video = {
      id: 21,
      title: "Sangeet medley",
      category: "folk",
      duration: 95,
      contributor_name: "Kavya",
      thumbnail_path: null,
    };
    const { calls } = server({
      "GET /api/reference-videos": {
        body: { videos: [video], pagination: { page: 1, limit: 12, total: 1, pages: 1, has_more: false } },
      },
      "POST /api/groups": { status: 201, body: { group: group() } },
      "GET /api/groups/4": { body: detail() },
    });
    renderApp("/groups/new");
    fireEvent.click(await screen.findByRole("button", { name: "Start the group" }));
    expect(await screen.findByText("Give your group a name")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(screen.getByLabelText("Group name"), { target: { value: "Priya & Arjun's sangeet" } });
    fireEvent.change(screen.getByLabelText("Event date (optional)"), { target: { value: "2099-02-14" } });
    fireEvent.click(await screen.findByText("Sangeet medley"));
    fireEvent.click(screen.getByRole("button", { name: "Start the group" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/groups/4"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Priya & Arjun's sangeet",
      event_date: "2099-02-14",
      reference_video_id: 21,
    });
  });
});

describe("/groups/:id", () => {
  it("names the routine's parts with the move picker", async () => {
    const held = detail();
    const { calls } = server({
      "GET /api/groups/4": () => ({ body: held }),
      "PATCH /api/groups/4": (init) => {
        held.group = group({ parts: JSON.parse(String(init?.body)).parts });
        return { body: { group: held.group } };
      },
    });
    renderApp("/groups/4");
    expect((await screen.findByTestId("countdown")).textContent).toContain("12 days to go");
    expect(screen.getByTestId("no-parts").textContent).toBe("One part: the whole routine.");
    fireEvent.click(screen.getByRole("button", { name: "Name the parts" }));
    const dialog = screen.getByRole("dialog", { name: "Name the routine's parts" });
    fireEvent.click(within(dialog).getByRole("button", { name: /^Move 3,/ }));
    expect(
      within(dialog)
        .getByRole("button", { name: /^Move 3,.*a part starts here/ })
        .getAttribute("aria-pressed"),
    ).toBe("true");
    const names = within(dialog).getAllByTestId("part-name");
    fireEvent.change(names[0] as HTMLElement, { target: { value: "Entry" } });
    fireEvent.change(names[1] as HTMLElement, { target: { value: "Finale" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save parts" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("part").map((p) => p.textContent)).toEqual([
        "Entry · Moves 1–2",
        "Finale · Moves 3–4",
      ]),
    );
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      parts: [
        { name: "Entry", first_move: 1, last_move: 2 },
        { name: "Finale", first_move: 3, last_move: 4 },
      ],
    });
  });

  it("invites by link and e-mail, ends the link, and removes a member", async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { calls } = server({
      "GET /api/groups/4": { body: detail() },
      "POST /api/groups/4/invitations": { body: { sent: 1, skipped: ["b@x.com"], message: "1 invitation sent" } },
      "DELETE /api/groups/4/invite-link": { body: { group: group({ invite_code: null }) } },
      "DELETE /api/groups/4/members/12": { body: { message: "Member removed" } },
    });
    renderApp("/groups/4");
    const link = (await screen.findByTestId("invite-link")) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/groups/join/inv1te-c0de`);
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.value));

    fireEvent.change(screen.getByLabelText("Invite by e-mail"), { target: { value: "a@x.com, b@x.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    expect((await screen.findByTestId("invitations-sent")).textContent).toBe("1 invitation sent");
    expect(screen.getByText(/Not sent today.*b@x\.com/)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith("/invitations"))?.body).toEqual({ emails: ["a@x.com", "b@x.com"] });

    fireEvent.click(screen.getByRole("button", { name: "Remove Rohan Mehta" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Remove Rohan Mehta?" })).getByRole("button", { name: "Remove" }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId("member-name").map((m) => m.textContent)).toEqual(["Maya Rao", "Meera Kapoor"]),
    );

    fireEvent.click(screen.getByRole("button", { name: "End link" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "End the invite link?" })).getByRole("button", { name: "End link" }),
    );
    expect(await screen.findByText(/The invite link has ended/)).toBeTruthy();
    expect(screen.queryByTestId("invite-link")).toBeNull();
  });

  it("gives credits once per transfer: a retry after a lost answer sends the same key, a new transfer a new one", async () => {
    let balance = 10;
    let lose = true;
    const { calls } = server({
      "GET /api/groups/4": { body: detail() },
      "GET /api/credits/balance": () => ({ body: { credits: balance } }),
      "POST /api/groups/4/credits": (init) => {
        if (lose) {
          lose = false;
          return { status: 503, body: { error: "Service unavailable" } };
        }
        balance -= JSON.parse(String(init?.body)).credits;
        return { body: { balance } };
      },
    });
    renderApp("/groups/4");
    fireEvent.click(await screen.findByRole("button", { name: "Give Meera Kapoor credits" }));
    const dialog = screen.getByRole("dialog", { name: "Give Meera Kapoor credits" });
    await within(dialog).findByText(/You have 10 credits/);
    fireEvent.change(within(dialog).getByLabelText("Credits to give"), { target: { value: "11" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByText("You have 10 credits to give.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Credits to give"), { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Next" }));
    expect(within(dialog).getByTestId("credits-confirm").textContent).toBe(
      "Give 3 credits to Meera Kapoor? Your balance goes from 10 to 7.",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Give 3 credits" }));
    fireEvent.click(await within(dialog).findByRole("button", { name: "Try again" }));
    expect((await within(dialog).findByTestId("credits-given")).textContent).toBe(
      "Meera Kapoor got 3 credits. Your balance is now 7 credits.",
    );
    const sent = calls.filter((c) => c.path === "/api/groups/4/credits").map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ user_id: 11, credits: 3 });
    expect(sent[1]?.idempotency_key).toBe(sent[0]?.idempotency_key);

    // Another transfer is another key.
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    fireEvent.click(screen.getByRole("button", { name: "Give Meera Kapoor credits" }));
    const again = screen.getByRole("dialog", { name: "Give Meera Kapoor credits" });
    fireEvent.change(within(again).getByLabelText("Credits to give"), { target: { value: "1" } });
    fireEvent.click(within(again).getByRole("button", { name: "Next" }));
    fireEvent.click(within(again).getByRole("button", { name: "Give 1 credit" }));
    await within(again).findByTestId("credits-given");
    const keys = calls
      .filter((c) => c.path === "/api/groups/4/credits")
      .map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys).size).toBe(2);
  });

  it("a member sees no invitations, practises the routine on the compare screen, and can leave", async () => {
    const { calls } = server({
      "GET /api/groups/4": { body: detail({ role: "member", invite_code: null, organiser_name: "Kavya" }) },
      "GET /api/groups/4/board": { body: board([row({ user_id: testUser.id, name: "Maya" })]) },
      "DELETE /api/groups/4/members/7": { body: { message: "You left the group" } },
      "GET /api/groups": { body: { groups: [] } },
    });
    const view = renderApp("/groups/4");
    expect(await screen.findByText(/organised by Kavya/)).toBeTruthy();
    expect(screen.queryByTestId("invite-link")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
    expect((await screen.findByTestId("board-row")).textContent).toContain("Your best so far");

    fireEvent.click(screen.getByRole("button", { name: "Leave group" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: `Leave Priya & Arjun's sangeet?` })).getByRole("button", {
        name: "Leave group",
      }),
    );
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/groups"));
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/groups/4/members/7")).toBe(true);
    view.unmount();

    server({
      "GET /api/groups/4": { body: detail({ role: "member", invite_code: null }) },
      "GET /api/groups/4/board": { body: board([]) },
    });
    renderApp("/groups/4");
    fireEvent.click(await screen.findByRole("button", { name: "Practise the routine" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare"));
    expect((await screen.findByTestId("library-reference")).textContent).toBe("Our sangeet routine");
  });

  it("the organiser changes the routine to another library video", async () => {
    const video = {
      id: 33,
      title: "Garba finale",
      category: "folk",
      duration: 60,
      contributor_name: "Kavya",
      thumbnail_path: null,
    };
    const { calls } = server({
      "GET /api/groups/4": { body: detail({ parts: [{ name: "Entry", first_move: 1, last_move: 2 }] }) },
      "GET /api/reference-videos": {
        body: { videos: [video], pagination: { page: 1, limit: 12, total: 1, pages: 1, has_more: false } },
      },
      "PATCH /api/groups/4": { body: { group: group({ reference_video_id: 33 }) } },
    });
    renderApp("/groups/4");
    fireEvent.click(await screen.findByRole("button", { name: "Change the routine" }));
    const dialog = screen.getByRole("dialog", { name: "Change the routine" });
    expect(within(dialog).getByText(/Its parts go with the old one/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Use this routine" }));
    expect(await within(dialog).findByText(/Choose the group's routine/)).toBeTruthy();
    fireEvent.click(await within(dialog).findByText("Garba finale"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Use this routine" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ reference_video_id: 33 }));
  });

  it("while the routine is analysed, says how far it is and how long is left", async () => {
    const pending = detail();
    if (pending.routine) pending.routine = { ...pending.routine, pose_status: "pending", moves: null };
    server({
      "GET /api/groups/4": { body: pending },
      "GET /api/reference-videos/21/analysis-status": { body: { status: "pending", progress: 42, analysing_s: 10 } },
    });
    renderApp("/groups/4");
    const analysing = await screen.findByTestId("routine-analysing");
    await waitFor(() =>
      expect(within(analysing).getByTestId("group-progress-label").textContent).toBe("Analysing the routine… 42%"),
    );
    expect(within(analysing).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("42");
    expect(analysing.textContent).toMatch(/About \d+ s left/);
    // The parts wait for its moves.
    expect(screen.queryByRole("button", { name: "Name the parts" })).toBeNull();
  });

  it("says Group not found to someone who is not a member (404)", async () => {
    server({ "GET /api/groups/4": { status: 404, body: { error: "Group not found" } } });
    renderApp("/groups/4");
    expect(await screen.findByText("Group not found")).toBeTruthy();
    expect(screen.getByText("This group does not exist, or you are not one of its members.")).toBeTruthy();
  });
});

describe("/groups/:id/board", () => {
  it("shows each member's best score with a shape and words besides colour, the group's weakest moves, sorting and reminders", async () => {
    const rows = [
      row({
        user_id: testUser.id,
        name: "Maya Rao",
        role: "organiser",
        started: false,
        behind: true,
        parts: [{ part: "Whole routine", best_score: null, last_practised_at: null, takes: 0 }],
        weakest_moves: [],
        last_practised_at: null,
        takes_this_week: 0,
      }),
      row({
        user_id: 13,
        name: "Tara Shah",
        started: false,
        behind: true,
        parts: [{ part: "Whole routine", best_score: null, last_practised_at: null, takes: 0 }],
        weakest_moves: [],
        last_practised_at: null,
        takes_this_week: 0,
      }),
      row({
        user_id: 11,
        name: "Meera Kapoor",
        parts: [{ part: "Whole routine", best_score: 55, last_practised_at: new Date().toISOString(), takes: 1 }],
      }),
      row({ user_id: 12, name: "Rohan Mehta" }),
    ];
    const { calls } = server({
      "GET /api/groups/4": { body: detail() },
      "GET /api/groups/4/board": (_init, url) => ({ body: { ...board(rows), sort: url.searchParams.get("sort") } }),
      "POST /api/groups/4/nudges": { body: { reminded: 2, mailed: 1, capped: 0, message: "2 members reminded" } },
    });
    renderApp("/groups/4/board");
    await waitFor(() =>
      expect(screen.getAllByTestId("board-row-name").map((r) => r.textContent)).toEqual([
        "Tara Shah",
        "Meera Kapoor",
        "Rohan Mehta",
      ]),
    );
    expect(screen.getByTestId("board-summary").textContent).toBe("3 members · 2 practising · 1 not started · 1 behind");
    const cells = screen.getAllByTestId("score-cell");
    expect(cells.map((c) => c.getAttribute("data-band"))).toEqual(["none", "red", "green"]);
    expect(cells.map((c) => c.textContent)).toEqual(["—not practised yet", "5555, needs work", "8484, ready"]);
    expect(cells.every((c) => c.querySelector("svg"))).toBe(true);
    expect(screen.getByTestId("group-weakest").textContent).toContain("Everyone misses move 3");

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "name" } });
    await waitFor(() =>
      expect(calls.some((c) => c.path === "/api/groups/4/board" && c.url.searchParams.get("sort") === "name")).toBe(
        true,
      ),
    );

    fireEvent.click(screen.getByRole("button", { name: "Remind" }));
    const dialog = screen.getByRole("dialog", { name: "Remind the group to practise" });
    expect((within(dialog).getByLabelText(/Those behind/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send reminder" }));
    const result = await within(dialog).findByTestId("nudge-result");
    expect(result.textContent).toContain("2 members reminded");
    expect(calls.find((c) => c.path.endsWith("/nudges"))?.body).toEqual({ to: "behind" });
  });
});

describe("/groups/join/:code", () => {
  it("signed out: asks to sign up or log in, and remembers the invite for after", async () => {
    mockFetch({ ...sessionRoutes(null) });
    renderApp("/groups/join/inv1te-c0de");
    expect(await screen.findByRole("heading", { name: "You're invited to a sangeet group" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign up to join" }).getAttribute("href")).toBe("/signup");
    expect(localStorage.getItem("pendingGroupInvite")).toBe("inv1te-c0de");
  });

  it("signed in somewhere else, a remembered invite brings them back to join it", async () => {
    localStorage.setItem("pendingGroupInvite", "inv1te-c0de");
    const { calls } = server({
      "GET /api/dashboard/stats": { body: {} },
      "GET /api/groups/invites/inv1te-c0de": {
        body: {
          invite: {
            name: "Priya & Arjun's sangeet",
            event_date: "2027-02-14",
            organiser_name: "Kavya",
            member_count: 3,
            group_id: null,
          },
        },
      },
      "POST /api/groups/join": { body: { group: group({ role: "member" }) } },
      "GET /api/groups/4": { body: detail({ role: "member" }) },
    });
    renderApp("/dashboard");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/groups/join/inv1te-c0de"));
    expect(localStorage.getItem("pendingGroupInvite")).toBeNull();
    expect((await screen.findByTestId("invite-name")).textContent).toBe("Priya & Arjun's sangeet");
    fireEvent.click(screen.getByRole("button", { name: "Join the group" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/groups/4"));
    expect(calls.find((c) => c.path === "/api/groups/join")?.body).toEqual({ invite_code: "inv1te-c0de" });
  });

  it("an ended link says so", async () => {
    server({
      "GET /api/groups/invites/old": { status: 404, body: { error: "This invite link is not valid or has ended." } },
    });
    renderApp("/groups/join/old");
    expect(await screen.findByText("This invite link is not valid or has ended.")).toBeTruthy();
  });
});

describe("a group reminder mail's unsubscribe link", () => {
  it("speaks of group reminders, not reviews", async () => {
    const { calls } = mockFetch({
      ...sessionRoutes(null),
      "POST /api/notifications/mail-unsubscribe": { body: { success: true } },
    });
    renderApp("/notifications/unsubscribe?kind=group_reminder&token=abcdefghijkl");
    expect(await screen.findByRole("heading", { name: "Stop group reminder emails" })).toBeTruthy();
    expect(screen.queryByText(/library videos/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(
      await screen.findByText("You will no longer get emails when a group's organiser sends a reminder."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ token: "abcdefghijkl", kind: "group_reminder" });
  });
});
