import { COMPARE_MESSAGES, type ComparisonDetail } from "@stepsync/contracts";
import { FakeXhr, stubRecordingAndUpload } from "../../test/fake-upload.ts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeComparisonDetail, overallFeedback } from "../../test/comparison-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

/** Processing, `progress` % in, its attempt running `analysingS` seconds (null: queued). */
const running = (progress: number, analysingS: number | null = null): ComparisonDetail =>
  makeComparisonDetail({
    id: 8,
    activity_type: "ballet",
    status: "processing",
    progress,
    analysing_s: analysingS,
    overall_score: null,
    reference_title: "Port de bras",
    completed_at: null,
  });

const done: ComparisonDetail = {
  ...running(100),
  status: "completed",
  overall_score: 81,
  completed_at: "2026-11-20T10:01:00.000Z",
  results: {
    sections: [],
    categories: { posture: 80, arm_positions: 82, leg_technique: 79, grace: 83 },
    ...overallFeedback("Very good: lift the left arm a little higher."),
    jointSpecificFeedback: {},
    problematicJoints: [],
    scores: null,
    same_routine: null,
    moves: null,
    counts: null,
  },
};

const clip = (name: string) => new File([new Uint8Array(64)], name, { type: "video/mp4" });

/** A signed-in user with credits whose comparison 8 failed: the engine found no one in the video. */
const failedComparisonRoutes = () => ({
  ...sessionRoutes(testUser),
  "GET /api/credits/balance": { body: { credits: 4 } },
  "GET /api/comparisons/8": {
    body: { comparison: { ...running(0), status: "failed", error: "No person was found in your video." } },
  },
});

describe("a saved comparison on /compare?id=", () => {
  it("while it is analysed shows its progress, then its result as soon as it completes", async () => {
    storeSession();
    const answers = [running(40), running(75), done];
    const net = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare?id=8");
    // The first page drawn in this file loads the app's modules: given time on a loaded machine.
    const bar = await screen.findByRole("progressbar", { name: "Comparison progress" }, { timeout: 5000 });
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    expect(await screen.findByTestId("comparison-result", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText("Very good: lift the left arm a little higher.")).toBeTruthy();
    // Its end may have refunded or changed figures: the balance is asked again.
    const balanceCalls = () => net.calls.filter((c) => c.path === "/api/credits/balance").length;
    await expect.poll(balanceCalls).toBe(2);
    const polls = net.calls.filter((c) => c.path === "/api/comparisons/8").length;
    expect(polls).toBe(3);
    // Done: no more asking.
    await new Promise((r) => setTimeout(r, 1500));
    expect(net.calls.filter((c) => c.path === "/api/comparisons/8")).toHaveLength(polls);
  }, 12_000);

  it("a dance-along take analysed in full though it came with live poses: says why it takes longer, then that the live score was an estimate", async () => {
    storeSession();
    const sparse = { take_track: "sparse" as const };
    const answers = [
      { ...running(40, 8), ...sparse },
      { ...done, ...sparse },
    ];
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare?id=8");
    expect((await screen.findByTestId("live-estimate")).textContent).toBe(
      "Your device tracked too few poses a second while you danced for the live score to stand: your video is being analysed in full, which takes longer, and the result may differ from the live score.",
    );
    await screen.findByTestId("comparison-result", {}, { timeout: 5000 });
    expect(screen.getByTestId("live-estimate").textContent).toBe(
      "Your device tracked too few poses a second while you danced for the live score to stand: this score comes from the full analysis of your video and may differ from the live score.",
    );
  }, 12_000);

  it("a take whose live poses made the result, or one without any, says nothing of the kind", async () => {
    storeSession();
    const answers = [
      { ...running(40, 8), take_track: "used" as const },
      { ...done, take_track: "used" as const },
    ];
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare?id=8");
    await screen.findByRole("progressbar", { name: "Comparison progress" });
    expect(screen.queryByTestId("live-estimate")).toBeNull();
    await screen.findByTestId("comparison-result", {}, { timeout: 5000 });
    expect(screen.queryByTestId("live-estimate")).toBeNull();
  }, 12_000);

  it("a take whose live poses checked out shows their quick result while the video is analysed, then the checked score and how it compares", async () => {
    storeSession();
    const quick: ComparisonDetail = {
      ...running(45, 6),
      take_track: "used",
      overall_score: 84,
      results: { ...(done.results as NonNullable<ComparisonDetail["results"]>), pose_source: "browser" },
    };
    const answers = [quick, quick, { ...done, take_track: "used" as const, counted: "yes" as const }];
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare?id=8");
    const banner = await screen.findByTestId("quick-result");
    expect(within(banner).getByRole("heading").textContent).toBe("Quick result from your live poses");
    expect(banner.textContent).toContain("it counts once checked");
    // The full analysis' progress, and the quick result itself, its score and feedback.
    expect(within(banner).getByRole("progressbar", { name: "Comparison progress" })).toBeTruthy();
    const shown = screen.getByTestId("comparison-result");
    expect(within(shown).getByText("84")).toBeTruthy();
    expect(screen.getByText("Very good: lift the left arm a little higher.")).toBeTruthy();
    // Checked: the server's own result replaces it, and says what the quick one gave.
    expect((await screen.findByTestId("quick-result-checked", {}, { timeout: 8000 })).textContent).toBe(
      "Checked by the full analysis of your video: 81 (your live poses gave 84).",
    );
    expect(screen.queryByTestId("quick-result")).toBeNull();
    expect(within(screen.getByTestId("comparison-result")).getByText("81")).toBeTruthy();
  }, 15_000);

  it("opened after its check, a result says nothing of a quick result it never showed", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": { body: { comparison: { ...done, take_track: "used" } } },
    });
    renderApp("/compare?id=8");
    await screen.findByTestId("comparison-result");
    expect(screen.queryByTestId("quick-result-checked")).toBeNull();
    expect(screen.queryByTestId("quick-result")).toBeNull();
  });

  it("says so when there is no such comparison", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/99": { status: 404, body: { error: "Comparison not found" } },
    });
    renderApp("/compare?id=99");
    expect(await screen.findByText("Comparison with ID 99 not found.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to History" })).toBeTruthy();
  });

  it("shows why its analysis failed", async () => {
    storeSession();
    mockFetch(failedComparisonRoutes());
    renderApp("/compare?id=8");
    expect(await screen.findByText("No person was found in your video.")).toBeTruthy();
  });

  it("an id that is no comparison id reads as not found, without the server's validation words", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/abc": { status: 400, body: { error: "Invalid input: expected number, received NaN" } },
    });
    renderApp("/compare?id=abc");
    expect(await screen.findByText("Comparison with ID abc not found.")).toBeTruthy();
    expect(screen.queryByText(/Invalid input/)).toBeNull();
  });

  it("shows one progress figure while analysing: the bar's", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": { body: { comparison: running(0) } },
    });
    renderApp("/compare?id=8");
    const bar = await screen.findByRole("progressbar", { name: "Comparison progress" });
    const panel = screen.getByTestId("compare-progress");
    expect(panel.textContent?.match(/\d+\s*%/g)).toEqual([`${bar.getAttribute("aria-valuenow")}%`]);
  });
});

describe("the compare form", () => {
  it("Reset clears both videos and the error, in one press", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits: 4 } } });
    renderApp("/compare");
    const submit = await screen.findByRole("button", { name: "Compare Videos" });
    expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    // Submitting without a performance video: an error under the form.
    fireEvent.submit(submit.closest("form") as HTMLFormElement);
    expect((await screen.findByRole("alert")).textContent).toBe("Please upload your dance performance video");
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    expect(screen.getAllByTestId("picked-file").map((f) => f.textContent)).toEqual(["ref.mp4", "me.mp4"]);

    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    expect(screen.queryAllByTestId("picked-file")).toHaveLength(0);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Reset" })).toBeNull();
    expect((screen.getByRole("button", { name: "Compare Videos" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a video dropped on a drop zone is picked, and the zone lights up while it hovers", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits: 4 } } });
    renderApp("/compare");
    await screen.findByRole("button", { name: "Compare Videos" });
    const zone = screen.getByLabelText("Reference video file").closest("div")?.querySelector("label") as HTMLElement;
    const before = zone.className;
    fireEvent.dragOver(zone);
    expect(zone.className).not.toBe(before);
    fireEvent.drop(zone, { dataTransfer: { files: [clip("dropped.mp4")] } });
    expect(screen.getAllByTestId("picked-file").map((f) => f.textContent)).toEqual(["dropped.mp4"]);
  });

  it("at 0 credits with a video picked, the purchase link opens a new tab so the video stays; bought there, Compare wakes up", async () => {
    storeSession();
    let credits = 0;
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": () => ({ body: { credits } }) });
    renderApp("/compare");
    const link = await screen.findByRole("link", { name: /Purchase more credits/ }, { timeout: 5000 });
    expect(link.getAttribute("target")).toBeNull();
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    expect(screen.getByRole("link", { name: /Purchase more credits/ }).getAttribute("target")).toBe("_blank");
    const submit = screen.getByRole("button", { name: "Compare Videos" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    // Credits bought in the other tab: back here, the balance is asked again.
    credits = 5;
    act(() => {
      window.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(screen.getAllByTestId("picked-file")).toHaveLength(2);
  }, 15_000);

  it("someone filming a group is offered a group rehearsal, which opens the rehearsal form", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/groups": { body: { groups: [] } },
      "GET /api/rehearsals": { body: { rehearsals: [] } },
    });
    renderApp("/compare");
    const entry = await screen.findByTestId("group-rehearsal-entry");
    expect(entry.textContent).toContain("Filming a group?");
    const link = within(entry).getByRole("link", { name: "Analyse a group rehearsal" });
    expect(link.getAttribute("href")).toBe("/rehearsals/new");
    fireEvent.click(link);
    expect(await screen.findByRole("heading", { level: 1, name: "Analyse a rehearsal" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/rehearsals/new");
  });

  it("before the address is confirmed: says so, keeps the picked videos, and Compare stays off", async () => {
    const unconfirmed = { ...testUser, email_verified: false };
    storeSession(unconfirmed);
    mockFetch({ ...sessionRoutes(unconfirmed), "GET /api/credits/balance": { body: { credits: 10 } } });
    renderApp("/compare");
    const submit = await screen.findByRole("button", { name: "Compare Videos" });
    expect(await screen.findByText(COMPARE_MESSAGES.confirmEmailFirst)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    expect(screen.getAllByTestId("picked-file").map((f) => f.textContent)).toEqual(["ref.mp4", "me.mp4"]);
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a comparison started from the form", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("takes its own address at once, tells the time left while analysed, and shows its result with no dialog over it", async () => {
    stubRecordingAndUpload(class {});
    storeSession();
    // Queued, then 10 % after 5 s of analysis, then 30 % after 15 s.
    const answers = [running(0, null), running(10, 5), running(30, 15), done];
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare");
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    fireEvent.click(screen.getByRole("button", { name: "Compare Videos" }));

    // Uploaded: the address is the comparison's (a reload or a bookmark finds it).
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare?id=8"));
    const dialog = await screen.findByRole("dialog", { name: "Video Comparison Processing" });
    // One story: the result opens here and stays in History (no "visit the history page" beside "it opens here").
    expect(within(dialog).getByText(COMPARE_MESSAGES.processing)).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Visit comparison-history|You can leave this page/);
    const timeLeft = () => within(dialog).getByTestId("time-left").textContent;
    await waitFor(() => expect(timeLeft()).toBe("Waiting for its turn…"));
    // From the first report of its running attempt: 10 % in 5 s, 90 to go.
    await waitFor(() => expect(timeLeft()).toBe("About 45 s left"), { timeout: 3000 });
    await waitFor(() => expect(timeLeft()).toBe("About 35 s left"), { timeout: 3000 });
    // View Results goes to the result (this address), not to History.
    fireEvent.click(within(dialog).getByRole("button", { name: "View Results" }));
    expect(screen.getByTestId("location").textContent).toBe("/compare?id=8");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("time-left")).toBeTruthy();

    expect(await screen.findByTestId("comparison-result", {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByTestId("location").textContent).toBe("/compare?id=8");
  }, 15_000);

  it("a take analysed in full though it came with live poses says why once: in the processing dialog, then on the page", async () => {
    stubRecordingAndUpload(class {});
    storeSession();
    const answers = [
      { ...running(10, 5), take_track: "unused" as const },
      { ...running(30, 15), take_track: "unused" as const },
      { ...done, take_track: "unused" as const },
    ];
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": () => ({ body: { comparison: answers.length > 1 ? answers.shift() : answers[0] } }),
    });
    renderApp("/compare");
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    fireEvent.click(screen.getByRole("button", { name: "Compare Videos" }));
    const dialog = await screen.findByRole("dialog", { name: "Video Comparison Processing" });
    await waitFor(() => expect(within(dialog).getByTestId("live-estimate")).toBeTruthy());
    expect(screen.getAllByTestId("live-estimate")).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay Here" }));
    expect(screen.getAllByTestId("live-estimate")).toHaveLength(1);
    expect(screen.getByTestId("live-estimate").textContent).toMatch(/^The live score was an estimate and is not used/);
    await screen.findByTestId("comparison-result", {}, { timeout: 6000 });
    expect(screen.getAllByTestId("live-estimate")).toHaveLength(1);
  }, 15_000);

  it("failed: back to the form with why, the picked videos still there", async () => {
    stubRecordingAndUpload(class {});
    storeSession();
    mockFetch(failedComparisonRoutes());
    renderApp("/compare");
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    fireEvent.click(screen.getByRole("button", { name: "Compare Videos" }));
    expect(await screen.findByText("No person was found in your video.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/compare"));
    await waitFor(() =>
      expect(screen.getAllByTestId("picked-file").map((f) => f.textContent)).toEqual(["ref.mp4", "me.mp4"]),
    );
  });
});

describe("a picked video the preview cannot use", () => {
  /** The preview's video element reports this, as a browser does once it has read the file. */
  function previewReports(name: string, props: { error?: { code: number }; duration?: number }, event: string) {
    const video = screen.getByLabelText(name) as HTMLVideoElement;
    for (const [key, value] of Object.entries(props)) Object.defineProperty(video, key, { configurable: true, value });
    fireEvent(video, new Event(event));
  }

  it("states the limits before anything is picked", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits: 4 } } });
    renderApp("/compare");
    await screen.findByRole("button", { name: "Compare Videos" });
    expect(screen.getAllByText("MP4, WebM, OGG or MOV · up to 500 MB and 10 minutes")).toHaveLength(2);
  });

  it("not a playable video (a text file renamed .mp4): says so at once and Compare stays off", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits: 4 } } });
    renderApp("/compare");
    const submit = await screen.findByRole("button", { name: "Compare Videos" });
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("notes.mp4")] } });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    previewReports("Your performance preview", { error: { code: 4 } }, "error");
    expect(screen.getByTestId("picked-file-problem").textContent).toContain("This file isn't a playable video");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // Another file in its place: nothing against it yet.
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    expect(screen.queryByTestId("picked-file-problem")).toBeNull();
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("longer than 10 minutes: says so before any upload and Compare stays off", async () => {
    storeSession();
    mockFetch({ ...sessionRoutes(testUser), "GET /api/credits/balance": { body: { credits: 4 } } });
    renderApp("/compare");
    const submit = await screen.findByRole("button", { name: "Compare Videos" });
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    previewReports("Reference video preview", { duration: 605 }, "loadedmetadata");
    expect(screen.getByTestId("picked-file-problem").textContent).toBe(
      "This video is 10:05 long: videos can be at most 10 minutes. Trim it, or choose a shorter one.",
    );
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    previewReports("Your performance preview", { duration: 600 }, "loadedmetadata");
    expect(screen.getAllByTestId("picked-file-problem")).toHaveLength(1);
  });
});

// ---- Dance along: the take's clock goes with the take it was measured in, and nothing else ----

class FakeRecorder {
  static isTypeSupported(type: string) {
    return type.startsWith("video/webm");
  }
  state: "inactive" | "recording" = "inactive";
  mimeType = "video/webm";
  onstart: (() => void) | null = null;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor() {
    // From here on the page's clock is the test's (the take's offset is measured on it).
    stoppedClock = performance.now();
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["take"], { type: "video/webm" }) });
    this.onstop?.();
  }
}

/** The page's clock (performance.now()): real time until a recorder is made, then moved by the test. */
let stoppedClock: number | null = null;
/** Real time plus this (the count-in's seconds pass at once when it jumps ahead). */
let skewMs = 0;

/** Moves the page's clock on, once a recorder stopped it. */
function moveClock(ms: number) {
  if (stoppedClock === null) throw new Error("no recorder has started yet");
  stoppedClock += ms;
}

function compareWithCamera() {
  stoppedClock = null;
  skewMs = 0;
  const realNow = performance.now.bind(performance);
  vi.spyOn(performance, "now").mockImplementation(() => stoppedClock ?? realNow() + skewMs);
  stubRecordingAndUpload(FakeRecorder);
  storeSession();
  mockFetch({
    ...sessionRoutes(testUser),
    "GET /api/credits/balance": { body: { credits: 4 } },
    "GET /api/comparisons/8": { body: { comparison: running(0) } },
  });
  renderApp("/compare");
}

/** Records a take in the dialog, along with the reference (after its count-in) or not. */
async function recordTake({ danceAlong }: { danceAlong: boolean }) {
  fireEvent.click(await screen.findByRole("button", { name: /Record (with camera|again)/ }));
  const dialog = await screen.findByRole("dialog", { name: "Record your performance" });
  const preview = within(dialog).getByLabelText("Camera preview") as HTMLVideoElement;
  await waitFor(() => expect(preview.onloadedmetadata).toBeTruthy());
  await act(async () => preview.onloadedmetadata?.(new Event("loadedmetadata")));
  const along = within(dialog).getByRole("switch", { name: "Dance along" });
  if ((along.getAttribute("aria-checked") === "true") !== danceAlong) fireEvent.click(along);
  const start = within(dialog).getByRole("button", { name: "Start Recording" });
  await waitFor(() => expect(start).toHaveProperty("disabled", false));
  stoppedClock = null;
  fireEvent.click(start);
  // The count-in times its steps on the page's clock: jumped ahead, it ends after its first second.
  if (danceAlong) skewMs += 3000;
  const stop = await within(dialog).findByRole("button", { name: "Stop Recording" });
  if (danceAlong) {
    // The reference took 0.2 s to play after the recorder started: 0.3 s in, it shows 0.1 s.
    const reference = within(dialog).getByLabelText("Dance-along reference") as HTMLVideoElement;
    moveClock(300);
    reference.currentTime = 0.1;
    fireEvent(reference, new Event("timeupdate"));
  }
  moveClock(2000);
  fireEvent.click(stop);
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Record your performance" })).toBeNull());
}

async function submit(): Promise<FormData> {
  const before = FakeXhr.sent.length;
  fireEvent.click(screen.getByRole("button", { name: "Compare Videos" }));
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(before + 1));
  return FakeXhr.sent[before] as FormData;
}

describe("a take recorded with dance along", () => {
  it("is uploaded with its clock: where the reference's start played in it", async () => {
    compareWithCamera();
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    await recordTake({ danceAlong: true });
    expect(screen.getByTestId("picked-file-note").textContent).toContain("Danced along with the reference");
    const form = await submit();
    expect(form.get("user_video")).toBeInstanceOf(File);
    expect((form.get("user_video") as File).name).toMatch(/^recording-/);
    expect(form.get("take_offset_s")).toBe("0.200");
  }, 15_000);

  it("danced to another reference than the one now chosen, it goes without it", async () => {
    compareWithCamera();
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    await recordTake({ danceAlong: true });
    fireEvent.change(screen.getByLabelText("Reference video file"), { target: { files: [clip("other.mp4")] } });
    expect(screen.queryByTestId("picked-file-note")).toBeNull();
    const form = await submit();
    expect((form.get("user_video") as File).name).toMatch(/^recording-/);
    expect(form.has("take_offset_s")).toBe(false);
  }, 15_000);

  it("a file from disk put in the take's place goes without it", async () => {
    compareWithCamera();
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    await recordTake({ danceAlong: true });
    expect(screen.getByRole("button", { name: "Record again" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Your performance video file"), { target: { files: [clip("me.mp4")] } });
    expect(screen.queryByTestId("picked-file-note")).toBeNull();
    // Nothing of the file from disk was recorded here: the camera is offered afresh, not "again".
    expect(screen.getByRole("button", { name: "Record with camera" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Record again" })).toBeNull();
    const form = await submit();
    expect((form.get("user_video") as File).name).toBe("me.mp4");
    expect(form.has("take_offset_s")).toBe(false);
  }, 15_000);

  it("a take recorded without dancing along goes without it", async () => {
    compareWithCamera();
    fireEvent.change(await screen.findByLabelText("Reference video file"), { target: { files: [clip("ref.mp4")] } });
    await recordTake({ danceAlong: false });
    expect(screen.queryByTestId("picked-file-note")).toBeNull();
    const form = await submit();
    expect((form.get("user_video") as File).name).toMatch(/^recording-/);
    expect(form.has("take_offset_s")).toBe(false);
  }, 15_000);
});
