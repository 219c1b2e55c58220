import type { CountryCode } from "libphonenumber-js";
import { ValidationError } from "@/lib/core/errors";
import { expectedOf, item } from "@/lib/core/validation";
import { currencies, toMinor, type Currency } from "@/lib/core/money";
import { CARD_OPERATOR } from "@/lib/core/cards";

// The supported countries, their currencies and mobile-money operators (DESIGN §2).
type CountryInfo = {
  name: string;
  iso2: CountryCode;
  currency: Currency;
  /** the IANA zone its people read clocks in (receipts); DR Congo spans two, Kinshasa's is the capital's */
  timeZone: string;
  operators: Record<string, string>;
};

export const countries = {
  CMR: { name: "Cameroon", iso2: "CM", currency: "XAF", timeZone: "Africa/Douala", operators: { MTN_MOMO_CMR: "MTN", ORANGE_MONEY_CMR: "Orange" } },
  CIV: {
    name: "Côte d'Ivoire",
    iso2: "CI",
    currency: "XOF",
    timeZone: "Africa/Abidjan",
    operators: { MTN_MOMO_CIV: "MTN", ORANGE_MONEY_CIV: "Orange", WAVE_CIV: "Wave", MOOV_MONEY_CIV: "Moov" },
  },
  SEN: {
    name: "Senegal",
    iso2: "SN",
    currency: "XOF",
    timeZone: "Africa/Dakar",
    operators: { ORANGE_MONEY_SEN: "Orange", WAVE_SEN: "Wave", FREE_MONEY_SEN: "Free Money" },
  },
  BEN: { name: "Benin", iso2: "BJ", currency: "XOF", timeZone: "Africa/Porto-Novo", operators: { MTN_MOMO_BEN: "MTN", MOOV_MONEY_BEN: "Moov" } },
  BFA: { name: "Burkina Faso", iso2: "BF", currency: "XOF", timeZone: "Africa/Ouagadougou", operators: { MOOV_MONEY_BFA: "Moov", ORANGE_MONEY_BFA: "Orange" } },
  TGO: { name: "Togo", iso2: "TG", currency: "XOF", timeZone: "Africa/Lome", operators: { MOOV_MONEY_TGO: "Moov", TMONEY_TGO: "T-Money" } },
  COG: { name: "Congo", iso2: "CG", currency: "XAF", timeZone: "Africa/Brazzaville", operators: { MTN_MOMO_COG: "MTN", AIRTEL_MONEY_COG: "Airtel" } },
  GAB: { name: "Gabon", iso2: "GA", currency: "XAF", timeZone: "Africa/Libreville", operators: { AIRTEL_MONEY_GAB: "Airtel" } },
  COD: {
    name: "DR Congo",
    iso2: "CD",
    currency: "CDF",
    timeZone: "Africa/Kinshasa",
    operators: { ORANGE_MONEY_COD: "Orange", VODACOM_MPESA_COD: "Vodacom M-Pesa", AIRTEL_MONEY_COD: "Airtel" },
  },
  KEN: { name: "Kenya", iso2: "KE", currency: "KES", timeZone: "Africa/Nairobi", operators: { MPESA_KEN: "M-Pesa" } },
  RWA: { name: "Rwanda", iso2: "RW", currency: "RWF", timeZone: "Africa/Kigali", operators: { MTN_MOMO_RWA: "MTN", AIRTEL_MONEY_RWA: "Airtel" } },
  TZA: {
    name: "Tanzania",
    iso2: "TZ",
    currency: "TZS",
    timeZone: "Africa/Dar_es_Salaam",
    operators: { AIRTEL_MONEY_TZA: "Airtel", TIGO_PESA_TZA: "Tigo Pesa", HALOPESA_TZA: "HaloPesa" },
  },
  ZMB: { name: "Zambia", iso2: "ZM", currency: "ZMW", timeZone: "Africa/Lusaka", operators: { AIRTEL_MONEY_ZMB: "Airtel", MTN_MOMO_ZMB: "MTN" } },
} as const satisfies Record<string, CountryInfo>;

export type CountryIso3 = keyof typeof countries;
export const countryCodes = Object.keys(countries) as [CountryIso3, ...CountryIso3[]];

/** Every currency and operator code Kola knows: the reference's enums (lib/api/openapi.ts reads them through the schemas). */
export const currencyCodes = Object.keys(currencies) as [Currency, ...Currency[]];
export const operatorCodes = Object.values(countries).flatMap((c) => Object.keys(c.operators)) as [string, ...string[]];

export function isCountry(code: string): code is CountryIso3 {
  return Object.hasOwn(countries, code);
}

/** The country object of the interface: `{"name": "Cameroon", "iso_code": "CMR"}`. */
export function countryObject(code: string): { name: string; iso_code: string } {
  return { name: isCountry(code) ? countries[code].name : code, iso_code: code };
}

/** The operator object of the interface: `{"name": "MTN", "value": "MTN_MOMO_CMR"}`. */
export function operatorObject(code: string): { name: string; value: string } {
  if (code === CARD_OPERATOR) return { name: "Card", value: code };
  for (const country of Object.values(countries)) {
    const name = (country.operators as Record<string, string>)[code];
    if (name) return { name, value: code };
  }
  return { name: code, value: code };
}

export function countryByIso2(iso2: string): CountryIso3 | undefined {
  return countryCodes.find((code) => countries[code].iso2 === iso2);
}

/** Amount bounds in minor units: at least 100 for XAF/XOF (1 otherwise), at most 10,000,000 major units. */
export function amountBounds(currency: Currency): { min: number; max: number } {
  return { min: currency === "XAF" || currency === "XOF" ? 100 : 1, max: toMinor(10_000_000, currency) };
}

/**
 * The amount rule as the API's reference states it, written from amountBounds so the two cannot
 * differ: the widest bounds as `minimum`/`maximum`, each currency's in words (the bounds depend on
 * the currency, which the request does not carry).
 */
export function amountRule(what: string): { minimum: number; maximum: number; description: string; "x-bounds-by-currency": Record<Currency, { minimum: number; maximum: number }> } {
  const groups = new Map<string, Currency[]>();
  for (const currency of Object.keys(currencies) as Currency[]) {
    const { min, max } = amountBounds(currency);
    const key = `${min}–${max}`;
    groups.set(key, [...(groups.get(key) ?? []), currency]);
  }
  const all = (Object.keys(currencies) as Currency[]).map(amountBounds);
  const perCurrency = [...groups].map(([range, list]) => `${list.join(", ")}: ${range}`).join("; ");
  return {
    minimum: Math.min(...all.map((b) => b.min)),
    maximum: Math.max(...all.map((b) => b.max)),
    description: `${what}, an integer in the currency's minor unit (whole francs for XAF/XOF, cents for KES…), at most 10,000,000 units of the major currency. Bounds by currency: ${perCurrency}.`,
    // the same bounds for machines (a client, the generated-bodies test): by the link's currency
    "x-bounds-by-currency": Object.fromEntries(
      currencyCodes.map((currency) => {
        const { min, max } = amountBounds(currency);
        return [currency, { minimum: min, maximum: max }];
      }),
    ) as Record<Currency, { minimum: number; maximum: number }>,
  };
}

/**
 * Throws a 422 naming `currency` when a request's optional `currency` is another one. The link's
 * currency is never chosen by the request (the account's, or the seller phone's on a marketplace):
 * the field only lets a client check that it agrees. Compared in any case ("xaf" is XAF).
 */
export function assertCurrency(given: string | undefined, currency: string): void {
  if (given !== undefined && given.toUpperCase() !== currency)
    throw new ValidationError([item(["body", "currency"], "literal_error", { expected: expectedOf([currency]) })]);
}

/** Throws the FastAPI 422 item when `amount` is outside the currency's bounds. */
export function assertAmount(amount: number, currency: string, loc: (string | number)[] = ["body", "amount"]): void {
  const { min, max } = amountBounds((currency in currencies ? currency : "XAF") as Currency);
  if (amount < min) throw new ValidationError([item(loc, "greater_than_equal", { ge: min })]);
  if (amount > max) throw new ValidationError([item(loc, "less_than_equal", { le: max })]);
}

/** Countries whose people read English first (the others French): the language of an account's SMS. */
const ENGLISH_COUNTRIES: ReadonlySet<string> = new Set(["KEN", "RWA", "TZA", "ZMB"]);

export function countryLanguage(code: string): "fr" | "en" {
  return ENGLISH_COUNTRIES.has(code) ? "en" : "fr";
}
