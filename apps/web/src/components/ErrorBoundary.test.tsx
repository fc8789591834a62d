import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorBoundary";
import { type TabItem, TabPanel, Tabs, useTabIds } from "./Tabs";

function Boom(): never {
  throw new Error("kaput");
}

describe("error boundary", () => {
  it("shows 'Unexpected Application Error!' only, and logs the error's details", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeTruthy();
    expect(screen.queryByText(/kaput/)).toBeNull();
    const logs = JSON.parse(localStorage.getItem("clientLogs") ?? "[]") as Array<{ level: string; message: string }>;
    expect(logs.some((l) => l.level === "error" && l.message.includes("kaput"))).toBe(true);
  });
});

const TABS: ReadonlyArray<TabItem<"a" | "b" | "c">> = [
  { id: "a", label: "Alpha" },
  { id: "b", label: "Beta" },
  { id: "c", label: "Gamma" },
];

function Harness() {
  const [tab, setTab] = useState<"a" | "b" | "c">("a");
  const ids = useTabIds();
  return (
    <>
      <Tabs tabs={TABS} value={tab} onChange={setTab} ids={ids} label="Sections" />
      <TabPanel id={tab} ids={ids}>
        Panel {tab}
      </TabPanel>
    </>
  );
}

describe("tabs", () => {
  it("are ARIA tabs that arrow keys, Home and End move between", () => {
    render(<Harness />);
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    expect(alpha.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(alpha.id);
    fireEvent.keyDown(alpha, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Beta" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("Panel b");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Beta" }), { key: "End" });
    expect(screen.getByRole("tab", { name: "Gamma" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Gamma" }), { key: "ArrowRight" });
    expect(alpha.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "Beta" }).getAttribute("tabindex")).toBe("-1");
  });
});
