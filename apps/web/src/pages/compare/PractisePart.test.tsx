import type { ComparisonDetail, ComparisonResults, MoveResult } from "@stepsync/contracts";
import { FakeXhr, stubRecordingAndUpload } from "../../test/fake-upload.ts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCompareForm } from "../../api/comparisons";
import { makeComparisonDetail, overallFeedback } from "../../test/comparison-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";
import { PRACTISE_MIN_S, practiseSpan } from "./PractisePart";
import { makeMove } from "../../test/comparison-fixtures";

afterEach(() => {
  localStorage.clear();
});

/** The part's moves start 4 s into the reference. */
const move = (index: number, over: Partial<MoveResult> = {}) =>
  makeMove(index, { start_s: 4 + index * 2, end_s: 6 + index * 2, user_start_s: 4 + index * 2, ...over });

const results: ComparisonResults = {
  sections: [
    {
      title: "8-count 1 · arms up, step",
      score: 80,
      overall_feedback: "",
      timestamp: 4,
      duration: 4,
      user_timestamp: 4,
      joint_feedback: {},
      moves: [0, 1],
    },
  ],
  categories: {},
  ...overallFeedback("Good."),
  jointSpecificFeedback: {},
  problematicJoints: [],
  scores: { shape: 90, timing: 80 },
  same_routine: true,
  moves: [move(0), move(1)],
  counts: { source: "music", bpm: 120, downbeats: [4] },
};

const detail = (over: Partial<ComparisonDetail> = {}): ComparisonDetail =>
  makeComparisonDetail({ results, reference_url: "/uploads/ref.mp4", user_url: "/uploads/user.mp4", ...over });

async function show(comparisons: Record<number, ComparisonDetail>, id = 12, credits = 9) {
  storeSession();
  const routes = Object.fromEntries(
    Object.entries(comparisons).map(([key, c]) => [`GET /api/comparisons/${key}`, { body: { comparison: c } }]),
  );
  mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits } }, ...routes });
  renderApp(`/compare?id=${id}`);
  return screen.findByTestId("comparison-result");
}

describe("the span practised for a move or a section", () => {
  it("is the move's own when long enough, widened to a practisable length otherwise, and kept inside the reference", () => {
    expect(practiseSpan(4, 8, 20)).toEqual({ start_s: 4, end_s: 8 });
    expect(practiseSpan(4, 4.9, 20)).toEqual({ start_s: 4, end_s: 4 + PRACTISE_MIN_S });
    // At the reference's end it widens backwards instead.
    expect(practiseSpan(19.4, 20, 20)).toEqual({ start_s: 20 - PRACTISE_MIN_S, end_s: 20 });
    expect(practiseSpan(0, 90, null)).toEqual({ start_s: 0, end_s: 60 });
  });

  it("goes to the server as the part's fields, without a reference (the parent's is used)", () => {
    const form = buildCompareForm({
      activityType: "hip_hop",
      userFile: new File(["take"], "take.webm", { type: "video/webm" }),
      part: { startS: 4, endS: 6, parentId: 12, label: "counts 5–6" },
    });
    expect(form.get("reference_start_s")).toBe("4");
    expect(form.get("reference_end_s")).toBe("6");
    expect(form.get("parent_comparison_id")).toBe("12");
    expect(form.get("part_label")).toBe("counts 5–6");
    expect(form.has("reference_video")).toBe(false);
    expect(form.has("reference_video_id")).toBe(false);
    expect(form.has("take_offset_s")).toBe(false);
  });

  it("a dance-along take goes with its clock, to the millisecond", () => {
    const take = new File(["take"], "take.webm", { type: "video/webm" });
    const part = { startS: 4, endS: 6, parentId: 12, label: "counts 5–6" };
    const form = buildCompareForm({ activityType: "hip_hop", userFile: take, part, takeOffsetS: 0.15 });
    expect(form.get("take_offset_s")).toBe("0.150");
    // It belongs to the take uploaded with it: without one there is nothing to time.
    expect(buildCompareForm({ activityType: "hip_hop", userVideoId: 3, takeOffsetS: 0.15 }).has("take_offset_s")).toBe(
      false,
    );
  });
});

describe("Practise this part, in the result view", () => {
  it("is offered on every move row and section card, and opens the recording dialog for that part", async () => {
    await show({ 12: detail() });
    const card = screen.getByTestId("section-card");
    const buttons = within(card).getAllByTestId("practise-part");
    expect(buttons.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Practise 8-count 1 · arms up, step",
      "Practise counts 1–2",
      "Practise counts 3–4",
    ]);
    expect(buttons.every((b) => b.textContent === "Practise")).toBe(true);
    fireEvent.click(within(card).getByRole("button", { name: "Practise counts 3–4" }));
    const dialog = await screen.findByRole("dialog", { name: "Practise counts 3–4" });
    expect(dialog.textContent).toContain("Only this part of the reference plays");
  });

  it("is not offered when the reference cannot be played", async () => {
    await show({ 12: detail({ reference_url: null }) });
    expect(screen.queryAllByTestId("practise-part")).toEqual([]);
  });

  it("a part's result says which part of which comparison it is, and leads back to the full result", async () => {
    const part = detail({ id: 13, part: { start_s: 4, end_s: 6, parent_id: 12, label: "counts 5–6" } });
    await show({ 12: detail(), 13: part }, 13);
    const header = screen.getByTestId("part-header");
    expect(header.textContent).toContain("Practising counts 5–6 of comparison #12");
    const back = within(header).getByRole("link", { name: "Back to the full result" });
    expect(back.getAttribute("href")).toBe("/compare?id=12");
    fireEvent.click(back);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare?id=12"));
    await waitFor(() => expect(screen.queryByTestId("part-header")).toBeNull());
  });

  it("a part whose take did not match says so in this flow's words, not about choosing a reference video", async () => {
    const notSame: ComparisonResults = {
      ...results,
      same_routine: false,
      ...overallFeedback(
        "This does not look like the same routine.",
        "Your moves do not line up with the reference's, so there is no score, timing or joint feedback. Check that you chose the right reference video and that your whole body is in the frame.",
      ),
    };
    const part = detail({
      id: 13,
      results: notSame,
      part: { start_s: 4, end_s: 8, parent_id: 12, label: "counts 5–8" },
    });
    await show({ 12: detail(), 13: part }, 13);
    const banner = screen.getByTestId("not-same-routine");
    expect(banner.textContent).toContain(
      "That take didn't match counts 5–8 — try again with your whole body in the frame.",
    );
    expect(screen.getByTestId("comparison-result").textContent).not.toContain("right reference video");
  });

  it("a full comparison that did not match keeps the advice about the reference video", async () => {
    const notSame: ComparisonResults = {
      ...results,
      same_routine: false,
      ...overallFeedback(
        "This does not look like the same routine.",
        "Check that you chose the right reference video.",
      ),
    };
    await show({ 12: detail({ results: notSame }) });
    expect(screen.getByTestId("not-same-routine").textContent).toContain(
      "Check that you chose the right reference video.",
    );
  });

  it("a full result has no part header", async () => {
    await show({ 12: detail() });
    expect(screen.queryByTestId("part-header")).toBeNull();
  });
});

class FakeRecorder {
  static isTypeSupported(type: string) {
    return type.startsWith("video/webm");
  }
  state: "inactive" | "recording" = "inactive";
  mimeType = "video/webm";
  onstart: (() => void) | null = null;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = "recording";
    setTimeout(() => this.onstart?.(), 0);
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["take"], { type: "video/webm" }) });
    this.onstop?.();
  }
}

describe("recording a part and comparing it", () => {
  it("sends the take with the part, and follows the new comparison to its result", async () => {
    stubRecordingAndUpload(FakeRecorder);
    FakeXhr.comparisonId = 13;
    const part = detail({ id: 13, part: { start_s: 4, end_s: 6, parent_id: 12, label: "counts 1–2" } });
    await show({ 12: detail(), 13: part });
    fireEvent.click(screen.getByRole("button", { name: "Practise counts 1–2" }));
    const dialog = await screen.findByRole("dialog", { name: "Practise counts 1–2" });
    // The camera is ready once its preview has its size.
    const preview = within(dialog).getByLabelText("Camera preview") as HTMLVideoElement;
    await waitFor(() => expect(preview.onloadedmetadata).toBeTruthy());
    await act(async () => preview.onloadedmetadata?.(new Event("loadedmetadata")));
    // Without dancing along it records at once (the count-in is the dance-along's).
    fireEvent.click(within(dialog).getByRole("switch", { name: "Dance along" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Start Recording" })).toHaveProperty("disabled", false),
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Start Recording" }));
    fireEvent.click(await within(dialog).findByRole("button", { name: "Stop Recording" }));

    const confirm = await screen.findByRole("dialog", { name: "Your take of counts 1–2" });
    expect(confirm.textContent).toContain("1 credit");
    fireEvent.click(within(confirm).getByRole("button", { name: "Compare this take" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare?id=13"));
    const form = FakeXhr.sent[0] as FormData;
    expect(form.get("parent_comparison_id")).toBe("12");
    expect([form.get("reference_start_s"), form.get("reference_end_s")]).toEqual(["4", "6"]);
    expect(form.get("part_label")).toBe("counts 1–2");
    expect(form.get("user_video")).toBeInstanceOf(File);
    // Recorded without the reference playing: no clock to judge it by.
    expect(form.has("take_offset_s")).toBe(false);
    expect(await screen.findByTestId("part-header")).toBeTruthy();
  });

  it.each([
    {
      reference: "a library routine's (shared by everyone who dances it)",
      referenceVideoId: 5,
      asked: "/api/reference-videos/5/analysis",
    },
    {
      reference: "an uploaded reference's (the result's own)",
      referenceVideoId: null,
      asked: "/api/comparisons/12/reference-analysis",
    },
  ])(
    "the part is scored live from $reference analysis; not analysed yet, the dialog says when it will be",
    async ({ referenceVideoId, asked }) => {
      stubRecordingAndUpload(FakeRecorder);
      storeSession();
      const { calls } = mockFetch({
        ...sessionRoutes(testUser),
        "GET /api/credits/balance": { body: { credits: 9 } },
        "GET /api/comparisons/12": { body: { comparison: detail({ reference_video_id: referenceVideoId }) } },
        [`GET ${asked}`]: { status: 404, body: { error: "Not analysed" } },
      });
      renderApp("/compare?id=12");
      await screen.findByTestId("comparison-result");
      fireEvent.click(screen.getByRole("button", { name: "Practise counts 1–2" }));
      const dialog = await screen.findByRole("dialog", { name: "Practise counts 1–2" });
      const note = await within(dialog).findByTestId("live-scoring-note");
      await waitFor(() => expect(note.dataset.status).toBe("notAnalysed"));
      expect(calls.filter((c) => c.path.endsWith("analysis")).map((c) => c.path)).toEqual([asked]);
    },
  );

  it("at 0 credits says so before recording, offers to buy in a new tab, and keeps the take recorded anyway", async () => {
    stubRecordingAndUpload(FakeRecorder);
    await show({ 12: detail() }, 12, 0);
    fireEvent.click(screen.getByRole("button", { name: "Practise counts 1–2" }));
    // Before any camera: no credits, and where to buy them.
    const ask = await screen.findByRole("dialog", { name: "Insufficient credits" });
    expect(screen.queryByRole("dialog", { name: "Practise counts 1–2" })).toBeNull();
    const buy = within(ask).getByRole("link", { name: /Buy credits/ });
    expect(buy.getAttribute("href")).toBe("/credits");
    expect(buy.getAttribute("target")).toBe("_blank");

    fireEvent.click(within(ask).getByRole("button", { name: "Record anyway" }));
    const dialog = await screen.findByRole("dialog", { name: "Practise counts 1–2" });
    const preview = within(dialog).getByLabelText("Camera preview") as HTMLVideoElement;
    await waitFor(() => expect(preview.onloadedmetadata).toBeTruthy());
    await act(async () => preview.onloadedmetadata?.(new Event("loadedmetadata")));
    fireEvent.click(within(dialog).getByRole("switch", { name: "Dance along" }));
    const start = within(dialog).getByRole("button", { name: "Start Recording" });
    await waitFor(() => expect(start).toHaveProperty("disabled", false));
    fireEvent.click(start);
    fireEvent.click(await within(dialog).findByRole("button", { name: "Stop Recording" }));

    // The take is kept, with the way to buy; it cannot be sent to fail.
    const confirm = await screen.findByRole("dialog", { name: "Your take of counts 1–2" });
    expect(within(confirm).getByLabelText("Your take")).toBeTruthy();
    expect(
      within(confirm)
        .getByRole("link", { name: /Buy credits/ })
        .getAttribute("target"),
    ).toBe("_blank");
    expect(within(confirm).getByRole("button", { name: "Compare this take" })).toHaveProperty("disabled", true);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("sends a take danced along with the part with where the part's start played in it", async () => {
    // The page's clock: real until the recorder is made, then the test's; the count-in's seconds pass at once.
    let stopped: number | null = null;
    let skew = 0;
    const moveClock = (ms: number) => {
      if (stopped === null) throw new Error("no recorder has started yet");
      stopped += ms;
    };
    const realNow = performance.now.bind(performance);
    vi.spyOn(performance, "now").mockImplementation(() => stopped ?? realNow() + skew);
    stubRecordingAndUpload(
      class extends FakeRecorder {
        constructor() {
          super();
          stopped = performance.now();
        }
      },
    );
    const part = detail({ id: 13, part: { start_s: 4, end_s: 6, parent_id: 12, label: "counts 1–2" } });
    await show({ 12: detail(), 13: part });
    fireEvent.click(screen.getByRole("button", { name: "Practise counts 1–2" }));
    const dialog = await screen.findByRole("dialog", { name: "Practise counts 1–2" });
    const preview = within(dialog).getByLabelText("Camera preview") as HTMLVideoElement;
    await waitFor(() => expect(preview.onloadedmetadata).toBeTruthy());
    await act(async () => preview.onloadedmetadata?.(new Event("loadedmetadata")));
    expect(within(dialog).getByRole("switch", { name: "Dance along" }).getAttribute("aria-checked")).toBe("true");
    const start = within(dialog).getByRole("button", { name: "Start Recording" });
    await waitFor(() => expect(start).toHaveProperty("disabled", false));
    fireEvent.click(start);
    skew = 3000;
    const stop = await within(dialog).findByRole("button", { name: "Stop Recording" });
    // The part began to play 0.25 s after the recorder started: 0.5 s in, the reference shows 4.25 s.
    const reference = within(dialog).getByLabelText("Dance-along reference") as HTMLVideoElement;
    moveClock(500);
    reference.currentTime = 4.25;
    fireEvent(reference, new Event("timeupdate"));
    fireEvent.click(stop);

    const confirm = await screen.findByRole("dialog", { name: "Your take of counts 1–2" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Compare this take" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const form = FakeXhr.sent[0] as FormData;
    expect([form.get("reference_start_s"), form.get("reference_end_s")]).toEqual(["4", "6"]);
    expect(form.get("take_offset_s")).toBe("0.250");
  }, 15_000);
});
