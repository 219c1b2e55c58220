import { AsYouType, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { amountBounds, countries, countryByIso2, type CountryIso3 } from "@/lib/countries";
import { decimalsOf, formatMoney, type Currency } from "@/lib/core/money";
import { readAmount } from "@/lib/core/amount-text";
import { amountProblemMessage, parseAmountInput } from "@/lib/forms/amount-input";
import { fill } from "@/lib/core/fill";
import type { MarketplaceWords } from "@/lib/i18n";
import { plural } from "@/lib/i18n/plural";
import type { Lang } from "@/lib/i18n/provider";
import { defaultFee } from "@/lib/marketplace-gateways/fee";
import { createMarketplaceGatewayBody } from "@/lib/marketplace-gateways/schemas";

// The create form of a marketplace link, derived from the API's body schema: the price and the
// commission typed in the major unit of the seller's currency (the seller phone's country), sent
// in minor units; the seller's phone read as the server reads it (lib/countries/phones.ts), with
// libphonenumber's smaller metadata: a hint here, the server has the last word.

type PhoneInfo =
  | { state: "empty" }
  | { state: "bad" }
  | { state: "unsupported" }
  | { state: "ok"; country: CountryIso3; currency: Currency; formatted: string };

/** What the seller's phone is, as it is being typed. */
export function phoneInfo(text: string): PhoneInfo {
  const cleaned = text.replace(/[\s\-().]/g, "").replace(/^00(?=[1-9])/, "+");
  if (cleaned === "" || cleaned === "+" || /^\+?\d{1,3}$/.test(cleaned)) return { state: "empty" };
  if (!/^\+?\d{6,15}$/.test(cleaned)) return { state: "bad" };
  const parsed = parsePhoneNumberFromString(cleaned.startsWith("+") ? cleaned : `+${cleaned}`);
  if (!parsed || !parsed.isValid() || !parsed.country) return { state: "bad" };
  const country = countryByIso2(parsed.country);
  if (!country) return { state: "unsupported" };
  return { state: "ok", country, currency: countries[country].currency, formatted: parsed.formatInternational() };
}

/** The number as it is typed, grouped the country's way ("+237670" → "+237 6 70"). */
export function formatAsTyped(text: string): string {
  return text.trim().startsWith("+") ? new AsYouType().input(text) : text;
}

/** "+237" for Cameroon: the start of the seller's number, in the merchant's own country. */
export function dialCodeOf(country: CountryIso3): string {
  return `+${getCountryCallingCode(countries[country].iso2)}`;
}

export type LinkFormValues = { amount: string; shop_name: string; phone_number: string; fee: string; message: string; favicon?: string };

const api = createMarketplaceGatewayBody.shape;

export function linkFormSchema(currency: Currency, words: MarketplaceWords, lang: Lang) {
  const w = words.links;
  const decimals = decimalsOf(currency);
  const { min, max } = amountBounds(currency);
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const minorUnits = (message: string, optional: boolean) =>
    z.string().transform((text, ctx) => {
      if (optional && text.trim() === "") return undefined;
      const reading = readAmount(text, currency); // the one reader of typed amounts (« 5.000 », « 5 000 FCFA »)
      if (!reading.ok) {
        // unreadable: how to write it; out of bounds (too large, or negative): the field's own message
        const outOfBounds = reading.problem === "too_large" || text.trim().startsWith("-");
        ctx.addIssue({ code: "custom", message: outOfBounds ? message : amountProblemMessage(reading.problem, text, currency, lang) });
        return z.NEVER;
      }
      return reading.minor;
    });
  const amountMessage = fill(w.amountInvalid, { min: money(min), max: money(max) });
  return z.object({
    amount: minorUnits(amountMessage, false).pipe(api.amount.refine((v) => v >= min && v <= max, { message: amountMessage })),
    shop_name: api.shop_name,
    phone_number: api.phone_number.superRefine((text, ctx) => {
      const info = phoneInfo(text);
      if (info.state === "ok") return;
      ctx.addIssue({ code: "custom", message: info.state === "unsupported" ? w.phoneUnsupported : w.phoneBad });
    }),
    fee: minorUnits(plural(lang, w.feeInvalid, decimals), true).pipe(api.fee),
    message: api.message,
    // editing only: the link's own favicon, an https URL or empty (the marketplace's shows)
    favicon: z
      .string()
      .trim()
      .max(2048)
      .refine((v) => v === "" || (URL.canParse(v) && new URL(v).protocol === "https:"), { message: w.faviconBad })
      .optional(),
  });
}

/** The default commission of a typed price, as the API will compute it; null while the price is unreadable. */
export function defaultFeeOf(amountText: string, percent: number, currency: Currency): number | null {
  const minor = parseAmountInput(amountText, currency);
  return minor === null ? null : defaultFee(minor, percent);
}
