import { z } from "zod";
import { singleLine } from "@/lib/core/single-line";
import { countryCodes } from "@/lib/countries";
import { languages } from "@/lib/core/languages";

/** A card payment's payer (operator CARD), the fields CinetPay's card channel asks for (./card-payer.ts checks them): on a link's, a page's and an invoice's submit alike. */
export const cardPayerInput = z.object({
  card_name: z.string().max(400).optional(),
  card_surname: z.string().max(400).optional(),
  card_email: z.string().max(400).optional(),
  card_address: z.string().max(400).optional(),
  card_city: z.string().max(400).optional(),
  card_country: z.string().max(400).optional(),
  card_state: z.string().max(400).optional(),
  card_zip_code: z.string().max(400).optional(),
});

// What a buyer submits on a checkout page (form post or fetch). Field problems come back as
// FastAPI-style items with loc ["body", field]; the checkout page words them for the buyer.
export const checkoutInput = z.object({
  country: z.enum(countryCodes),
  operator: z.string().min(1).max(40),
  phone: z.string().trim().min(1).max(32),
  client_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .describe("Made by the page once per attempt: a double tap or a retry never makes two deposits"),
  full_name: singleLine(100, { min: 0 }).optional(),
  email: z.string().trim().max(254).optional(),
  answers: z.record(z.string(), z.string().max(2000)).default({}),
  ...cardPayerInput.shape,
  /** the page's language, set by the checkout itself: the buyer's receipt mail is written in it */
  lang: z.enum(languages).optional(),
});
export type CheckoutInput = z.input<typeof checkoutInput>;
