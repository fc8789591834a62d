import { LIMITS } from "@stepsync/contracts";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/Toaster";
import { TOAST_DURATIONS, toast, toastStore } from "./toast";

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec durations: success 2 s, error and blank 4 s, loading never", () => {
    expect(TOAST_DURATIONS).toEqual({ success: 2000, error: 4000, blank: 4000, loading: Number.POSITIVE_INFINITY });
    render(<Toaster />);
    act(() => {
      toast.success("Saved!");
      toast.error("Broke!");
      toast("Just so you know");
      toast.loading("Working...");
    });
    expect(screen.getByText("Saved!")).toBeTruthy();
    expect(screen.getByText("Broke!")).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText("Saved!")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Saved!")).toBeNull();
    expect(screen.queryByText("Broke!")).toBeTruthy();
    expect(screen.queryByText("Just so you know")).toBeTruthy();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText("Broke!")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Broke!")).toBeNull();
    expect(screen.queryByText("Just so you know")).toBeNull();

    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(screen.getByText("Working...")).toBeTruthy();
  });

  it("announces errors as alerts and the rest as status messages", () => {
    render(<Toaster />);
    act(() => {
      toast.error("Nope");
      toast.success("Yes");
    });
    expect(screen.getByRole("alert").textContent).toContain("Nope");
    expect(screen.getByRole("status").textContent).toContain("Yes");
  });

  it("keeps at most 20 toasts, newest first", () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast.loading(`Toast ${i}`);
    });
    expect(toastStore.getSnapshot()).toHaveLength(LIMITS.toastLimit);
    expect(LIMITS.toastLimit).toBe(20);
    expect(screen.queryByText("Toast 25")).toBeTruthy();
    expect(screen.queryByText("Toast 6")).toBeTruthy();
    expect(screen.queryByText("Toast 5")).toBeNull();
    expect(screen.queryByText("Toast 1")).toBeNull();
  });

  it("updates a toast in place by id and restarts its timer (loading → success)", () => {
    render(<Toaster />);
    let id = "";
    act(() => {
      id = toast.loading("Uploading...");
    });
    act(() => vi.advanceTimersByTime(10_000));
    act(() => {
      toast.success("Uploaded!", { id });
    });
    expect(screen.queryByText("Uploading...")).toBeNull();
    expect(toastStore.getSnapshot()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText("Uploaded!")).toBeNull();
  });

  it("can be dismissed by the user", () => {
    render(<Toaster />);
    act(() => {
      toast("Hello");
    });
    act(() => screen.getByRole("button", { name: "Dismiss notification" }).click());
    expect(screen.queryByText("Hello")).toBeNull();
  });
});
