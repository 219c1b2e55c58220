import { amountExample, readAmount, type AmountProblem } from "@/lib/core/amount-text";
import { fill } from "@/lib/core/fill";
import { decimalsOf } from "@/lib/core/money";
import type { Lang } from "@/lib/core/languages";
import { inputEn } from "@/lib/i18n/input-en";
import { inputFr } from "@/lib/i18n/input-fr";

// Amounts as merchants type them (« 5.000 », « 5 000 FCFA », « 12,50 ») and as the API takes them
// (integers in the currency's minor unit, DESIGN §2). The reading is lib/core/amount-text.ts's.

/** The minor units of a typed amount in `currency`, or null when it is not one (amountMessage says why). */
export function parseAmountInput(text: string, currency: string): number | null {
  const reading = readAmount(text, currency);
  return reading.ok ? reading.minor : null;
}

/** Why `text` is not an amount of `currency`, in the merchant's words with how to write it; null when it is one. */
export function amountMessage(text: string, currency: string, lang: Lang): string | null {
  const reading = readAmount(text, currency);
  return reading.ok ? null : amountProblemMessage(reading.problem, text, currency, lang);
}

/** The words of one problem of readAmount: « Écrivez le montant en chiffres, par exemple 5 000. » */
export function amountProblemMessage(problem: AmountProblem, typed: string, currency: string, lang: Lang): string {
  // the two small word files, not the dictionary: the marketplace form's schema gets only its own section
  const words = lang === "en" ? inputEn.amount : inputFr.amount;
  const cents = decimalsOf(currency) > 0 && (problem === "too_many_decimals" || problem === "ambiguous");
  const { names, ...sentences } = words;
  return fill(sentences[problem], {
    example: problem === "too_many_decimals" ? amountExample(currency, lang, true) : amountExample(currency, lang),
    cents: cents ? amountExample(currency, lang, true) : "",
    currency: names[currency] ?? currency,
    code: currency,
    decimals: decimalsOf(currency),
    typed: typed.trim(),
  });
}

/** Minor units as the text of an input, without grouping: 150050 with 2 decimals → "1500.5"; 500 with 0 → "500". */
export function amountInputText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  return String(Number((minor / 10 ** decimals).toFixed(decimals)));
}
