import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { countries, countryByIso2, type CountryIso3 } from "./index";

export type Phone = { digits: string; country: CountryIso3 };

/**
 * A phone number as stored: E.164 digits without `+` (`237670000000`), of a supported country.
 * With `country`, the national form is accepted too ("6 70 00 00 00" in Cameroon); spaces, dashes,
 * dots and brackets are ignored. Returns null when the number is not valid.
 */
export function parsePhone(input: string, country?: CountryIso3): Phone | null {
  const cleaned = input.replace(/[\s\-().]/g, "").replace(/^00(?=[1-9])/, "+");
  if (!/^\+?\d{6,15}$/.test(cleaned)) return null;
  const international = cleaned.startsWith("+") ? cleaned : undefined;
  const parsed = country
    ? parsePhoneNumberFromString(cleaned, countries[country].iso2)
    : parsePhoneNumberFromString(international ?? `+${cleaned}`);
  if (!parsed || !parsed.isValid() || !parsed.country) return null;
  const iso3 = countryByIso2(parsed.country);
  if (!iso3 || (country && iso3 !== country)) return null;
  return { digits: parsed.number.slice(1), country: iso3 };
}
