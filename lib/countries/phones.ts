import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { countries, countryByIso2, type CountryIso3 } from "./index";

export type Phone = { digits: string; country: CountryIso3 };

/** FIXED_LINE_OR_MOBILE: countries whose numbering does not tell them apart. */
const MOBILE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * A mobile-money wallet number as stored: E.164 digits without `+` (`237670000000`), of a
 * supported country. With `country`, the national form is accepted too ("6 70 00 00 00" in
 * Cameroon); spaces, dashes, dots and brackets are ignored. Returns null when the number is not
 * valid, or is a landline (a wallet lives on a mobile line: the full metadata knows number types).
 */
export function parsePhone(input: string, country?: CountryIso3): Phone | null {
  const cleaned = input.replace(/[\s\-().]/g, "").replace(/^00(?=[1-9])/, "+");
  if (!/^\+?\d{6,15}$/.test(cleaned)) return null;
  const international = cleaned.startsWith("+") ? cleaned : undefined;
  const parsed = country
    ? parsePhoneNumberFromString(cleaned, countries[country].iso2)
    : parsePhoneNumberFromString(international ?? `+${cleaned}`);
  if (!parsed || !parsed.isValid() || !parsed.country) return null;
  if (!MOBILE_TYPES.has(parsed.getType() ?? "")) return null;
  const iso3 = countryByIso2(parsed.country);
  if (!iso3 || (country && iso3 !== country)) return null;
  return { digits: parsed.number.slice(1), country: iso3 };
}
