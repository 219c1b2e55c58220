import { countries, type CountryIso3 } from "@/lib/countries";
import { operatorOfNumber, walletsOnAnyNumber } from "@/lib/countries/operator-of-number";
import { fill } from "@/lib/core/fill";
import type { Lang } from "@/lib/core/languages";
import { operatorLabel } from "@/lib/i18n/labels";

type Words = { mismatch: string; unsupported: string };

/**
 * Why the wallet `operator` cannot be on `digits` (E.164 digits of `country`), in the merchant's
 * words; null when it may be. The same rule as the API's (operatorMismatch, lib/countries/
 * operator-of-number.ts): only a prefix that tells its operator for certain refuses; Wave is on any number.
 */
export function payoutNumberProblem(operator: string, digits: string, country: CountryIso3, lang: Lang, w: Words): string | null {
  if (walletsOnAnyNumber(country).includes(operator)) return null;
  const found = operatorOfNumber(digits, country);
  if (found.kind === "unknown" || !found.certain) return null;
  if (found.kind === "operator") {
    if (found.operator === operator) return null;
    return fill(w.mismatch, { network: found.network, operator: operatorLabel(found.operator, lang, true), chosen: operatorLabel(operator, lang) });
  }
  const own = Object.keys(countries[country].operators).filter((code) => !walletsOnAnyNumber(country).includes(code));
  return fill(w.unsupported, { network: found.network, operators: own.map((code) => operatorLabel(code, lang)).join(lang === "fr" ? " ou " : " or ") });
}
