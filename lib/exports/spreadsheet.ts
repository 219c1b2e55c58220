import { decimalsOf, toMajor } from "@/lib/core/money";
import { dictionaryOf, type Dictionary } from "@/lib/i18n";
import { countryLabel, operatorLabel, providerLabel, reasonLabel } from "@/lib/i18n/labels";
import type { Lang } from "@/lib/core/languages";
import type { Cell, Column, Delimiter } from "./csv";
import type { ExportQuery } from "./schemas";

// Two readers of one export. An integrator's program gets the documented file: snake_case headers,
// codes, integer minor units, ISO 8601 times, commas. A merchant who asks for `lang` gets a file
// for a spreadsheet in that language: headers and values in words, amounts in the currency's major
// unit with the language's decimal mark, times a spreadsheet reads as dates, and (French) `;` between cells.

export type Style = { delimiter: Delimiter; words: { t: Dictionary; lang: Lang } | null };

export function styleOf(query: Pick<ExportQuery, "lang" | "delimiter">): Style {
  const delimiter = query.delimiter ? (query.delimiter === "semicolon" ? ";" : ",") : query.lang === "fr" ? ";" : ",";
  return { delimiter, words: query.lang ? { t: dictionaryOf(query.lang), lang: query.lang } : null };
}

/**
 * One column of an export: its key (the integrators' header), the cell for programs, and the cell
 * in words (the same when omitted).
 */
export type ColumnSpec<R> = { key: keyof Dictionary["exports"]["columns"]; cell: (row: R) => Cell; words?: (row: R, w: NonNullable<Style["words"]>) => Cell };

export function columnsOf<R>(specs: ColumnSpec<R>[], style: Style): Column<R>[] {
  const words = style.words;
  if (!words) return specs.map((spec) => [spec.key, spec.cell]);
  return specs.map((spec) => [words.t.exports.columns[spec.key], spec.words ? (row: R) => spec.words!(row, words) : spec.cell]);
}

/** Words for the values that are codes. */
export const say = {
  /** 150000 XAF → "150000"; 1250 KES → "12,50" (fr) / "12.50" (en): a number the spreadsheet reads */
  amount(minor: number | null, currency: string, lang: Lang): Cell {
    if (minor === null) return null;
    const decimals = decimalsOf(currency);
    const text = toMajor(minor, currency).toFixed(decimals);
    return lang === "fr" ? text.replace(".", ",") : text;
  },
  /** "2026-11-22T10:15:30.123456Z" → "2026-11-22 10:15:30": a date and time in both languages' spreadsheets */
  when: (iso: string | null): Cell => (iso ? iso.slice(0, 19).replace("T", " ") : null),
  /** "+237670000000": text, not a number in scientific notation (csvCell's leading ' keeps it so, and Excel hides the ') */
  phone: (digits: string | null): Cell => (digits ? `+${digits}` : null),
  yesNo: (value: boolean, w: NonNullable<Style["words"]>): Cell => (value ? w.t.exports.yes : w.t.exports.no),
  status: (status: string, w: NonNullable<Style["words"]>): Cell => (w.t.status as Record<string, string>)[status] ?? status,
  reason: (status: string, reason: string | null, w: NonNullable<Style["words"]>, operator?: string | null): Cell =>
    status === "failed" || status === "expired" ? reasonLabel(status === "expired" ? (reason ?? "expired") : reason, w.t, operator) : null,
  operator: (code: string | null, w: NonNullable<Style["words"]>): Cell => (code ? operatorLabel(code, w.lang) : null),
  country: (code: string | null, w: NonNullable<Style["words"]>): Cell => (code ? countryLabel(code, w.lang) : null),
  provider: (code: string, w: NonNullable<Style["words"]>): Cell => providerLabel(code, w.t),
  /** "success,pending" → "Réussi, Enregistré" */
  refunds: (statuses: string | null, w: NonNullable<Style["words"]>): Cell =>
    statuses ? statuses.split(",").map((s) => (w.t.money.statuses as Record<string, string>)[s] ?? s).join(", ") : null,
};
