import { getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import examples from "libphonenumber-js/examples.mobile.json";
import { countries, currencies, isCountry, type CountryIso3, type Currency } from "@/lib/countries";
import { intlLocale, type Locale } from "./i18n";

// How the checkout pages write money, dates and phone numbers (DESIGN §2).

function decimalsOf(currency: string): number {
  return Object.hasOwn(currencies, currency) ? currencies[currency as Currency].decimals : 2;
}

/** An amount in minor units, in the currency's own decimals: 5000 XAF → "5 000 FCFA" (fr), 123456 KES → "KES 1,234.56" (en). */
export function formatAmount(minor: number, currency: string, locale: Locale): string {
  const decimals = decimalsOf(currency);
  return new Intl.NumberFormat(intlLocale(locale), {
    style: "currency",
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}

/** A short wait as the buyer reads it: "45 s", "3 min" (rounded up; the same in fr and en). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? `${whole}\u00a0s` : `${Math.ceil(whole / 60)}\u00a0min`;
}

/** The offset of a zone at a moment, as "UTC+1" (or "UTC"): short, and the same in fr and en. */
function utcOffset(date: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")?.value;
  return (name ?? "GMT").replace(/^GMT(?:[+-]0)?$/, "UTC").replace("GMT", "UTC");
}

/**
 * A moment as the buyer reads it on a receipt: in the time zone of the country they paid from
 * (a buyer in Nairobi reads Nairobi time), with its offset so a printed receipt stays exact.
 */
export function formatDateTime(date: Date, locale: Locale, country: string): string {
  const timeZone = isCountry(country) ? countries[country].timeZone : "UTC";
  const text = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return `${text} ${utcOffset(date, timeZone)}`;
}

const noBreak = (text: string) => text.replace(/ /g, "\u00a0");

/** A stored phone (E.164 digits without `+`) written the international way, on one line: "+237 6 70 00 00 00". */
export function formatPhone(digits: string): string {
  return noBreak(parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`);
}

/** A stored phone in its country's national form, as a buyer types it back into the form: "6 70 00 00 00". */
export function nationalPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatNational() ?? digits;
}

/** A phone shown on a public page: the country code and the last two digits only ("+237 ••• 00"). */
export function maskedPhone(digits: string): string {
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  const code = parsed ? `+${parsed.countryCallingCode}` : "";
  return noBreak(`${code} ••• ${digits.slice(-2)}`.trim());
}

/** A mobile number of the country in its national form, on one line, to show what to type: "6 71 23 45 67". */
export function examplePhone(country: CountryIso3): string {
  return noBreak(getExampleNumber(countries[country].iso2, examples)?.formatNational() ?? "");
}

/** The calling code of the country, with its plus: "+237". */
export function dialCode(country: CountryIso3): string {
  const example = getExampleNumber(countries[country].iso2, examples);
  return example ? `+${example.countryCallingCode}` : "";
}
