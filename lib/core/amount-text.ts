import { decimalsOf, isCurrency, type Currency } from "./money";

// An amount as people type it, read into the currency's minor unit (DESIGN §2: integers in the
// minor unit). The one reader of typed amounts: every amount field of the dashboard and the buyers'
// chosen amount on payment pages and stalls. Pure and dependency-free. The public API does not use
// it: it takes integers, as the interface says.
//
// What is accepted, and why it is unambiguous:
//   - spaces of any kind between groups (« 5 000 », no-break and narrow no-break spaces as Intl
//     writes them, thin spaces, apostrophes « 5'000 »);
//   - the currency's name before or after (« 5000 FCFA », « 5000 F », « FCFA 5 000 », « KES 1,234.56 »,
//     « 5,000/= »); another currency's name is refused (`other_currency`), never ignored;
//   - XAF, XOF, RWF have no minor unit: « . » and « , » can only group thousands, so « 5.000 »,
//     « 5,000 » and « 1.250.000 » are five thousand and 1 250 000. « 5000,00 » (zero cents, as a
//     till prints) is 5000; « 5000,50 » is refused (`no_minor_unit`): there is no half franc.
//   - currencies with two decimals (CDF, KES, TZS, ZMW): with both marks, the last is the decimal
//     one (« 1,234.56 », « 1.234,56 »); a mark met several times groups (« 1,000,000 »); one mark
//     once followed by one or two digits is the decimal one (« 12,50 », « 12.5 »). One mark once
//     followed by exactly three digits is the hard case (« 5.000 »: five, or five thousand?). We
//     decided per currency by how its country writes numbers: KES, TZS and ZMW (English usage)
//     group with « , » so « 5,000 » is five thousand, and « 5.000 » is refused as `ambiguous`; CDF
//     (French usage) groups with « . » so « 5.000 » is five thousand, and « 5,000 » is `ambiguous`.
//     A refusal says how to write it (« 5 000 » or « 5 000,50 »): a thousandfold mistake on money
//     costs more than retyping.

export type AmountProblem =
  /** nothing typed */
  | "empty"
  /** not an amount in figures (letters, a sign, misplaced marks) */
  | "not_a_number"
  /** cents typed for a currency without (XAF, XOF, RWF) */
  | "no_minor_unit"
  /** more decimals than the currency has */
  | "too_many_decimals"
  /** « 5.000 » in a currency where it may be five or five thousand */
  | "ambiguous"
  /** another currency's name (« 5000 KES » for a link in XAF) */
  | "other_currency"
  /** more than 12 digits before the decimals */
  | "too_large";

export type AmountReading = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/** Names people write beside an amount, per currency (compared without case; a dot after is allowed). */
const names: Record<Currency, string[]> = {
  XAF: ["XAF", "FCFA", "F CFA", "CFA", "francs", "franc", "frs", "fr", "F"],
  XOF: ["XOF", "FCFA", "F CFA", "CFA", "francs", "franc", "frs", "fr", "F"],
  RWF: ["RWF", "FRW", "RWFR", "francs", "franc", "frs", "fr", "RF", "F"],
  CDF: ["CDF", "FC", "francs", "franc", "frs", "fr", "F"],
  KES: ["KES", "KSHS", "KSH", "shillings", "sh", "/=", "/-"],
  TZS: ["TZS", "TSHS", "TSH", "shillings", "sh", "/=", "/-"],
  ZMW: ["ZMW", "kwacha", "K"],
};

/** The mark that groups thousands where the currency has decimals: its country's usage (see above). */
const groupMark: Record<Currency, "," | "." | null> = { XAF: null, XOF: null, RWF: null, CDF: ".", KES: ",", TZS: ",", ZMW: "," };

const SPACES = /[\s\u00a0\u202f\u2007\u2009'’]/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Removes `list`'s names before or after the figures; null when none was there. */
function withoutName(text: string, list: string[]): string | null {
  const alternatives = [...list].sort((a, b) => b.length - a.length).map((n) => escape(n).replace(/ /g, "\\s*"));
  const word = `(?:${alternatives.join("|")})\\.?`;
  const after = new RegExp(`^(.*?\\d)\\s*${word}$`, "i").exec(text);
  if (after) return after[1]!;
  const before = new RegExp(`^${word}\\s*(\\d.*)$`, "i").exec(text);
  return before ? before[1]! : null;
}

/** Groups of thousands: 1–3 digits, then groups of exactly 3. */
const grouped = (parts: string[]) => parts.length > 0 && /^\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p));

/** The minor units of an amount typed in `currency`'s major unit, or why it is not one. */
export function readAmount(text: string, currency: string): AmountReading {
  const code: Currency = isCurrency(currency) ? currency : "XAF";
  const decimals = decimalsOf(code);
  const fail = (problem: AmountProblem): AmountReading => ({ ok: false, problem });
  let s = text.normalize("NFKC").trim();
  if (s === "") return fail("empty");
  const own = withoutName(s, names[code]);
  if (own !== null) s = own;
  else if (/[a-z]/i.test(s)) {
    const others = (Object.keys(names) as Currency[]).filter((c) => c !== code).flatMap((c) => names[c].filter((n) => !names[code].includes(n)));
    return fail(withoutName(s, others) !== null ? "other_currency" : "not_a_number");
  }
  s = s.replace(SPACES, "");
  if (!/^\d[\d.,]*\d$|^\d$/.test(s)) return fail("not_a_number");

  const marks = s.match(/[.,]/g) ?? [];
  let whole = s;
  let fraction = "";
  if (marks.length > 0) {
    const last = marks[marks.length - 1]!;
    const at = s.lastIndexOf(last);
    const head = s.slice(0, at);
    const tail = s.slice(at + 1);
    const kinds = new Set(marks);
    if (kinds.size === 2) {
      // both marks: the last is the decimal one, met once, after groups of the other
      const other = last === "." ? "," : ".";
      if (marks.filter((m) => m === last).length !== 1 || !grouped(head.split(other))) return fail("not_a_number");
      whole = head.split(other).join("");
      fraction = tail;
    } else if (marks.length > 1) {
      if (!grouped(s.split(last))) return fail("not_a_number");
      whole = s.split(last).join("");
    } else if (tail.length === 3 && (decimals === 0 || groupMark[code] === last)) {
      if (!grouped([head, tail])) return fail("not_a_number");
      whole = head + tail;
    } else if (tail.length === 3) {
      return fail("ambiguous");
    } else {
      whole = head;
      fraction = tail;
    }
  }
  if (fraction !== "" && decimals === 0) {
    if (!/^0{1,2}$/.test(fraction)) return fail("no_minor_unit");
    fraction = "";
  }
  if (fraction.length > decimals) return fail("too_many_decimals");
  whole = whole.replace(/^0+(?=\d)/, "");
  if (whole.length > 12) return fail("too_large");
  return { ok: true, minor: Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || 0) };
}

/** The minor units of a typed amount, or null when it is not one (the reason: readAmount). */
export function parseAmount(text: string, currency: string): number | null {
  const reading = readAmount(text, currency);
  return reading.ok ? reading.minor : null;
}

/** How to write an amount of `currency`, as the hint of a refusal shows it: « 5 000 », « 5 000,50 » (fr); "5,000", "5,000.50" (en). */
export function amountExample(currency: string, lang: "fr" | "en", cents = false): string {
  const decimals = decimalsOf(currency);
  const withCents = cents && decimals > 0;
  const group = lang === "fr" ? "\u202f" : ",";
  return `5${group}000${withCents ? (lang === "fr" ? ",50" : ".50") : ""}`;
}
