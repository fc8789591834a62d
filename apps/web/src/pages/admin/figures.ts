// How the admin screens write their figures: "N/A" where there is none.
import { formatWhen } from "../../lib/format";

export const pct = (n: number | null | undefined) => (n == null ? "N/A" : `${n.toFixed(1)}%`);
export const num = (n: number | null | undefined) => (n == null ? "N/A" : n.toLocaleString());

/** When something happened ("Today at 3:04 PM"), or "N/A". */
export function whenOrNA(value: string | null | undefined): string {
  return formatWhen(value) || "N/A";
}
