import { intlLocale } from "@/lib/core/languages";
import type { Lang } from "./index";

// Numbers, dates and phone numbers as merchants read them (money: lib/core/money.ts), in the dashboard's language.

/** A plain number in the locale (for counts and bounds). */
export function formatNumber(value: number, lang: Lang, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits }).format(value);
}

export function formatPercent(value: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "percent", maximumFractionDigits: 1 }).format(value);
}

/** Accepts ISO dates with or without a zone designator (deposits' `created_at` has none: it is UTC). */
function toDate(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes("T") ? value : `${value}Z`);
}

export function formatDateTime(value: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeStyle: "short" }).format(toDate(value));
}

export function formatDate(value: string, lang: Lang, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { timeZone: value.includes("T") ? undefined : "UTC", ...options }).format(toDate(value));
}

/** 237670000042 → "+237 67••••042": enough to recognise a customer, not to reuse the number. */
export function maskPhone(digits: string): string {
  if (digits.length < 7) return "•".repeat(digits.length);
  const country = digits.length > 10 ? digits.slice(0, digits.length - 9) : "";
  const national = digits.slice(country.length);
  return `${country ? `+${country} ` : ""}${national.slice(0, 2)}${"•".repeat(Math.max(0, national.length - 5))}${national.slice(-3)}`;
}
