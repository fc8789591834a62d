import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CompactTrack, LimbScores } from "@stepsync/contracts";
import type { Ghost } from "../../lib/ghost-pose";
import type { TimeMap } from "@stepsync/contracts";
import type { PracticeLoop } from "./practice";
import { SyncedPlayers } from "./SyncedPlayers";

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

type Size = { width: number; height: number; duration: number };
const portrait: Size = { width: 576, height: 1024, duration: 20 };

const video = (testId: "reference-player" | "user-player") => screen.getByTestId(testId) as HTMLVideoElement;

/** The file's metadata and first frame arrive, as the browser would report them. */
function load(testId: "reference-player" | "user-player", size: Size) {
  const v = video(testId);
  Object.defineProperty(v, "videoWidth", { configurable: true, value: size.width });
  Object.defineProperty(v, "videoHeight", { configurable: true, value: size.height });
  Object.defineProperty(v, "duration", { configurable: true, value: size.duration });
  fireEvent(v, new Event("loadedmetadata"));
  fireEvent(v, new Event("durationchange"));
  fireEvent(v, new Event("loadeddata"));
}

function players(
  props: Partial<{
    loop: PracticeLoop | null;
    timeMap: TimeMap;
    mirroredAtStart: boolean;
    startAt: number;
    tracks: { reference: CompactTrack; user: CompactTrack } | null;
    limbScores: LimbScores | null;
    ghost: Ghost | null;
    onStopLoop: () => void;
    onLoopHere: (t: number, focused: EventTarget | null) => void;
  }> = {},
) {
  const ui = (p: typeof props) => (
    <SyncedPlayers
      referenceUrl="/uploads/ref.mp4"
      userUrl="/uploads/user.mp4"
      timeMap={p.timeMap ?? null}
      tracks={p.tracks ?? null}
      problematicJoints={[]}
      limbScores={p.limbScores ?? null}
      ghost={p.ghost ?? null}
      loop={p.loop ?? null}
      onStopLoop={p.onStopLoop}
      onLoopHere={p.onLoopHere}
      mirroredAtStart={p.mirroredAtStart}
      startAt={p.startAt}
    />
  );
  const view = render(ui(props));
  load("reference-player", portrait);
  load("user-player", { width: 1280, height: 720, duration: 22 });
  return { ...view, update: (next: typeof props) => view.rerender(ui(next)) };
}

const key = (k: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key: k, bubbles: true, ...init });

describe("the practice controls", () => {
  it("offer 0.25 and the spec's speeds; a choice sets both videos' rate", () => {
    players();
    const speed = screen.getByRole("combobox", { name: "Speed" });
    expect(
      within(speed)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["0.25x", "0.5x", "0.75x", "Normal", "1.25x", "1.5x", "2x"]);
    fireEvent.change(speed, { target: { value: "0.25" } });
    expect(video("reference-player").playbackRate).toBe(0.25);
    expect(video("user-player").playbackRate).toBe(0.25);
  });

  it("give each video a box of its own shape", () => {
    players();
    const shape = (testId: string) => Number.parseFloat(screen.getByTestId(testId).style.aspectRatio);
    expect(shape("reference-box")).toBeCloseTo(576 / 1024);
    expect(shape("user-box")).toBeCloseTo(1280 / 720);
  });

  it("mirror flips the reference's video and skeleton together, not yours; M flips it back", () => {
    players();
    const picture = screen.getByTestId("reference-picture");
    expect(picture.contains(video("reference-player"))).toBe(true);
    expect(picture.style.transform).toBe("");
    const mirror = screen.getByRole("button", { name: "Mirror" });
    fireEvent.click(mirror);
    expect(mirror.getAttribute("aria-pressed")).toBe("true");
    expect(picture.style.transform).toBe("scaleX(-1)");
    expect(screen.getByTestId("user-picture").style.transform).toBe("");
    key("m");
    expect(picture.style.transform).toBe("");
    expect(mirror.getAttribute("aria-pressed")).toBe("false");
  });

  it("open a practised part at its start, the user video placed through the time map", () => {
    players({
      startAt: 4,
      timeMap: [
        [0, 0],
        [20, 10],
      ],
    });
    expect(video("reference-player").currentTime).toBe(4);
    expect(video("user-player").currentTime).toBeCloseTo(8);
  });

  it("start mirrored when the engine found you dancing mirror-wise", () => {
    players({ mirroredAtStart: true });
    expect(screen.getByTestId("reference-picture").style.transform).toBe("scaleX(-1)");
    expect(screen.getByRole("button", { name: "Mirror" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("play and pause with space, seek with the arrows (1 s with shift)", () => {
    players();
    const ref = video("reference-player");
    key(" ");
    expect(ref.paused).toBe(false);
    expect(video("user-player").paused).toBe(false);
    key(" ");
    expect(ref.paused).toBe(true);
    key("ArrowRight");
    expect(ref.currentTime).toBe(5);
    key("ArrowRight", { shiftKey: true });
    expect(ref.currentTime).toBe(6);
    key("ArrowLeft");
    expect(ref.currentTime).toBe(1);
    key("ArrowLeft");
    expect(ref.currentTime).toBe(0);
    // The user video follows every seek.
    key("ArrowRight");
    expect(video("user-player").currentTime).toBe(5);
  });

  it("step one frame with period and comma, paused, the user video following through the time map", () => {
    // The user starts 1 s later and dances at the same pace.
    players({
      timeMap: [
        [1, 0],
        [21, 20],
      ],
    });
    const ref = video("reference-player");
    const user = video("user-player");
    key(" ");
    ref.currentTime = 2.01; // frame 60 of a 30 fps video
    key(".");
    expect(ref.paused).toBe(true);
    expect(ref.currentTime).toBeCloseTo(61.5 / 30);
    expect(user.currentTime).toBeCloseTo(1 + 61.5 / 30);
    key(".");
    expect(Math.floor(ref.currentTime * 30)).toBe(62);
    fireEvent.click(screen.getByRole("button", { name: "Previous frame" }));
    expect(Math.floor(ref.currentTime * 30)).toBe(61);
    key(",");
    expect(Math.floor(ref.currentTime * 30)).toBe(60);
  });

  it("go a speed slower with [ and faster with ], for both videos", () => {
    players();
    const speed = screen.getByRole("combobox", { name: "Speed" }) as HTMLSelectElement;
    key("[");
    key("[");
    expect(speed.value).toBe("0.5");
    expect(video("reference-player").playbackRate).toBe(0.5);
    expect(video("user-player").playbackRate).toBe(0.5);
    for (let i = 0; i < 8; i++) key("]");
    expect(speed.value).toBe("2");
  });

  it("on a phone, put two upright videos side by side and stack a wide one", () => {
    render(
      <SyncedPlayers referenceUrl="/r.mp4" userUrl="/u.mp4" timeMap={null} tracks={null} problematicJoints={[]} />,
    );
    load("reference-player", portrait);
    load("user-player", { width: 720, height: 1280, duration: 20 });
    expect(screen.getByTestId("players").getAttribute("data-arrangement")).toBe("side");
    expect(screen.getByTestId("user-panel").getAttribute("data-placement")).toBe("side");
    load("user-player", { width: 1280, height: 720, duration: 20 });
    expect(screen.getByTestId("players").getAttribute("data-arrangement")).toBe("stacked");
  });

  it("step both videos forward where the time map runs back", () => {
    // Reference 4–4.2 s pairs with the user going back from 5 s to 4.8 s (a repeated bit).
    players({
      timeMap: [
        [1, 0],
        [5, 4],
        [4.8, 4.2],
        [10, 9],
      ],
    });
    const ref = video("reference-player");
    const user = video("user-player");
    fireEvent.click(screen.getByRole("button", { name: "Next frame" }));
    ref.currentTime = 4.01;
    user.currentTime = 5;
    for (let i = 0; i < 4; i++) {
      const [r0, u0] = [ref.currentTime, user.currentTime];
      key(".");
      expect(ref.currentTime).toBeGreaterThan(r0);
      expect(user.currentTime).toBeGreaterThan(u0);
    }
    key(",");
    const u1 = user.currentTime;
    key(",");
    expect(user.currentTime).toBeLessThan(u1);
  });

  it("ignore the keys while typing in a field", () => {
    const { container } = players();
    const field = document.createElement("input");
    container.append(field);
    const ref = video("reference-player");
    for (const k of [" ", "ArrowRight", ".", "m", "l", "?", "[", "g"]) key(k, {}, field);
    expect(ref.paused).toBe(true);
    expect(ref.currentTime).toBe(0);
    expect(screen.getByTestId("reference-picture").style.transform).toBe("");
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
  });

  it("L asks for a loop at the reference's time, saying what has the focus", () => {
    const onLoopHere = vi.fn();
    players({ onLoopHere });
    video("reference-player").currentTime = 4.2;
    key("l");
    expect(onLoopHere).toHaveBeenCalledWith(4.2, document.body);
  });

  it("list the shortcuts in a help popover that takes the focus and closes with Esc", () => {
    players();
    const help = screen.getByRole("button", { name: "Keyboard shortcuts" });
    fireEvent.click(help);
    const popover = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(help.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(popover);
    for (const does of ["Play or pause", "One frame back or forward", "Mirror the reference"])
      expect(popover.textContent).toContain(does);
    fireEvent.keyDown(popover, { key: "Escape", bubbles: true });
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
    expect(document.activeElement).toBe(help);
    // The ? key opens it too, and closes it, the focus back on the button.
    key("?", { shiftKey: true });
    const again = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    key("?", { shiftKey: true }, again);
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
    expect(document.activeElement).toBe(help);
  });

  it("switch the phone layout to picture-in-picture and remember it", () => {
    const first = players();
    expect(screen.getByTestId("reference-panel").getAttribute("data-placement")).toBe("main");
    const pip = screen.getByRole("button", { name: "Picture in picture" });
    fireEvent.click(pip);
    expect(pip.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("reference-panel").getAttribute("data-placement")).toBe("pip");
    expect(screen.getByTestId("user-panel").getAttribute("data-placement")).toBe("main");
    first.unmount();
    players();
    expect(screen.getByTestId("reference-panel").getAttribute("data-placement")).toBe("pip");
  });
});

describe("the body in colour", () => {
  const track: CompactTrack = { keypointNames: ["nose"], fps: 7, frames: [[0, 0.5, 0.5, 0.9]] };
  const limbScores: LimbScores = { limbs: ["left_forearm"], times: [0], scores: [[45]] };

  /** The key's entries a user can see (one switched off keeps its place, invisible). */
  const keyShows = () =>
    [...screen.getByTestId("skeleton-key").querySelectorAll("[data-key-entry]:not(.invisible)")].map((e) =>
      e.getAttribute("data-key-entry"),
    );

  it("keys the user's skeleton by score bands when the engine scored each limb; S hides and shows it", () => {
    players({ tracks: { reference: track, user: track }, limbScores });
    // The teacher's skeleton, drawn on the reference video, is named in its own colour.
    expect(keyShows()).toEqual(["80+", "60–79", "below 60", "not seen", "teacher"]);
    const skeleton = screen.getByRole("button", { name: "Skeleton" });
    key("s");
    expect(skeleton.getAttribute("aria-pressed")).toBe("false");
    expect(keyShows()).toEqual([]);
    key("S");
    expect(skeleton.getAttribute("aria-pressed")).toBe("true");
  });

  it("claims nothing in the key when the routines do not match (nothing was judged)", () => {
    render(
      <SyncedPlayers
        referenceUrl="/r.mp4"
        userUrl="/u.mp4"
        timeMap={null}
        tracks={{ reference: track, user: track }}
        problematicJoints={[]}
        judged={false}
      />,
    );
    expect(keyShows()).toEqual(["your pose", "not seen", "teacher"]);
  });

  it("offer the teacher's ghost only when the routines pair up; the key names the teacher while either teacher's skeleton shows", () => {
    const first = players({ tracks: { reference: track, user: track } });
    expect((screen.getByRole("button", { name: "Ghost" }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    players({
      tracks: { reference: track, user: track },
      ghost: {
        track,
        timeMap: [
          [0, 0],
          [5, 5],
        ],
        mirrored: false,
      },
    });
    const ghost = screen.getByRole("button", { name: "Ghost" });
    expect(ghost.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(ghost);
    expect(ghost.getAttribute("aria-pressed")).toBe("true");
    // The skeletons off, the ghost alone still shows the teacher.
    key("s");
    expect(keyShows()).toEqual(["teacher"]);
    // G switches it too: no teacher's skeleton is drawn any more.
    key("g");
    expect(ghost.getAttribute("aria-pressed")).toBe("false");
    expect(keyShows()).not.toContain("teacher");
  });
});

describe("a loop", () => {
  const loop: PracticeLoop = { start: 4, end: 6, label: "counts 5–6" };

  it("shows its chip; the × asks to stop it", () => {
    const onStopLoop = vi.fn();
    players({ loop, onStopLoop });
    const chip = screen.getByTestId("loop-indicator");
    expect(chip.textContent).toBe("Looping counts 5–6");
    fireEvent.click(within(chip).getByRole("button", { name: "Stop looping counts 5–6" }));
    expect(onStopLoop).toHaveBeenCalledOnce();
  });

  it("starts at A and plays at its own speed, chosen while looping; ending it restores the playback speed", () => {
    const view = players();
    const ref = video("reference-player");
    fireEvent.change(screen.getByRole("combobox", { name: "Speed" }), { target: { value: "1.5" } });
    view.update({ loop });
    expect(ref.currentTime).toBe(4);
    expect(ref.paused).toBe(false);
    expect(ref.playbackRate).toBe(1.5);
    fireEvent.change(screen.getByRole("combobox", { name: "Loop speed" }), { target: { value: "0.5" } });
    expect(ref.playbackRate).toBe(0.5);
    expect(video("user-player").playbackRate).toBe(0.5);
    view.update({ loop: null });
    expect(screen.queryByTestId("loop-indicator")).toBeNull();
    expect(ref.playbackRate).toBe(1.5);
    // The next loop keeps the slower speed.
    view.update({ loop: { start: 8, end: 10, label: "counts 9–10" } });
    expect(ref.playbackRate).toBe(0.5);
  });

  it("keeps the time between A and B: past B, or sought away, it goes back to A", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    players({ loop });
    const ref = video("reference-player");
    expect(ref.currentTime).toBe(4);
    ref.currentTime = 5.5;
    act(() => vi.advanceTimersByTime(150));
    expect(ref.currentTime).toBe(5.5);
    ref.currentTime = 6.01;
    act(() => vi.advanceTimersByTime(150));
    expect(ref.currentTime).toBe(4);
    key("ArrowRight");
    act(() => vi.advanceTimersByTime(150));
    expect(ref.currentTime).toBe(4);
  });
});
