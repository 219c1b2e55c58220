import { z } from "zod";
import { amountBounds } from "@/lib/countries";
import { decimalsOf, isCurrency, toMajor, type Currency } from "@/lib/core/money";
import { parseAmountInput } from "@/lib/forms/amount-input";
import { createGatewayBody, updateGatewayBody } from "@/lib/gateways/schemas";

// The payment-link form: the API's own schemas, with the amount typed in major units
// ("12,50" KES) and sent in minor units (1250); XAF/XOF have none, so 5000 stays 5000.

function amountField(currency: string) {
  const decimals = decimalsOf(currency);
  const { min, max } = amountBounds((isCurrency(currency) ? currency : "XAF") as Currency);
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const minor = parseAmountInput(text, decimals); // the one parser of typed amounts, as the marketplace form's
      if (minor !== null) return minor;
      ctx.addIssue({ code: "invalid_format", format: "amount", input: text });
      return z.NEVER;
    })
    .pipe(z.int().min(min).max(max));
}

/** Minor units back to what the merchant typed: 1250 KES → "12.50", 5000 XAF → "5000". */
export function toMajorText(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  return decimals ? toMajor(minor, currency).toFixed(decimals) : String(minor);
}

export const createLinkSchema = (currency: string) => createGatewayBody.extend({ amount: amountField(currency) });
export const updateLinkSchema = (currency: string) => updateGatewayBody.extend({ amount: amountField(currency) });

export type LinkFormValues = {
  amount: string;
  shop_name: string;
  message: string;
  order_id: string;
  success_url: string;
  failure_url: string;
};
