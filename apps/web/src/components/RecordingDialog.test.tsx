import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render as renderBare, screen, within } from "@testing-library/react";
import { REFERENCE_ANALYSIS_MESSAGES } from "@stepsync/contracts";
import type { ReactElement } from "react";
import { type MockHandler, mockFetch } from "../test/utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RecordingDialog } from "./RecordingDialog";

/** Rendered as the app renders it: inside a query client (the dialog loads a reference's analysis). */
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (el: ReactElement) => <QueryClientProvider client={client}>{el}</QueryClientProvider>;
  const view = renderBare(wrap(ui));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next)) };
}

// The browser's camera, recorder and workers, which happy-dom does not have, stand in here as the
// browser behaves: getUserMedia answers a stream, the recorder starts a moment after start() (its
// start event), and a worker only records what it is sent.

/** MediaRecorder: `start` fires a moment after start(), as real recorders do. */
class FakeRecorder {
  static instances: FakeRecorder[] = [];
  static readonly START_LATENCY_MS = 40;
  static isTypeSupported(type: string) {
    return type.startsWith("video/webm");
  }
  state: "inactive" | "recording" = "inactive";
  mimeType: string;
  onstart: (() => void) | null = null;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: MediaStream, options: { mimeType: string }) {
    this.mimeType = options.mimeType;
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = "recording";
    setTimeout(() => this.onstart?.(), FakeRecorder.START_LATENCY_MS);
  }
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["take"], { type: "video/webm" }) });
    this.onstop?.();
  }
}

class FakeWorker {
  static instances: FakeWorker[] = [];
  url: string;
  terminated = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  constructor(url: URL | string) {
    this.url = String(url);
    FakeWorker.instances.push(this);
  }
  postMessage() {}
  terminate() {
    this.terminated = true;
  }
  /** What the worker would answer. */
  reply(data: unknown) {
    act(() => this.onmessage?.({ data }));
  }
}

/** The camera's tracks of the last stream handed out (released on stop and close). */
let cameraTracks: Array<{ stop: ReturnType<typeof vi.fn> }> = [];

/** A stream as getUserMedia answers it (happy-dom's MediaStream has no tracks of its own). */
function cameraStream(): MediaStream {
  cameraTracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
  const tracks = cameraTracks;
  return Object.assign(new MediaStream(), { getTracks: () => tracks });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeRecorder.instances = [];
  FakeWorker.instances = [];
  vi.stubGlobal("MediaRecorder", FakeRecorder);
  vi.stubGlobal("Worker", FakeWorker);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => cameraStream()) },
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const REFERENCE = "/uploads/reference.mp4";

/** Opens the dialog and waits for the camera to be ready (the metadata fallback passes). */
async function openDialog(referenceUrl: string | null = REFERENCE) {
  const onRecorded = vi.fn();
  const view = render(
    <RecordingDialog open onClose={() => undefined} onRecorded={onRecorded} referenceUrl={referenceUrl} />,
  );
  await act(() => vi.advanceTimersByTimeAsync(5_000));
  const dialog = screen.getByRole("dialog", { name: "Record your performance" });
  const startButton = within(dialog).getByRole("button", { name: "Start Recording" });
  expect(startButton).toHaveProperty("disabled", false);
  return { dialog, startButton, onRecorded, view };
}

const referenceVideo = (dialog: HTMLElement) =>
  within(dialog).queryByLabelText("Dance-along reference") as HTMLVideoElement | null;
const clock = (dialog: HTMLElement) => within(dialog).queryByRole("timer", { name: "Recording time" })?.textContent;

describe("dancing along in the recording dialog", () => {
  it("is on with a reference chosen, and shows the reference mirrored until the mirror is turned off", async () => {
    const { dialog } = await openDialog();
    const toggle = within(dialog).getByRole("switch", { name: "Dance along" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    const mirror = within(dialog).getByRole("button", { name: "Mirror" });
    expect(mirror.getAttribute("aria-pressed")).toBe("true");
    const reference = referenceVideo(dialog);
    expect(reference?.getAttribute("src")).toBe(REFERENCE);
    expect(reference?.className).toContain("-scale-x-100");
    expect(reference?.muted).toBe(false);

    fireEvent.click(mirror);
    expect(mirror.getAttribute("aria-pressed")).toBe("false");
    expect(referenceVideo(dialog)?.className).not.toContain("-scale-x-100");

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(referenceVideo(dialog)).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Mirror" })).toBeNull();
  });

  it("counts 3-2-1, then starts the recorder and, with it, the reference from its start", async () => {
    const { dialog, startButton, onRecorded } = await openDialog();
    const reference = referenceVideo(dialog) as HTMLVideoElement;
    reference.currentTime = 2.5; // e.g. left there by an earlier look
    fireEvent.click(startButton);

    const countIn = () => within(dialog).queryByTestId("count-in");
    expect(countIn()?.textContent).toContain("3");
    expect(countIn()?.getAttribute("aria-label")).toBe("Recording starts in 3");
    expect(reference.currentTime).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(countIn()?.textContent).toContain("2");
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(countIn()?.textContent).toContain("1");
    // Nothing is recorded and nothing plays during the count-in.
    expect(FakeRecorder.instances).toHaveLength(0);
    expect(reference.paused).toBe(true);
    expect(clock(dialog)).toBeUndefined();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(countIn()).toBeNull();
    expect(FakeRecorder.instances).toHaveLength(1);
    const recorder = FakeRecorder.instances[0] as FakeRecorder;
    expect(recorder.state).toBe("recording");
    // The take captures from start(): the reference starts with it, not when the recorder's start
    // event comes (a moment later), which would leave the dancer behind by that moment.
    expect(reference.paused).toBe(false);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);

    await act(() => vi.advanceTimersByTimeAsync(FakeRecorder.START_LATENCY_MS));
    expect(reference.currentTime).toBe(0);
    expect(reference.muted).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(clock(dialog)).toBe("00:02");

    // Stop ends both and hands back the take.
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop Recording" }));
    expect(recorder.state).toBe("inactive");
    expect(reference.paused).toBe(true);
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const file = onRecorded.mock.calls[0]?.[0] as File;
    expect(file.name).toMatch(/^recording-[\dT-]+\.webm$/);
    expect(file.type).toBe("video/webm");
    for (const track of cameraTracks) expect(track.stop).toHaveBeenCalled();
  });

  it("hands back the take with its clock: where the reference's start played in it", async () => {
    const { dialog, startButton, onRecorded } = await openDialog();
    const reference = referenceVideo(dialog) as HTMLVideoElement;
    fireEvent.click(startButton);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(FakeRecorder.instances).toHaveLength(1);
    // The reference took 0.15 s to really play after the recorder started: 0.4 s into the take it
    // shows 0.25 s (and a second later, 1.25 s).
    await act(() => vi.advanceTimersByTimeAsync(400));
    reference.currentTime = 0.25;
    fireEvent(reference, new Event("timeupdate"));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    reference.currentTime = 1.25;
    fireEvent(reference, new Event("timeupdate"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop Recording" }));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect(onRecorded.mock.calls[0]?.[0]).toBeInstanceOf(File);
    expect(onRecorded.mock.calls[0]?.[1]).toBe(0.15);
  });

  it("a take recorded without dancing along, or without a reference, has no clock", async () => {
    const first = await openDialog(null);
    fireEvent.click(first.startButton);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fireEvent.click(within(first.dialog).getByRole("button", { name: "Stop Recording" }));
    expect(first.onRecorded).toHaveBeenCalledWith(expect.any(File), null, null);
    first.view.unmount();

    const second = await openDialog();
    fireEvent.click(within(second.dialog).getByRole("switch", { name: "Dance along" }));
    fireEvent.click(second.startButton);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fireEvent.click(within(second.dialog).getByRole("button", { name: "Stop Recording" }));
    expect(second.onRecorded).toHaveBeenCalledWith(expect.any(File), null, null);
  });

  it("lets the count-in be stopped before anything is recorded", async () => {
    const { dialog, startButton } = await openDialog();
    fireEvent.click(startButton);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.click(within(dialog).getByRole("button", { name: "Stop count-in" }));
    expect(within(dialog).queryByTestId("count-in")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeRecorder.instances).toHaveLength(0);
    expect(within(dialog).getByRole("button", { name: "Start Recording" })).toHaveProperty("disabled", false);
  });

  it("records at once, without a count-in, when there is no reference or dancing along is off", async () => {
    const first = await openDialog(null);
    expect(within(first.dialog).queryByRole("switch", { name: "Dance along" })).toBeNull();
    fireEvent.click(first.startButton);
    expect(within(first.dialog).queryByTestId("count-in")).toBeNull();
    expect(FakeRecorder.instances).toHaveLength(1);
    first.view.unmount();

    const second = await openDialog();
    fireEvent.click(within(second.dialog).getByRole("switch", { name: "Dance along" }));
    fireEvent.click(second.startButton);
    expect(within(second.dialog).queryByTestId("count-in")).toBeNull();
    expect(FakeRecorder.instances).toHaveLength(2);
  });
});

describe("practising a part of the reference", () => {
  it("dances along with just that span: from its start after the count-in, and the take ends with it", async () => {
    const onRecorded = vi.fn();
    const part = { start_s: 4, end_s: 6, label: "counts 5–6" };
    render(
      <RecordingDialog open onClose={() => undefined} onRecorded={onRecorded} referenceUrl={REFERENCE} part={part} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const dialog = screen.getByRole("dialog", { name: "Practise counts 5–6" });
    const reference = referenceVideo(dialog) as HTMLVideoElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "Start Recording" }));
    expect(reference.currentTime).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(reference.paused).toBe(false);
    expect(reference.currentTime).toBe(4);
    const recorder = FakeRecorder.instances[0] as FakeRecorder;

    // Halfway nothing stops; at the part's end the reference and the take stop together.
    // (It began 0.1 s after the recorder: at 1.1 s into the take it shows 5 s, the part's 1 s.)
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    reference.currentTime = 5;
    fireEvent(reference, new Event("timeupdate"));
    expect(recorder.state).toBe("recording");
    reference.currentTime = 6.1;
    fireEvent(reference, new Event("timeupdate"));
    expect(recorder.state).toBe("inactive");
    expect(reference.paused).toBe(true);
    expect(onRecorded).toHaveBeenCalledTimes(1);
    // The take's clock is the part's: where its start played in the take.
    expect(onRecorded.mock.calls[0]?.[1]).toBe(0.1);
  });
});

describe("the live skeleton's pose model", () => {
  it("loads only when the dialog opens, and stops when it closes", async () => {
    const props = { onClose: () => undefined, onRecorded: () => undefined, referenceUrl: REFERENCE };
    const view = render(<RecordingDialog open={false} {...props} />);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeWorker.instances).toHaveLength(0);

    view.rerender(<RecordingDialog open {...props} />);
    expect(FakeWorker.instances).toHaveLength(1);
    const worker = FakeWorker.instances[0] as FakeWorker;
    expect(worker.url).toMatch(/pose\.worker/);
    expect(screen.getByTestId("live-pose-note").textContent).toBe("Loading body tracking…");
    worker.reply({ type: "ready", backend: "wasm" });
    expect(screen.getByTestId("live-pose-note").textContent).toContain("Body tracking on");

    view.rerender(<RecordingDialog open={false} {...props} />);
    expect(worker.terminated).toBe(true);
    expect(FakeWorker.instances).toHaveLength(1);
  });

  it("when it cannot load, says so quietly and recording still works", async () => {
    const { dialog, startButton } = await openDialog();
    const worker = FakeWorker.instances[0] as FakeWorker;
    worker.reply({ type: "error", message: "no WebAssembly here" });
    expect(worker.terminated).toBe(true);
    expect(within(dialog).getByTestId("live-pose-note").textContent).toBe(
      "Body tracking isn't available on this device. Recording still works.",
    );
    expect(within(dialog).queryByRole("alert")).toBeNull();
    fireEvent.click(startButton);
    await act(() => vi.advanceTimersByTimeAsync(3_000 + FakeRecorder.START_LATENCY_MS));
    expect(FakeRecorder.instances).toHaveLength(1);
    expect(clock(dialog)).toBe("00:00");
  });
});

describe("live scoring while dancing along", () => {
  const note = (dialog: HTMLElement) => within(dialog).queryByTestId("live-scoring-note")?.textContent;
  const scoreWorkers = () => FakeWorker.instances.filter((w) => /live-score\.worker/.test(w.url));

  async function openWith(
    live: { videoId: number | null },
    analysisAnswer?: MockHandler,
    routes: Record<string, MockHandler> = {},
  ) {
    if (analysisAnswer)
      mockFetch({ [`GET /api/reference-videos/${live.videoId}/analysis`]: analysisAnswer, ...routes });
    render(
      <RecordingDialog
        open
        onClose={() => undefined}
        onRecorded={() => undefined}
        referenceUrl={REFERENCE}
        live={live}
      />,
    );
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    return screen.getByRole("dialog", { name: "Record your performance" });
  }

  it("says plainly when live scoring comes for a file just picked (with its comparison's analysis), and records as before", async () => {
    const dialog = await openWith({ videoId: null });
    expect(note(dialog)).toBe(
      "A file you pick is analysed with your comparison, not before: live scoring comes when you practise its parts from the result.",
    );
    expect(scoreWorkers()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Start Recording" }));
    await act(() => vi.advanceTimersByTimeAsync(3_000 + FakeRecorder.START_LATENCY_MS));
    expect(FakeRecorder.instances).toHaveLength(1);
    expect(within(dialog).queryByTestId("live-verdicts")).toBeNull();
  });

  it("for a library video still being analysed shows how far it is and when, then scores live once it is done", async () => {
    const analysis = {
      engine_version: "3",
      track: { keypointNames: [], fps: 15, frames: [], width: 640, height: 360 },
      counting: { info: {}, moves: [], sections: [] },
    };
    let status: Record<string, unknown> = { status: "pending", progress: 0, analysing_s: null };
    const dialog = await openWith(
      { videoId: 3 },
      () =>
        status.status === "ready"
          ? { body: analysis }
          : { status: 404, body: { error: REFERENCE_ANALYSIS_MESSAGES.notAnalysed } },
      { "GET /api/reference-videos/3/analysis-status": () => ({ body: status }) },
    );
    expect(note(dialog)).toBe("This video is waiting its turn to be analysed: live scoring starts once it is.");
    status = { status: "pending", progress: 42, analysing_s: 30 };
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    // 42 % in 30 s: 58 to go, about 41 s.
    expect(note(dialog)).toBe(
      "This video is being analysed (42%, about 45 s left): live scoring starts as soon as it is done.",
    );
    expect(scoreWorkers()).toHaveLength(0);
    status = { status: "ready", progress: 100, analysing_s: null };
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(scoreWorkers()).toHaveLength(1);
    expect(note(dialog)).toBe("Getting live scoring ready…");
  });

  it("gets the scorer ready before the count-in with the library video's analysis, and says it is on", async () => {
    const analysis = {
      engine_version: "3",
      track: { keypointNames: [], fps: 15, frames: [], width: 640, height: 360 },
      counting: { info: {}, moves: [], sections: [] },
    };
    const dialog = await openWith({ videoId: 3 }, { status: 200, body: analysis });
    const [worker] = scoreWorkers();
    expect(worker).toBeDefined();
    expect(note(dialog)).toBe("Getting live scoring ready…");
    worker?.reply({ type: "ready" });
    expect(note(dialog)).toBe("Live scoring on: each move's verdict shows as you dance.");
    // Not dancing along: no live scoring, no note.
    fireEvent.click(within(dialog).getByRole("switch", { name: "Dance along" }));
    expect(note(dialog)).toBeUndefined();
    expect(worker?.terminated).toBe(true);
  });
});
