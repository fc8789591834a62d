/** A page of a list as the API asks for it: 1-based page number and page size. */
export type Page = { page: number; limit: number };

/** How many rows come before `page` (SQL OFFSET). */
export const offsetOf = ({ page, limit }: Page): number => (page - 1) * limit;
