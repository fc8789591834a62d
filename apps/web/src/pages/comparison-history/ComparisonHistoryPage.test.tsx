import { COMPARE_TEXTS } from "../../constants/texts";
import { COMPARE_MESSAGES, type ComparisonSummary } from "@stepsync/contracts";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../providers";
import { AppRoutes } from "../../routes";
import { mockFetch, renderApp, sessionRoutes, storeSession, testUser } from "../../test/utils";

const comparison = (id: number, over: Partial<ComparisonSummary> = {}): ComparisonSummary => ({
  id,
  activity_type: "ballet",
  status: "completed",
  progress: 100,
  attempt: 1,
  error: null,
  overall_score: 70 + id,
  reference_title: `Routine ${id}`,
  contributor_name: null,
  thumbnail_path: null,
  reference_video_path: null,
  user_video_path: null,
  reference_video_id: null,
  created_at: new Date().toISOString(),
  ...over,
});

const page = (items: ComparisonSummary[], pageNo: number, hasMore: boolean) => ({
  comparisons: items,
  pagination: { page: pageNo, limit: 12, total: 13, pages: 2, has_more: hasMore },
});

const stats = (total: number) => ({
  total_comparisons: total,
  best_score: 83,
  average_score: 76,
  recent_trend: "Stable",
});

/** The Total Comparisons tile's figure. */
const totalShown = () =>
  (screen.getByText("Total Comparisons").closest(".glass") as HTMLElement).querySelector(":scope > p")?.textContent;

const cardIds = () => screen.getAllByTestId("history-card").map((c) => c.id);

describe("comparison history", () => {
  it("loads more cards below the first page, each card once", async () => {
    storeSession();
    const first = Array.from({ length: 12 }, (_, i) => comparison(13 - i));
    const net = mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: stats(13) },
      // A comparison arrived meanwhile: the old first page's last card now leads page 2.
      "GET /api/comparisons": (_, url) =>
        url.searchParams.get("page") === "2"
          ? { body: page([comparison(2), comparison(1)], 2, false) }
          : { body: page(first, 1, true) },
    });
    renderApp("/comparison-history");
    expect(await screen.findByText("Routine 13")).toBeTruthy();
    expect(screen.getAllByTestId("history-card")).toHaveLength(12);

    fireEvent.click(screen.getByRole("button", { name: "Load More" }));
    expect(await screen.findByText("Routine 1")).toBeTruthy();
    expect(cardIds()).toEqual(Array.from({ length: 13 }, (_, i) => `comparison-${13 - i}`));
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
    expect(net.calls.filter((c) => c.path === "/api/comparisons").map((c) => c.url.searchParams.get("page"))).toEqual([
      "1",
      "2",
    ]);
  });

  it("follows a running comparison's progress, then shows its score once it is done", async () => {
    storeSession();
    let running = true;
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": () => ({ body: stats(running ? 1 : 2) }),
      "GET /api/comparisons": () => ({
        body: page(
          [
            running
              ? comparison(2, { status: "processing", progress: 10, overall_score: null })
              : comparison(2, { overall_score: 91 }),
            comparison(1),
          ],
          1,
          false,
        ),
      }),
      "GET /api/comparisons/processing-status": () => {
        const answer = running
          ? [{ id: 2, progress: 55, attempt: 1, created_at: new Date().toISOString() }]
          : ([] as unknown[]);
        running = false;
        return { body: { processing_comparisons: answer } };
      },
    });
    renderApp("/comparison-history");
    // Shown as the compare screen shows it: analysis is the last 70 % of the job (10 % → 37 %).
    expect(await screen.findByText("37%")).toBeTruthy();
    // The 3-s poll reports 55 % (69 %); the next one finds none running and the list and figures reload.
    expect(await screen.findByText("69%", {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText("91%", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText("69%")).toBeNull();
    await expect.poll(totalShown).toBe("2");
  }, 15_000);

  it("deletes a comparison after confirmation: its card goes and the figures reload", async () => {
    storeSession();
    let deleted = false;
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": () => ({ body: stats(deleted ? 1 : 2) }),
      "GET /api/comparisons": () => ({
        body: page(deleted ? [comparison(1)] : [comparison(2), comparison(1)], 1, false),
      }),
      "DELETE /api/comparisons/2": () => {
        deleted = true;
        return { body: { message: "Comparison deleted successfully" } };
      },
    });
    renderApp("/comparison-history");
    expect(await screen.findByText("Routine 2")).toBeTruthy();
    await expect.poll(totalShown).toBe("2");

    fireEvent.click(screen.getByRole("button", { name: "Delete comparison 2" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect.poll(totalShown).toBe("1");
    expect(screen.queryByText("Routine 2")).toBeNull();
    expect(cardIds()).toEqual(["comparison-1"]);
  });

  it("deleting one still being analysed says it cancels the analysis and gives the credit back", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: stats(1) },
      "GET /api/comparisons": {
        body: page([comparison(3, { status: "processing", progress: 40, overall_score: null })], 1, false),
      },
      "GET /api/comparisons/processing-status": {
        body: { processing_comparisons: [{ id: 3, progress: 40, attempt: 1, created_at: new Date().toISOString() }] },
      },
    });
    renderApp("/comparison-history");
    fireEvent.click(await screen.findByRole("button", { name: "Delete comparison 3" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(COMPARE_TEXTS.deleteRunningBody)).toBeTruthy();
    expect(within(dialog).queryByText(COMPARE_TEXTS.deleteConfirmBody)).toBeNull();
  });

  it("a style with nothing in it offers all comparisons, not a first one", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: stats(2) },
      "GET /api/comparisons": (_, url) => ({
        body: page(url.searchParams.get("activity_type") === "jazz" ? [] : [comparison(2), comparison(1)], 1, false),
      }),
    });
    renderApp("/comparison-history");
    expect(await screen.findByText("Routine 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Jazz" }));
    expect(await screen.findByText("No Jazz comparisons yet")).toBeTruthy();
    expect(screen.queryByText("Start Your First Comparison")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show all comparisons" }));
    expect(await screen.findByText("Routine 2")).toBeTruthy();
  });

  it.each([
    ["Improving", "lucide-trending-up"],
    ["Declining", "lucide-trending-down"],
    ["Stable", "lucide-move-right"],
  ])("the %s trend's icon points its way", async (trend, icon) => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: { ...stats(2), recent_trend: trend } },
      "GET /api/comparisons": { body: page([comparison(1)], 1, false) },
    });
    renderApp("/comparison-history");
    const tile = (await screen.findByText("Recent Trend")).closest(".glass") as HTMLElement;
    await within(tile).findByText(trend);
    expect(tile.querySelector("svg")?.classList.contains(icon)).toBe(true);
  });

  it("drops the 'being processed' note once that comparison is done", async () => {
    storeSession();
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: stats(1) },
      "GET /api/comparisons": { body: page([comparison(1, { overall_score: 88 })], 1, false) },
    });
    // Arriving from the compare screen's processing dialog, after the comparison finished.
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
    render(
      <AppProviders queryClient={client}>
        <MemoryRouter
          initialEntries={[
            { pathname: "/comparison-history", state: { message: COMPARE_MESSAGES.processing, comparisonId: 1 } },
          ]}
        >
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText("88%")).toBeTruthy();
    expect(screen.queryByText(COMPARE_MESSAGES.processing)).toBeNull();
    expect(screen.getByText("Comparison complete! Here is how you did.")).toBeTruthy();
  });

  it("keeps the user on the page when a delete fails: the error shows in the dialog, no native alert", async () => {
    storeSession();
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    mockFetch({
      ...sessionRoutes(testUser),
      "GET /api/comparisons/stats": { body: stats(1) },
      "GET /api/comparisons": { body: page([comparison(1)], 1, false) },
      "DELETE /api/comparisons/1": { status: 500, body: { error: "boom" } },
    });
    renderApp("/comparison-history");
    fireEvent.click(await screen.findByRole("button", { name: "Delete comparison 1" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText(COMPARE_MESSAGES.deleteFailed)).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });
});
