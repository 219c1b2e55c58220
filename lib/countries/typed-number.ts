import type { CountryIso3 } from "./index";
import { callingCodeOf } from "./operator-of-number";

// A number as a cashier types it, read without libphonenumber (the counter screen must stay a few
// KB): the national form of one country, or the international form. Only to tell the operator as
// it is typed (operator-of-number.ts) and to say when it looks complete; the API validates the
// number for real (lib/countries/phones.ts) and answers a 422 otherwise.
//
// Per country: the national significant number's length (the digits after the calling code), and
// whether a leading 0 typed nationally is a trunk prefix to drop (Kenya: 0712 345678 → 254712345678)
// or part of the number (Côte d'Ivoire: 07 12 34 56 78 → 2250712345678). From libphonenumber's
// metadata (its mobile examples), Gabon's after its 2019 renumbering (operator-of-number.ts).
const plans: Record<CountryIso3, { length: number; trunk: boolean; example: string }> = {
  CMR: { length: 9, trunk: false, example: "6 71 23 45 67" },
  CIV: { length: 10, trunk: false, example: "07 12 34 56 78" },
  SEN: { length: 9, trunk: false, example: "77 123 45 67" },
  BEN: { length: 10, trunk: false, example: "01 95 12 34 56" },
  BFA: { length: 8, trunk: false, example: "70 12 34 56" },
  TGO: { length: 8, trunk: false, example: "90 11 23 45" },
  COG: { length: 9, trunk: false, example: "06 123 4567" },
  GAB: { length: 8, trunk: true, example: "074 12 34 56" },
  COD: { length: 9, trunk: true, example: "0991 234 567" },
  KEN: { length: 9, trunk: true, example: "0712 123456" },
  RWA: { length: 9, trunk: true, example: "0788 123 456" },
  TZA: { length: 9, trunk: true, example: "0621 234 567" },
  ZMB: { length: 9, trunk: true, example: "0971 234567" },
};

export type TypedNumber = {
  /** E.164 digits without `+` as far as typed (a prefix while typing); "" when nothing is typed */
  digits: string;
  /** as many digits as a number of `country` has */
  complete: boolean;
  /** fewer digits than a number of `country` has */
  short: boolean;
  /** typed in international form with another country's calling code */
  foreign: boolean;
};

/** "6 70 00 00 00" (CMR) → 237670000000; "+237 670…" and "00237 670…" too. */
export function readTypedNumber(input: string, country: CountryIso3): TypedNumber {
  const plan = plans[country];
  const code = callingCodeOf(country);
  const trimmed = input.trim();
  let digits = trimmed.replace(/\D/g, "");
  const international = trimmed.startsWith("+") || digits.startsWith("00");
  if (international) digits = digits.replace(/^00/, "");
  else if (digits.length === code.length + plan.length && digits.startsWith(code)) {
    // the calling code typed without its +
  } else if (digits) {
    digits = code + (plan.trunk ? digits.replace(/^0/, "") : digits);
  }
  const foreign = international && digits.length >= code.length && !digits.startsWith(code);
  const length = code.length + plan.length;
  return { digits, complete: !foreign && digits.length === length, short: !foreign && digits.length < length, foreign };
}

/** A number of `country` as its people write it, for the field's hint. */
export function exampleNumber(country: CountryIso3): string {
  return plans[country].example;
}

/** +237 •••••••42: only the last two digits, enough for the buyer to recognise their number. */
export function maskNumber(digits: string, country?: CountryIso3): string {
  const code = country ? callingCodeOf(country) : "";
  const national = code && digits.startsWith(code) ? digits.slice(code.length) : digits;
  const tail = national.slice(-2);
  return `${code && digits.startsWith(code) ? `+${code} ` : ""}${"•".repeat(Math.max(0, national.length - 2))}${tail}`;
}

/** Spaces that do not break: a number stays on one line in a sentence. */
export function unbroken(text: string): string {
  return text.replace(/ /g, "\u00a0");
}
