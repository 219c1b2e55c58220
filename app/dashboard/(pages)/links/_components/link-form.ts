import { z } from "zod";
import { amountBounds } from "@/lib/countries";
import { readAmount } from "@/lib/core/amount-text";
import type { Lang } from "@/lib/core/languages";
import { decimalsOf, isCurrency, toMajor, type Currency } from "@/lib/core/money";
import { amountProblemMessage } from "@/lib/forms/amount-input";
import { createGatewayBody, updateGatewayBody } from "@/lib/gateways/schemas";

// The payment-link form: the API's own schemas, with the amount typed in major units
// ("12,50" KES) and sent in minor units (1250); XAF/XOF have none, so 5000 stays 5000.

function amountField(currency: string, lang: Lang) {
  const { min, max } = amountBounds((isCurrency(currency) ? currency : "XAF") as Currency);
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const reading = readAmount(text, currency); // the one reader of typed amounts (« 5.000 », « 5 000 FCFA »)
      if (reading.ok) return reading.minor;
      // how to write it, in the merchant's words (not zod's « Valeur invalide. »)
      ctx.addIssue({ code: "custom", message: amountProblemMessage(reading.problem, text, currency, lang), input: text, params: { amount: reading.problem } });
      return z.NEVER;
    })
    .pipe(z.int().min(min).max(max));
}

/** Minor units back to what the merchant typed: 1250 KES → "12.50", 5000 XAF → "5000". */
export function toMajorText(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return decimals ? toMajor(minor, currency).toFixed(decimals) : String(minor);
}

export const createLinkSchema = (currency: string, lang: Lang = "fr") => createGatewayBody.extend({ amount: amountField(currency, lang) });
export const updateLinkSchema = (currency: string, lang: Lang = "fr") => updateGatewayBody.extend({ amount: amountField(currency, lang) });

export type LinkFormValues = {
  amount: string;
  shop_name: string;
  message: string;
  order_id: string;
  success_url: string;
  failure_url: string;
};
