import { intlLocale, type Lang } from "./languages";

// Money as Kola counts it: integer amounts in each currency's minor unit (DESIGN §2). The one home
// of a currency's decimals, of minor ↔ major units, and of how an amount is written for people.

export const currencies = {
  XAF: { decimals: 0 },
  XOF: { decimals: 0 },
  RWF: { decimals: 0 },
  CDF: { decimals: 2 },
  KES: { decimals: 2 },
  TZS: { decimals: 2 },
  ZMW: { decimals: 2 },
} as const;
export type Currency = keyof typeof currencies;

export function isCurrency(code: string): code is Currency {
  return Object.hasOwn(currencies, code);
}

/**
 * The decimals of `currency`'s minor unit. What Kola stores is always one of `currencies` (an
 * account's, a link's and a payment's currency are their country's), so the pages, mails and
 * exports never reach the fallback (the checkout's copy said 2, the dashboard's 0: no output
 * differs). A provider's callback may name a currency that is not ours, or none: its copies fell
 * back to 0, reading the amount as whole units, and they still do. Hence 0.
 */
export function decimalsOf(currency: string): number {
  return isCurrency(currency) ? currencies[currency].decimals : 0;
}

/** Minor units to the major unit: 1250 KES → 12.5; 5000 XAF → 5000. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** decimalsOf(currency);
}

/** Major units to minor units: 12 KES → 1200; 5000 XAF → 5000. */
export function toMinor(major: number, currency: string): number {
  return major * 10 ** decimalsOf(currency);
}

/** An amount in minor units as people read it, in the currency's own decimals: 5000 XAF → "5 000 FCFA" (fr), 123456 KES → "KES 1,234.56" (en). */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  const decimals = decimalsOf(currency);
  try {
    return new Intl.NumberFormat(intlLocale(lang), {
      style: "currency",
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(minor / 10 ** decimals);
  } catch {
    // not a currency code Intl knows (none of ours)
    return `${minor / 10 ** decimals} ${currency}`;
  }
}
