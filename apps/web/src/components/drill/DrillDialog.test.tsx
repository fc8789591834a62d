/**
 * The drill dialog as the dancer goes through it: the count-in, each pass played from its lead-in
 * at the drill's speed and given its verdict, the streak, full speed after three Great in a row,
 * mastered after three more, and the practice kept. The browser's camera and workers, which
 * happy-dom does not have, stand in as the browser behaves; the live scorer's worker answers what
 * the engine would (its judging has its own tests: drill-pass.test.ts).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test/utils";
import { MoveList } from "../../pages/compare/MoveList";
import { LiveSummary } from "../recording/LiveVerdicts";
import { DrillDialog } from "./DrillDialog";
import { DrillHost } from "./DrillHost";
import { BETWEEN_PASSES_MS } from "./useDrill";

class FakeWorker {
  static instances: FakeWorker[] = [];
  url: string;
  sent: Array<{ type: string; rate?: number; takeOffset?: number }> = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  constructor(url: URL | string) {
    this.url = String(url);
    FakeWorker.instances.push(this);
  }
  postMessage(message: { type: string }) {
    this.sent.push(message);
  }
  terminate() {}
  reply(data: unknown) {
    act(() => this.onmessage?.({ data }));
  }
}

const scorer = () => FakeWorker.instances.find((w) => w.url.includes("live-score")) as FakeWorker;

beforeEach(() => {
  vi.useFakeTimers();
  FakeWorker.instances = [];
  vi.stubGlobal("Worker", FakeWorker);
  const tracks = [{ stop: vi.fn() }];
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => Object.assign(new MediaStream(), { getTracks: () => tracks })) },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const move = { start_s: 3.2, end_s: 4.1, count_label: "3–4" };
/** The analysis as the server answers it (the stand-in scorer does not read it). */
const analysis = { engine_version: "test", track: {}, counting: { moves: [] } };

function withQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function routes(analysisAnswer: { status?: number; body: unknown } = { body: analysis }) {
  return mockFetch({
    "GET /api/reference-videos/12/analysis": analysisAnswer,
    "POST /api/progress/drills": { status: 201, body: {} },
    "GET /api/progress/drills": { body: { reference_video_id: 12, moves: [] } },
  });
}

async function openDrill(onClose: () => void = () => undefined) {
  const { calls } = routes();
  const view = withQueries(
    <DrillDialog open onClose={onClose} reference={{ videoId: 12 }} referenceUrl="/ref.mp4" move={move} />,
  );
  // The camera (its metadata fallback) and the analysis; then the scorer says it is ready.
  await act(() => vi.advanceTimersByTimeAsync(5_000));
  scorer().reply({ type: "ready" });
  const dialog = screen.getByRole("dialog", { name: "Drill counts 3–4" });
  const reference = within(dialog).getByLabelText("Dance-along reference") as HTMLVideoElement;
  return { dialog, reference, calls, view };
}

/** The reference reaches the pass's end, and the scorer answers the move's verdict. */
async function endPass(reference: HTMLVideoElement, verdict: string) {
  reference.currentTime = 4.8;
  fireEvent(reference, new Event("timeupdate"));
  expect(scorer().sent.at(-1)?.type).toBe("finish");
  scorer().reply({ type: "finished", moves: [{ verdict }], score: null, track: null });
  await act(() => vi.advanceTimersByTimeAsync(BETWEEN_PASSES_MS));
}

const text = (dialog: HTMLElement, id: string) => within(dialog).queryByTestId(id)?.textContent ?? null;

describe("drilling a move", () => {
  it("loops the move at half speed until three Great in a row, then at full speed until it is mastered, and keeps the practice", async () => {
    const { dialog, reference, calls } = await openDrill();
    expect(text(dialog, "drill-speed")).toContain("Half speed");
    expect(text(dialog, "drill-streak")).toBe("0 of 3 Great in a row");
    const start = within(dialog).getByRole("button", { name: "Start" });
    fireEvent.click(start);

    // A count-in before the first pass, the reference waiting.
    expect(within(dialog).getByTestId("count-in").getAttribute("aria-label")).toBe("The move starts in 3");
    expect(reference.paused).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(within(dialog).queryByTestId("count-in")).toBeNull();
    // The pass: from a second before the move, at half speed, judged at the music's pace.
    expect(reference.paused).toBe(false);
    expect(reference.currentTime).toBeCloseTo(2.2, 5);
    expect(reference.playbackRate).toBe(0.5);
    expect(scorer().sent.filter((m) => m.type === "begin")).toHaveLength(1);
    expect(within(dialog).getByRole("button", { name: "Stop" })).toBeTruthy();

    // The reference took 0.1 s to start: 0.4 s into the pass it shows 0.15 s past the lead-in's start
    // (0.3 s of the dancer's time at half speed). The move's start (1 s of lead-in, 2 s at half speed)
    // then played 2.1 s into the pass: the scorer is told so, and the pace.
    await act(() => vi.advanceTimersByTimeAsync(400));
    reference.currentTime = 2.35;
    fireEvent(reference, new Event("timeupdate"));
    await endPass(reference, "good");
    const offset = scorer().sent.find((m) => m.type === "offset");
    expect(offset?.rate).toBe(0.5);
    expect(offset?.takeOffset).toBeCloseTo(2.1, 3);
    expect(within(dialog).getByTestId("drill-verdict").textContent).toContain("Good");
    expect(text(dialog, "drill-streak")).toBe("0 of 3 Great in a row");
    // The next pass starts by itself.
    expect(scorer().sent.filter((m) => m.type === "begin")).toHaveLength(2);
    await endPass(reference, "great");
    expect(text(dialog, "drill-streak")).toBe("1 of 3 Great in a row");
    await endPass(reference, "perfect");
    expect(text(dialog, "drill-streak")).toBe("2 of 3 Great in a row");
    await endPass(reference, "great");

    // Three in a row: full speed, said clearly.
    expect(text(dialog, "drill-message")).toBe("3 Great in a row at half speed: now at full speed.");
    expect(text(dialog, "drill-speed")).toContain("Full speed");
    expect(reference.playbackRate).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(400));
    reference.currentTime = 2.5;
    fireEvent(reference, new Event("timeupdate"));
    await endPass(reference, "great");
    // At full speed the lead-in lasts 1 s: 0.4 s in, the reference showed 0.3 s past its start.
    const fast = scorer()
      .sent.filter((m) => m.type === "offset")
      .at(-1);
    expect(fast?.rate).toBe(1);
    expect(fast?.takeOffset).toBeCloseTo(1.1, 3);
    for (const v of ["great", "perfect"]) await endPass(reference, v);

    expect(text(dialog, "drill-message")).toBe("Mastered: counts 3–4 scored Great 3 times in a row at full speed.");
    expect(reference.paused).toBe(true);
    expect(within(dialog).queryByRole("button", { name: /Start/ })).toBeNull();
    const passes = within(dialog).getByRole("list", { name: "Passes" });
    expect([...passes.querySelectorAll("li")].map((li) => li.dataset.verdict)).toEqual([
      "good",
      "great",
      "perfect",
      "great",
      "great",
      "great",
      "perfect",
    ]);
    // Kept in the routine's progress, once.
    const saved = calls.filter((c) => c.method === "POST" && c.path === "/api/progress/drills");
    expect(saved.map((c) => c.body)).toEqual([
      {
        reference_video_id: 12,
        start_s: 3.2,
        end_s: 4.1,
        count_label: "3–4",
        passes_half: 4,
        passes_full: 3,
        best_streak_half: 3,
        best_streak_full: 3,
        mastered: true,
      },
    ]);
  });

  it("stops any time (the pass in progress is not counted) and keeps what was danced when closed", async () => {
    let close: () => void = () => undefined;
    const { dialog, reference, calls, view } = await openDrill(() => close());
    fireEvent.click(within(dialog).getByRole("button", { name: "Start" }));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await endPass(reference, "great");
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop" }));
    expect(reference.paused).toBe(true);
    expect(text(dialog, "drill-streak")).toBe("1 of 3 Great in a row");
    expect(within(dialog).getByRole("button", { name: "Start again" })).toHaveProperty("disabled", false);
    close = () => view.unmount();
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    const saved = calls.filter((c) => c.method === "POST" && c.path === "/api/progress/drills");
    expect(saved.map((c) => c.body)).toMatchObject([{ passes_half: 1, best_streak_half: 1, mastered: false }]);
  });

  it("says why when there is no camera, and offers no start", async () => {
    Object.defineProperty(navigator, "mediaDevices", {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => {
          throw Object.assign(new Error("denied"), { name: "NotAllowedError" });
        }),
      },
    });
    routes();
    withQueries(
      <DrillDialog open onClose={() => undefined} reference={{ videoId: 12 }} referenceUrl="/ref.mp4" move={move} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    const dialog = screen.getByRole("dialog", { name: "Drill counts 3–4" });
    expect(within(dialog).getByRole("alert").textContent).toMatch(/camera/i);
    expect(within(dialog).queryByRole("button", { name: "Start" })).toBeNull();
  });
});

describe("Drill on a result's moves", () => {
  const moves = [
    {
      index: 0,
      count_label: "3–4",
      start_s: 3.2,
      end_s: 4.1,
      verdict: "good" as const,
      score: 80,
      timing_ms: 40,
      cue: null,
    },
  ];
  const list = (
    <MoveList
      moves={moves as never}
      jumpedMove={null}
      loopingMove={null}
      onJump={() => undefined}
      onLoop={() => undefined}
      label="Moves"
    />
  );

  it("is offered against a library video with an analysis, and opens the drill of that move", async () => {
    routes();
    withQueries(
      <>
        {list}
        <DrillHost reference={{ videoId: 12 }} referenceUrl="/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole("button", { name: "Drill counts 3–4" }));
    expect(screen.getByRole("dialog", { name: "Drill counts 3–4" })).toBeTruthy();
  });

  it("is offered against an uploaded reference once the result's own reference analysis is there", async () => {
    const { calls } = mockFetch({ "GET /api/comparisons/40/reference-analysis": { body: analysis } });
    withQueries(
      <>
        {list}
        <DrillHost reference={{ comparisonId: 40 }} referenceUrl="/uploads/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole("button", { name: "Drill counts 3–4" }));
    expect(screen.getByRole("dialog", { name: "Drill counts 3–4" })).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain("/api/comparisons/40/reference-analysis");
  });

  it("is not offered while the reference is not analysed, nor without a playable reference", async () => {
    routes({ status: 404, body: { error: "not analysed" } });
    const view = withQueries(
      <>
        {list}
        <DrillHost reference={{ videoId: 12 }} referenceUrl="/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole("button", { name: /Drill/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Loop counts 3–4" })).toBeTruthy();
    view.unmount();
    routes();
    withQueries(
      <>
        {list}
        <DrillHost reference={{ videoId: 12 }} referenceUrl={null} />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole("button", { name: /Drill/ })).toBeNull();
  });
});

describe("Drill from a take's live summary", () => {
  const live = (index: number, verdict: "perfect" | "great" | "good" | "ok" | "miss", score: number) => ({
    index,
    count_label: `${2 * index + 1}–${2 * index + 2}`,
    start_s: index,
    end_s: index + 1,
    verdict,
    score,
    shape: score,
    timing_ms: 0,
    user_start_s: index,
    mirrored: false,
    parts: {},
    judged_at_s: index + 1.2,
  });
  const takeMoves = [
    live(0, "great", 88),
    live(1, "ok", 62),
    live(2, "miss", 30),
    live(3, "perfect", 97),
    live(4, "good", 78),
    live(5, "ok", 60),
  ];
  const score = { overall: 72, shape: 80, timing: 60, judged: 6, total: 6, sameness: "same" as const };

  it("offers the three weakest moves below Great, in the take's order, each opening its drill", async () => {
    routes();
    withQueries(
      <>
        <LiveSummary moves={takeMoves} score={score} />
        <DrillHost reference={{ videoId: 12 }} referenceUrl="/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    const list = screen.getByRole("list", { name: "Moves to drill" });
    // counts 3–4 (62) and 11–12 (60) and 5–6 (30); counts 9–10 (Good, 78) is the fourth weakest.
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Drill counts 3–4", "Drill counts 5–6", "Drill counts 11–12"]);
    fireEvent.click(within(list).getByRole("button", { name: "Drill counts 5–6" }));
    expect(screen.getByRole("dialog", { name: "Drill counts 5–6" })).toBeTruthy();
  });

  it("offers nothing when every move was Great or better, without a drill host, or inside another dialog", async () => {
    routes();
    const view = withQueries(
      <>
        <LiveSummary moves={[live(0, "great", 90), live(1, "perfect", 98)]} score={score} />
        <DrillHost reference={{ videoId: 12 }} referenceUrl="/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId("live-summary")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Moves to drill" })).toBeNull();
    view.unmount();

    const alone = withQueries(<LiveSummary moves={takeMoves} score={score} />);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole("list", { name: "Moves to drill" })).toBeNull();
    alone.unmount();

    withQueries(
      <>
        <LiveSummary moves={takeMoves} score={score} drills={false} />
        <DrillHost reference={{ videoId: 12 }} referenceUrl="/ref.mp4" />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTestId("live-summary")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Moves to drill" })).toBeNull();
  });
});
