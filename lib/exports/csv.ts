// CSV as RFC 4180 writes it (CRLF, quotes doubled), made safe to open in a spreadsheet. The
// separator is a comma, or a semicolon for spreadsheets in languages whose decimal mark is a comma
// (French Excel reads "1234,50" as a number and expects `;` between cells).

/**
 * A UTF-8 byte order mark starts every export: without it Excel on Windows reads UTF-8 as the
 * local code page and "Côte d'Ivoire" or a buyer's name turns to mojibake. Programs strip it
 * (`utf-8-sig` in Python, `bom: true` in csv-parse); the documentation says so.
 */
export const BOM = "\uFEFF";

// A cell a spreadsheet would run as a formula (CSV injection, OWASP): = + - @, and tab or carriage
// return, which some spreadsheets skip before looking for one.
const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number | boolean | null | undefined;

export type Delimiter = "," | ";";

/**
 * One cell: numbers and booleans as they are; text that could start a formula gets a leading `'`
 * (the spreadsheet shows the text, not a result); quoted when it holds either separator, a quote or
 * a line break (the other separator too: a file re-saved with it stays whole).
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: Cell[], delimiter: Delimiter = ","): string {
  return cells.map(csvCell).join(delimiter) + "\r\n";
}

/** A column of an export: its header and how a row gives its cell. */
export type Column<R> = [header: string, cell: (row: R) => Cell];

export function csvHeader<R>(columns: Column<R>[], delimiter: Delimiter = ","): string {
  return csvRow(
    columns.map(([header]) => header),
    delimiter,
  );
}
