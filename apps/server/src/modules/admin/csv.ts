/**
 * The one CSV writer, for every export (admin users and videos). A shared function rather than a
 * package: csv-stringify would do the quoting but not the formula defusing, which is the part that
 * matters here.
 *
 * CSV as RFC 4180 wants it (CRLF rows; a field with a comma, quote, CR or LF is quoted, quotes
 * doubled), with spreadsheet formulas defused: a text cell starting with =, +, -, @, tab, CR or ;
 * gets a leading apostrophe so Excel, LibreOffice and Sheets show it as text instead of running it.
 * A semicolon is the separator where the decimal mark is a comma (Excel in German, French…): a cell
 * holding one is quoted too, or ";=cmd" would open there as an empty cell and a formula.
 */
export type Cell = string | number | boolean | Date | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "true" : "false";
  else {
    text = value;
    if (/^[=+\-@\t\r;]/.test(text)) text = `'${text}`;
  }
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
