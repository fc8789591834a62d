import type { ComparisonListResponse, ComparisonSummary, ProcessingStatus } from "@stepsync/contracts";
import type { InfiniteData } from "@tanstack/react-query";

type HistoryPages = InfiniteData<ComparisonListResponse>;

/** Every loaded card of the history through `change`; null drops the card. */
export function mapPages(
  data: HistoryPages | undefined,
  change: (item: ComparisonSummary) => ComparisonSummary | null,
): HistoryPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comparisons: page.comparisons.flatMap((item) => {
        const next = change(item);
        return next ? [next] : [];
      }),
    })),
  };
}

/** A running card with the progress and attempt the processing status reports for it. */
export function withProgress(
  item: ComparisonSummary,
  running: ProcessingStatus["processing_comparisons"],
): ComparisonSummary {
  const status = running.find((r) => r.id === item.id);
  return status && item.status === "processing"
    ? { ...item, progress: status.progress, attempt: status.attempt }
    : item;
}

/** Cards in page order, each once: a card moves to the next page when newer ones arrive between loads. */
export function uniqueById(items: ComparisonSummary[]): ComparisonSummary[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
