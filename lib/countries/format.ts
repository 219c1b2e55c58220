import { getExampleNumber, parsePhoneNumberFromString } from "libphonenumber-js/max";
import examples from "libphonenumber-js/examples.mobile.json";
import { intlLocale, type Lang } from "@/lib/core/languages";
import { countries, isCountry, type CountryIso3 } from "./index";

// How the checkout pages and the receipts write a country's dates and phone numbers (DESIGN §2).

/** The offset of a zone at a moment, as "UTC+1" (or "UTC"): short, and the same in fr and en. */
function utcOffset(date: Date, timeZone: string): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")?.value;
  return (name ?? "GMT").replace(/^GMT(?:[+-]0)?$/, "UTC").replace("GMT", "UTC");
}

/**
 * A moment as the buyer reads it on a receipt: in the time zone of the country they paid from
 * (a buyer in Nairobi reads Nairobi time), with its offset so a printed receipt stays exact.
 */
export function formatDateTime(date: Date, locale: Lang, country: string): string {
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

/** The offset of `timeZone` from UTC at `date`, in minutes (Africa/Douala: 60). */
function offsetMinutes(date: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** Today's date (YYYY-MM-DD) in a country's time zone. */
export function todayIn(country: string, now = new Date()): string {
  const timeZone = isCountry(country) ? countries[country].timeZone : "UTC";
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The moments a day (YYYY-MM-DD) of a country starts and ends: [from, to). */
export function dayBounds(day: string, country: string): { from: Date; to: Date } {
  const timeZone = isCountry(country) ? countries[country].timeZone : "UTC";
  const midnightUtc = new Date(`${day}T00:00:00Z`);
  const from = new Date(midnightUtc.getTime() - offsetMinutes(midnightUtc, timeZone) * 60_000);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}
