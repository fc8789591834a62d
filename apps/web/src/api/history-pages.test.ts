import type { ComparisonListResponse, ComparisonSummary } from "@stepsync/contracts";
import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { mapPages, uniqueById, withProgress } from "./history-pages";

const item = (id: number, status: ComparisonSummary["status"] = "completed") =>
  ({ id, status, progress: status === "processing" ? 10 : 100, attempt: 1 }) as ComparisonSummary;
const pages = (...lists: ComparisonSummary[][]): InfiniteData<ComparisonListResponse> => ({
  pageParams: lists.map((_, i) => i + 1),
  pages: lists.map((comparisons, i) => ({
    comparisons,
    pagination: { page: i + 1, limit: 2, total: 4, pages: 2, has_more: i === 0 },
  })),
});

describe("history cache", () => {
  it("changes or drops cards on every loaded page", () => {
    const data = mapPages(pages([item(4), item(3)], [item(2)]), (i) => (i.id === 3 ? null : { ...i, progress: 1 }));
    expect(data?.pages.map((p) => p.comparisons.map((c) => [c.id, c.progress]))).toEqual([[[4, 1]], [[2, 1]]]);
    expect(data?.pages[0]?.pagination.has_more).toBe(true);
  });

  it("takes progress and attempt only for a card still running", () => {
    const running = [{ id: 4, progress: 60, attempt: 2, created_at: "" }];
    expect(withProgress(item(4, "processing"), running)).toMatchObject({ progress: 60, attempt: 2 });
    expect(withProgress(item(4), running)).toMatchObject({ progress: 100, attempt: 1 });
    expect(withProgress(item(5, "processing"), running)).toMatchObject({ progress: 10 });
  });

  it("keeps each card once, in page order", () => {
    expect(uniqueById([item(3), item(2), item(2), item(1)]).map((i) => i.id)).toEqual([3, 2, 1]);
  });
});
