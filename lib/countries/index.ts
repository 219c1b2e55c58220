import type { CountryCode } from "libphonenumber-js";
import { ValidationError } from "@/lib/http/errors";

// The supported countries, their currencies and mobile-money operators (DESIGN §2).
type CountryInfo = {
  name: string;
  iso2: CountryCode;
  currency: Currency;
  operators: Record<string, string>;
};

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

export const countries = {
  CMR: { name: "Cameroon", iso2: "CM", currency: "XAF", operators: { MTN_MOMO_CMR: "MTN", ORANGE_MONEY_CMR: "Orange" } },
  CIV: {
    name: "Côte d'Ivoire",
    iso2: "CI",
    currency: "XOF",
    operators: { MTN_MOMO_CIV: "MTN", ORANGE_MONEY_CIV: "Orange", WAVE_CIV: "Wave", MOOV_MONEY_CIV: "Moov" },
  },
  SEN: {
    name: "Senegal",
    iso2: "SN",
    currency: "XOF",
    operators: { ORANGE_MONEY_SEN: "Orange", WAVE_SEN: "Wave", FREE_MONEY_SEN: "Free Money" },
  },
  BEN: { name: "Benin", iso2: "BJ", currency: "XOF", operators: { MTN_MOMO_BEN: "MTN", MOOV_MONEY_BEN: "Moov" } },
  BFA: { name: "Burkina Faso", iso2: "BF", currency: "XOF", operators: { MOOV_MONEY_BFA: "Moov", ORANGE_MONEY_BFA: "Orange" } },
  TGO: { name: "Togo", iso2: "TG", currency: "XOF", operators: { MOOV_MONEY_TGO: "Moov", TMONEY_TGO: "T-Money" } },
  COG: { name: "Congo", iso2: "CG", currency: "XAF", operators: { MTN_MOMO_COG: "MTN", AIRTEL_MONEY_COG: "Airtel" } },
  GAB: { name: "Gabon", iso2: "GA", currency: "XAF", operators: { AIRTEL_MONEY_GAB: "Airtel" } },
  COD: {
    name: "DR Congo",
    iso2: "CD",
    currency: "CDF",
    operators: { ORANGE_MONEY_COD: "Orange", VODACOM_MPESA_COD: "Vodacom M-Pesa", AIRTEL_MONEY_COD: "Airtel" },
  },
  KEN: { name: "Kenya", iso2: "KE", currency: "KES", operators: { MPESA_KEN: "M-Pesa" } },
  RWA: { name: "Rwanda", iso2: "RW", currency: "RWF", operators: { MTN_MOMO_RWA: "MTN", AIRTEL_MONEY_RWA: "Airtel" } },
  TZA: {
    name: "Tanzania",
    iso2: "TZ",
    currency: "TZS",
    operators: { AIRTEL_MONEY_TZA: "Airtel", TIGO_PESA_TZA: "Tigo Pesa", HALOPESA_TZA: "HaloPesa" },
  },
  ZMB: { name: "Zambia", iso2: "ZM", currency: "ZMW", operators: { AIRTEL_MONEY_ZMB: "Airtel", MTN_MOMO_ZMB: "MTN" } },
} as const satisfies Record<string, CountryInfo>;

export type CountryIso3 = keyof typeof countries;
export const countryCodes = Object.keys(countries) as [CountryIso3, ...CountryIso3[]];

export function isCountry(code: string): code is CountryIso3 {
  return Object.hasOwn(countries, code);
}

/** The country object of the interface: `{"name": "Cameroon", "iso_code": "CMR"}`. */
export function countryObject(code: string): { name: string; iso_code: string } {
  return { name: isCountry(code) ? countries[code].name : code, iso_code: code };
}

/** The operator object of the interface: `{"name": "MTN", "value": "MTN_MOMO_CMR"}`. */
export function operatorObject(code: string): { name: string; value: string } {
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
  const factor = 10 ** currencies[currency].decimals;
  return { min: currency === "XAF" || currency === "XOF" ? 100 : 1, max: 10_000_000 * factor };
}

/** Throws the FastAPI 422 item when `amount` is outside the currency's bounds. */
export function assertAmount(amount: number, currency: string, loc: (string | number)[] = ["body", "amount"]): void {
  const { min, max } = amountBounds((currency in currencies ? currency : "XAF") as Currency);
  if (amount < min) throw new ValidationError([{ loc, msg: `Input should be greater than or equal to ${min}`, type: "greater_than_equal" }]);
  if (amount > max) throw new ValidationError([{ loc, msg: `Input should be less than or equal to ${max}`, type: "less_than_equal" }]);
}
