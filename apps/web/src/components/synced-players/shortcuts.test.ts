import { describe, expect, it } from "vitest";
import { SHORTCUTS, shortcutFor } from "./shortcuts";

function press(key: string, over: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) {
  return shortcutFor({
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    target,
    ...over,
  });
}

function element(html: string): Element {
  const box = document.createElement("div");
  box.innerHTML = html;
  document.body.append(box);
  return box.querySelector("[data-target]") as Element;
}

describe("keyboard shortcuts", () => {
  it("map space, the arrows, comma and period, L, M and ?", () => {
    expect(press(" ")).toEqual({ kind: "toggle" });
    expect(press("ArrowLeft")).toEqual({ kind: "seek", by: -5 });
    expect(press("ArrowRight")).toEqual({ kind: "seek", by: 5 });
    expect(press("ArrowLeft", { shiftKey: true })).toEqual({ kind: "seek", by: -1 });
    expect(press("ArrowRight", { shiftKey: true })).toEqual({ kind: "seek", by: 1 });
    expect(press(",")).toEqual({ kind: "frame", dir: -1 });
    expect(press(".")).toEqual({ kind: "frame", dir: 1 });
    expect(press("l")).toEqual({ kind: "loop" });
    expect(press("L", { shiftKey: true })).toEqual({ kind: "loop" });
    expect(press("m")).toEqual({ kind: "mirror" });
    expect(press("?", { shiftKey: true })).toEqual({ kind: "help" });
    expect(press("[")).toEqual({ kind: "speed", dir: -1 });
    expect(press("]")).toEqual({ kind: "speed", dir: 1 });
    expect(press("s")).toEqual({ kind: "skeleton" });
    expect(press("g")).toEqual({ kind: "ghost" });
    expect(press("x")).toBeNull();
  });

  it("leave typing alone: text fields, text areas, selects and editable text", () => {
    for (const html of [
      '<input data-target type="text">',
      '<input data-target type="range">',
      "<textarea data-target></textarea>",
      "<select data-target><option>a</option></select>",
    ]) {
      const target = element(html);
      expect(press("m", {}, target), html).toBeNull();
      expect(press(" ", {}, target), html).toBeNull();
      expect(press("ArrowLeft", {}, target), html).toBeNull();
    }
    const editable = element('<div data-target contenteditable="true"></div>');
    Object.defineProperty(editable, "isContentEditable", { value: true });
    expect(press("l", {}, editable)).toBeNull();
  });

  it("leave the browser's keys and other handlers alone", () => {
    expect(press("l", { ctrlKey: true })).toBeNull();
    expect(press("m", { metaKey: true })).toBeNull();
    expect(press("ArrowLeft", { altKey: true })).toBeNull();
    expect(press("m", { defaultPrevented: true })).toBeNull();
  });

  it("let space press a focused button, and stay out of modal dialogs", () => {
    const button = element("<button data-target>Loop</button>");
    expect(press(" ", {}, button)).toBeNull();
    expect(press("m", {}, button)).toEqual({ kind: "mirror" });
    const inDialog = element('<div role="dialog" aria-modal="true"><p data-target>Ready</p></div>');
    expect(press("m", {}, inDialog)).toBeNull();
    const inNative = element("<dialog open><button data-target>Keep Viewing</button></dialog>");
    expect(press("ArrowLeft", {}, inNative)).toBeNull();
  });

  it("are all listed for the help popover", () => {
    const keys = SHORTCUTS.flatMap((s) => s.keys);
    for (const k of ["Space", "←", "→", "Shift", ",", ".", "L", "M", "[", "]", "S", "G", "?"])
      expect(keys).toContain(k);
  });
});
