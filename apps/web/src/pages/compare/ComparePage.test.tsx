import type { ComparisonDetail } from "@stepsync/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeComparisonDetail } from "../../test/comparison-fixtures";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const running = (progress: number): ComparisonDetail =>
  makeComparisonDetail({
    id: 8,
    activity_type: "ballet",
    status: "processing",
    progress,
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
    overallFeedback: "Very good: lift the left arm a little higher.",
    jointSpecificFeedback: {},
    problematicJoints: [],
    scores: null,
    same_routine: null,
    moves: null,
    counts: null,
  },
};

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
    const bar = await screen.findByRole("progressbar", { name: "Comparison progress" });
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
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/credits/balance": { body: { credits: 4 } },
      "GET /api/comparisons/8": {
        body: { comparison: { ...running(0), status: "failed", error: "No person was found in your video." } },
      },
    });
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
    const clip = (name: string) => new File([new Uint8Array(64)], name, { type: "video/mp4" });
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
});
