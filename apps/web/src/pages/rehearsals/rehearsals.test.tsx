import type { GroupDetailResponse } from "@stepsync/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Rehearsal } from "@stepsync/contracts";
import { scoreTextClass } from "../../lib/format";
import { completedRehearsal, dancer, dancerAnswer, results } from "../../test/rehearsal-fixtures";
import { type MockHandler, mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const clip = (name: string) => new File([new Uint8Array(64)], name, { type: "video/mp4" });

const groupDetail = (role: "organiser" | "member" = "organiser"): GroupDetailResponse => ({
  group: {
    id: 4,
    name: "Priya & Arjun's sangeet",
    event_date: "2027-02-14",
    days_to_event: 12,
    role,
    organiser_name: "Maya Rao",
    invite_code: role === "organiser" ? "inv1te" : null,
    member_count: 3,
    reference_video_id: 21,
    parts: [],
    created_at: "2026-12-01T10:00:00.000Z",
  },
  members: [{ user_id: testUser.id, name: "Maya", role: "organiser", joined_at: "2026-12-01T10:00:00.000Z" }],
  routine: {
    reference_video_id: 21,
    title: "Our sangeet routine",
    private: true,
    category: "contemporary",
    duration_s: 32,
    file_url: "/api/reference-videos/21/file",
    thumbnail_url: null,
    pose_status: "ready",
    moves: null,
  },
});

function server(routes: Record<string, MockHandler>) {
  storeSession();
  return mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/notifications/unread-count": { body: { unread_count: 0 } },
    "GET /api/credits/balance": { body: { credits: 9 } },
    "GET /api/groups": { body: { groups: [groupDetail().group] } },
    "GET /api/groups/4": { body: groupDetail() },
    "GET /api/rehearsals": { body: { rehearsals: [] } },
    ...routes,
  });
}

/** The rehearsal upload (an XMLHttpRequest, for its percent): answers `status` with `body`; keeps each form sent. */
function fakeUpload(status: number, body: unknown) {
  const sent: FormData[] = [];
  class Xhr {
    status = 0;
    responseText = "";
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = status;
      this.responseText = JSON.stringify(body);
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", Xhr);
  return sent;
}

afterEach(() => localStorage.clear());

describe("/rehearsals/new", () => {
  it("in a group, scores against the group's routine in its style; the upload opens the rehearsal", async () => {
    server({ "GET /api/rehearsals/31": { body: { rehearsal: completedRehearsal() } } });
    const sent = fakeUpload(202, { rehearsal_id: 31 });
    renderApp("/rehearsals/new?group=4");
    expect((await screen.findByTestId("chosen-reference")).textContent).toContain("Our sangeet routine");
    expect(screen.getByTestId("rehearsal-cost").textContent).toContain(
      "One credit per dancer found (refunded if the analysis fails)",
    );
    expect(screen.getByTestId("rehearsal-cost").textContent).toContain("You have 9 credits");
    await waitFor(() => expect((screen.getByLabelText("Style") as HTMLSelectElement).value).toBe("contemporary"));
    expect((screen.getByLabelText("Group") as HTMLSelectElement).value).toBe("4");

    // Without a video it says what is missing, and sends nothing.
    fireEvent.click(screen.getByRole("button", { name: "Analyse the rehearsal" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Choose the rehearsal video");
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Rehearsal video file"), { target: { files: [clip("sangeet.mp4")] } });
    fireEvent.click(screen.getByRole("button", { name: "Analyse the rehearsal" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/rehearsals/31"));
    const form = sent[0] as FormData;
    expect(form.get("reference_video_id")).toBe("21");
    expect(form.get("group_id")).toBe("4");
    expect(form.get("style")).toBe("contemporary");
    expect((form.get("group_video") as File).name).toBe("sangeet.mp4");
  });

  it("refused for credits: says so in the product's words and keeps the video and the reference chosen", async () => {
    server({});
    fakeUpload(402, { error: "Insufficient credits" });
    renderApp("/rehearsals/new?group=4");
    await screen.findByTestId("chosen-reference");
    fireEvent.change(screen.getByLabelText("Rehearsal video file"), { target: { files: [clip("sangeet.mp4")] } });
    fireEvent.change(screen.getByLabelText("Style"), { target: { value: "folk" } });
    fireEvent.click(screen.getByRole("button", { name: "Analyse the rehearsal" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Insufficient credits");
    expect(
      within(alert)
        .getByRole("link", { name: /Your credits/ })
        .getAttribute("href"),
    ).toBe("/credits");
    expect(screen.getByTestId("picked-file").textContent).toBe("sangeet.mp4");
    expect(screen.getByTestId("chosen-reference").textContent).toContain("Our sangeet routine");
    expect((screen.getByLabelText("Style") as HTMLSelectElement).value).toBe("folk");
    expect(screen.getByTestId("location").textContent).toBe("/rehearsals/new?group=4");
  });

  it("without a group, the reference is a library video picked from the library", async () => {
    server({
      "GET /api/groups": { body: { groups: [] } },
      "GET /api/reference-videos": {
        body: {
          videos: [
            {
              id: 55,
              title: "Garba basics",
              description: null,
              category: "folk",
              difficulty: "beginner",
              tags: [],
              duration: 40,
              views: 0,
              likes_count: 0,
              comments_count: 0,
              usage_count: 0,
              is_featured: false,
              created_at: "2026-11-01T00:00:00.000Z",
              contributor_id: 3,
              contributor_name: "Asha",
              contributor_verified: false,
              contributor_profile_image: null,
              is_liked: false,
              is_following: false,
              file_path: "/api/reference-videos/55/file",
              thumbnail_path: null,
            },
          ],
          pagination: { page: 1, limit: 12, total: 1, pages: 1, has_more: false },
        },
      },
    });
    const sent = fakeUpload(202, { rehearsal_id: 32 });
    renderApp("/rehearsals/new");
    fireEvent.change(await screen.findByLabelText("Rehearsal video file"), { target: { files: [clip("us.mp4")] } });
    fireEvent.click(screen.getByRole("button", { name: "Analyse the rehearsal" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Choose the routine to score the dancers against");
    fireEvent.click(await screen.findByText("Garba basics"));
    await waitFor(() => expect((screen.getByLabelText("Style") as HTMLSelectElement).value).toBe("folk"));
    fireEvent.click(screen.getByRole("button", { name: "Analyse the rehearsal" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/rehearsals/32"));
    expect((sent[0] as FormData).get("reference_video_id")).toBe("55");
    expect((sent[0] as FormData).get("group_id")).toBeNull();
  });
});

describe("/rehearsals/:id", () => {
  it("while analysed shows its percent and the time left, then the result by itself", async () => {
    let answer: Rehearsal = {
      ...completedRehearsal(),
      status: "processing",
      progress: 40,
      analysing_s: 22,
      time_left_s: 33,
      credits_charged: 1,
      dancers: [],
      sync: null,
      dancer_count: null,
    };
    server({ "GET /api/rehearsals/31": () => ({ body: { rehearsal: answer } }) });
    renderApp("/rehearsals/31");
    expect((await screen.findByTestId("progress-label")).textContent).toBe("Finding and scoring the dancers 40%");
    expect(screen.getByTestId("time-left").textContent).toBe("About 35 s left");
    // One credit is held while the dancers are found.
    expect(screen.getByText(/1 credit held/)).toBeTruthy();
    answer = completedRehearsal();
    await screen.findByTestId("rehearsal-result", undefined, { timeout: 5000 });
  });

  it("failed: the error, the credits given back, and a way to try again", async () => {
    server({
      "GET /api/rehearsals/31": {
        body: {
          rehearsal: {
            ...completedRehearsal(),
            status: "failed",
            error: "No dancer was found in the video. Your credit has been refunded.",
            dancers: [],
            sync: null,
          },
        },
      },
    });
    renderApp("/rehearsals/31");
    const failed = await screen.findByTestId("rehearsal-failed");
    expect(within(failed).getByRole("alert").textContent).toContain("No dancer was found in the video.");
    expect(within(failed).getByRole("link", { name: "Analyse another video" }).getAttribute("href")).toBe(
      "/rehearsals/new?group=4",
    );
  });

  it("done: every dancer with colour, number, score, lateness; the sync score and the strip of moves", async () => {
    const r = completedRehearsal({
      dancers: [
        dancer({ id: 1, offset_s: 0.02 }),
        dancer({ id: 2, x: 0.75, overall_score: 58, offset_s: 0.41, boxes: [] }),
        dancer({
          id: 3,
          x: 0.9,
          overall_score: null,
          decision: "not_same",
          offset_s: null,
          scores: { shape: null, timing: null },
        }),
      ],
    });
    server({ "GET /api/rehearsals/31": { body: { rehearsal: r } } });
    renderApp("/rehearsals/31");
    const items = await screen.findAllByTestId("dancer-item");
    expect(items).toHaveLength(3);
    const [one, two, three] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(one).getByTestId("dancer-chip").textContent).toBe("1");
    expect(within(one).getByTestId("dancer-score").textContent).toBe("91%");
    expect(within(one).getByTestId("dancer-score").className).toContain(scoreTextClass(91));
    expect(within(one).getByTestId("dancer-timing").textContent).toBe("On time against the teacher");
    expect(within(two).getByTestId("dancer-score").className).toContain(scoreTextClass(58));
    expect(scoreTextClass(58)).not.toBe(scoreTextClass(91));
    expect(within(two).getByTestId("dancer-timing").textContent).toBe("0.4 s late against the teacher");
    expect(within(three).getByTestId("dancer-timing").textContent).toBe(
      "Seems to be dancing another routine: no score",
    );
    expect(within(three).getByTestId("dancer-score").textContent).toBe("—");
    expect(
      within(two)
        .getByRole("link", { name: /Dancer 2's result/ })
        .getAttribute("href"),
    ).toBe("/rehearsals/31/dancers/2");

    expect(screen.getByTestId("sync-score").textContent).toContain("74");
    expect(screen.getByTestId("sync-score").textContent).toContain("0.14 s");
    const cells = screen.getAllByTestId("strip-cell");
    expect(cells).toHaveLength(3 * 4);
    // Dancer 2 on move 1: 130 ms behind the group's middle; dancer 1 on the third move, 210 ms ahead.
    expect(cells[4]?.getAttribute("data-timing")).toBe("late");
    expect(cells[4]?.textContent).toContain("130 ms late");
    expect(cells[2]?.getAttribute("data-timing")).toBe("early");
    expect(cells[0]?.getAttribute("data-timing")).toBe("on_time");
    expect(cells[8]?.getAttribute("data-timing")).toBe("unseen");
    const apart = screen.getAllByTestId("strip-move").filter((b) => b.hasAttribute("data-falls-apart"));
    expect(apart.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Play counts 5–6 from 0:04.0: the group falls apart here",
    ]);
    expect(screen.getByText("Early")).toBeTruthy();
    expect(screen.getByText("The group falls apart")).toBeTruthy();
  });

  it("draws each dancer's box at the video's time, and a move plays the video from its start", async () => {
    server({ "GET /api/rehearsals/31": { body: { rehearsal: completedRehearsal() } } });
    const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    renderApp("/rehearsals/31");
    await screen.findByTestId("rehearsal-result");
    const boxes = () => screen.getAllByTestId("dancer-box").map((b) => b.getAttribute("data-dancer"));
    expect(boxes()).toEqual(["1", "2"]);
    // The last move starts at 6 s: dancer 2 left the frame at 6.0 s, so at 6.0 they still show.
    const last = screen.getAllByTestId("strip-move")[3] as HTMLElement;
    act(() => fireEvent.click(last));
    const video = screen.getByLabelText("Rehearsal video") as HTMLVideoElement;
    expect(video.currentTime).toBe(6);
    expect(play).toHaveBeenCalled();
    expect(boxes()).toEqual(["1", "2"]);
    // At 7 s dancer 2 is not seen (nearest box 1 s away): only dancer 1 is drawn.
    act(() => {
      video.currentTime = 7;
      video.dispatchEvent(new Event("seeked"));
    });
    expect(boxes()).toEqual(["1"]);
  });

  it("the organiser tags a dancer to a member, saved at once with a word; a member sees no select", async () => {
    let tagged: number | null = null;
    const { calls } = server({
      "GET /api/rehearsals/31": () => ({ body: { rehearsal: completedRehearsal() } }),
      "PUT /api/rehearsals/31/dancers/2": (init) => {
        tagged = (JSON.parse(String(init?.body)) as { user_id: number | null }).user_id;
        const r = completedRehearsal();
        return {
          body: {
            rehearsal: {
              ...r,
              dancers: r.dancers.map((d) =>
                d.id === 2 ? { ...d, member: { user_id: 11, name: "Meera" }, comparison_id: 90 } : d,
              ),
            },
          },
        };
      },
    });
    renderApp("/rehearsals/31");
    const items = await screen.findAllByTestId("dancer-item");
    const select = within(items[1] as HTMLElement).getByLabelText("Who is dancer 2?") as HTMLSelectElement;
    expect(select.value).toBe("");
    expect([...select.options].map((o) => o.text)).toEqual(["Not tagged", "Maya", "Meera", "Rohan"]);
    fireEvent.change(select, { target: { value: "11" } });
    await waitFor(() =>
      expect(within(items[1] as HTMLElement).getByTestId("tag-said").textContent).toBe(
        "Saved: Meera's result counts on the board.",
      ),
    );
    expect(tagged).toBe(11);
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1);
    expect(select.value).toBe("11");
    expect(within(items[1] as HTMLElement).getByText(/Meera/, { selector: "span" })).toBeTruthy();
  });

  it("a member (no tagging) sees the result without selects", async () => {
    server({
      "GET /api/rehearsals/31": {
        body: { rehearsal: completedRehearsal({ can_tag: false, can_delete: false, members: [] }) },
      },
    });
    renderApp("/rehearsals/31");
    await screen.findAllByTestId("dancer-item");
    expect(screen.queryByTestId("tag-select")).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("deleting asks first, says what goes with it, then goes back to the group", async () => {
    const r = completedRehearsal();
    const named = {
      ...r,
      dancers: r.dancers.map((d) => (d.id === 2 ? { ...d, member: { user_id: 11, name: "Meera" } } : d)),
    };
    const { calls } = server({
      "GET /api/rehearsals/31": { body: { rehearsal: named } },
      "DELETE /api/rehearsals/31": { body: { message: "Rehearsal deleted" } },
      "GET /api/groups/4/rehearsals": { body: { rehearsals: [] } },
      "GET /api/groups/4/board": { body: { members: [], columns: [] } },
    });
    renderApp("/rehearsals/31");
    await screen.findByTestId("rehearsal-result");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this rehearsal?" });
    expect(dialog.textContent).toContain(
      "The results of the member named in it leave the board and their history too.",
    );
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/groups/4"));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(["/api/rehearsals/31"]);
  });

  it("not the viewer's: Rehearsal not found", async () => {
    server({ "GET /api/rehearsals/99": { status: 404, body: { error: "Rehearsal not found" } } });
    renderApp("/rehearsals/99");
    expect((await screen.findByRole("alert")).textContent).toContain("Rehearsal not found");
  });
});

describe("/rehearsals/:id/dancers/:dancerId", () => {
  it("one dancer's result: score, shape and timing, cues, moves that play the rehearsal video", async () => {
    // The viewer is the member named: their own comparison is a link away.
    const d = dancer({ id: 1, member: { user_id: testUser.id, name: "Meera" }, comparison_id: 90 });
    server({
      "GET /api/rehearsals/31": { body: { rehearsal: completedRehearsal() } },
      "GET /api/rehearsals/31/dancers/1": { body: dancerAnswer(d) },
    });
    vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(() => Promise.resolve());
    renderApp("/rehearsals/31/dancers/1");
    await screen.findByTestId("dancer-result");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Dancer 1 · Meera");
    expect(screen.getByTestId("overall-score").textContent).toBe("91%");
    expect(screen.getByTestId("dancer-offset").textContent).toBe("On time against the teacher");
    expect(screen.getByText("Shape")).toBeTruthy();
    expect(screen.getByText("Timing")).toBeTruthy();
    expect(screen.getByText("Raise your right arm higher, about 20°.")).toBeTruthy();
    expect(screen.getByText("Lift the right arm to shoulder height.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /In your history/ }).getAttribute("href")).toBe("/compare?id=90");
    fireEvent.click(screen.getByRole("button", { name: /counts 5–6/ }));
    expect((screen.getByLabelText("Rehearsal video, Meera") as HTMLVideoElement).currentTime).toBeCloseTo(4.02);
    expect(screen.getAllByTestId("dancer-box").map((b) => b.getAttribute("data-dancer"))).toEqual(["1"]);
  });

  it("a move she was hidden in behind another dancer reads Not seen, with no timing or shape, and is not counted a miss", async () => {
    const d = dancer({ id: 1 });
    const seen = results().moves ?? [];
    const hiddenMove = { ...seen[1], verdict: "miss", timing_ms: null, shape: 0, cue: null, hidden: true } as const;
    server({
      "GET /api/rehearsals/31": { body: { rehearsal: completedRehearsal() } },
      "GET /api/rehearsals/31/dancers/1": {
        body: dancerAnswer(d, { moves: seen.map((m) => (m.index === 1 ? { ...m, ...hiddenMove } : m)) }),
      },
    });
    renderApp("/rehearsals/31/dancers/1");
    await screen.findByTestId("dancer-result");
    const rows = within(screen.getByTestId("dancer-moves")).getAllByTestId("dancer-move");
    const row = rows[1] as HTMLElement;
    expect(within(row).getByTestId("verdict-chip").textContent).toBe("Not seen");
    expect(within(row).getByTestId("verdict-chip").getAttribute("title")).toBe(
      "Not seen — hidden behind another dancer",
    );
    expect(row.textContent).toContain("Hidden behind another dancer");
    expect(row.textContent).not.toMatch(/Miss|shape|late|early/);
    // The other moves keep their verdicts; the summary counts the hidden one apart.
    expect(within(rows[2] as HTMLElement).getByTestId("verdict-chip").textContent).toBe("OK");
    expect(screen.getByText("4 moves: 2 Great · 1 OK · 1 Not seen")).toBeTruthy();
    expect(screen.queryByText(/Miss/)).toBeNull();
  });

  it("a dancer of another routine is told so, with no score", async () => {
    const d = dancer({ id: 2, overall_score: null, decision: "not_same", offset_s: null });
    server({
      "GET /api/rehearsals/31": { body: { rehearsal: completedRehearsal() } },
      "GET /api/rehearsals/31/dancers/2": { body: dancerAnswer(d, { moves: null, jointSpecificFeedback: {} }) },
    });
    renderApp("/rehearsals/31/dancers/2");
    await screen.findByTestId("dancer-result");
    expect(screen.getByText(/Seems to be dancing another routine: no score/)).toBeTruthy();
    expect(screen.queryByTestId("overall-score")).toBeNull();
  });
});

describe("a group's rehearsals", () => {
  it("the group's page leads to Analyse a rehearsal and lists the group's rehearsals", async () => {
    server({
      "GET /api/groups/4/rehearsals": {
        body: {
          rehearsals: [
            {
              id: 31,
              status: "completed",
              progress: 100,
              group_id: 4,
              reference: { id: 21, title: "Our sangeet routine" },
              dancer_count: 2,
              sync_score: 74,
              credits_charged: 2,
              created_at: new Date().toISOString(),
              completed_at: new Date().toISOString(),
              thumbnail_url: null,
            },
          ],
        },
      },
      "GET /api/groups/4/board": { body: { members: [], columns: [] } },
    });
    renderApp("/groups/4");
    const link = await screen.findByRole("link", { name: "Analyse a rehearsal" });
    expect(link.getAttribute("href")).toBe("/rehearsals/new?group=4");
    const card = await screen.findByTestId("group-rehearsals");
    const row = await within(card).findByTestId("rehearsal-link");
    expect(row.getAttribute("href")).toBe("/rehearsals/31");
    expect(row.textContent).toContain("2 dancers");
    expect(row.textContent).toContain("74");
  });
});
