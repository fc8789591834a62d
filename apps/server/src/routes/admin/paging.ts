import type { Pagination } from "@stepsync/contracts";

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)), has_more: page * limit < total };
}
