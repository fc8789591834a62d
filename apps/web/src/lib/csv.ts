/** One CSV row (RFC 4180 quoting) with spreadsheet formulas defused (=, +, -, @, tab, CR → leading '). */
export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return cells
    .map((value) => {
      if (value === null || value === undefined) return "";
      let text = String(value);
      if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",");
}
