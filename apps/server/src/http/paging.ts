import type { Pagination } from "@stepsync/contracts";

/** The pagination block of every paged list: where this page is and whether more follow. */
export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)), has_more: page * limit < total };
}
