import { currencies, type Currency } from "@/lib/countries";
import type { Lang } from "./index";

// Money, dates and phone numbers as merchants read them, in the dashboard's language.

const locales: Record<Lang, string> = { fr: "fr-FR", en: "en-GB" };

export function decimalsOf(currency: string): number {
  return currency in currencies ? currencies[currency as Currency].decimals : 0;
}

/** 5000 XAF → "5 000 FCFA"; 12345 KES (minor units) → "KES 123.45". */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const decimals = decimalsOf(currency);
  try {
    return new Intl.NumberFormat(locales[lang], {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(minor / 10 ** decimals);
  } catch {
    return `${minor / 10 ** decimals} ${currency}`;
  }
}

/** A plain number in the locale (for counts and bounds). */
export function formatNumber(value: number, lang: Lang, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(locales[lang], { maximumFractionDigits }).format(value);
}

export function formatPercent(value: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], { style: "percent", maximumFractionDigits: 1 }).format(value);
}

/** Accepts ISO dates with or without a zone designator (deposits' `created_at` has none: it is UTC). */
function toDate(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes("T") ? value : `${value}Z`);
}

export function formatDateTime(value: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locales[lang], { dateStyle: "medium", timeStyle: "short" }).format(toDate(value));
}

export function formatDate(value: string, lang: Lang, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return new Intl.DateTimeFormat(locales[lang], { timeZone: value.includes("T") ? undefined : "UTC", ...options }).format(toDate(value));
}

/** 237670000042 → "+237 67••••042": enough to recognise a customer, not to reuse the number. */
export function maskPhone(digits: string): string {
  if (digits.length < 7) return "•".repeat(digits.length);
  const country = digits.length > 10 ? digits.slice(0, digits.length - 9) : "";
  const national = digits.slice(country.length);
  return `${country ? `+${country} ` : ""}${national.slice(0, 2)}${"•".repeat(Math.max(0, national.length - 5))}${national.slice(-3)}`;
}
