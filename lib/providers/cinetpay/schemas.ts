import { z } from "zod";

// CinetPay payment API v2 bodies, written from docs.cinetpay.com (Initialization, Transaction
// Verification, Code table). The contract emulator refuses any initialisation that does not match.

export const initRequest = z.strictObject({
  apikey: z.string().min(1),
  site_id: z.string().min(1),
  /** unique per payment; the docs forbid special characters */
  transaction_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  /** an integer; a multiple of 5 except in USD */
  amount: z.number().int().positive(),
  currency: z.enum(["XOF", "XAF", "CDF", "GNF", "USD"]),
  /** the docs forbid $, #, / and other special characters */
  description: z.string().min(1).max(200).regex(/^[^$#/]*$/),
  notify_url: z.url(),
  return_url: z.url(),
  channels: z.enum(["ALL", "MOBILE_MONEY", "CREDIT_CARD", "WALLET"]),
  lang: z.enum(["fr", "en"]).optional(),
  metadata: z.string().optional(),
  lock_phone_number: z.boolean().optional(),
  customer_id: z.string().optional(),
  customer_name: z.string().optional(),
  customer_surname: z.string().optional(),
  customer_email: z.string().optional(),
  customer_phone_number: z.string().optional(),
  customer_address: z.string().optional(),
  customer_city: z.string().optional(),
  customer_country: z.string().length(2).optional(),
  customer_state: z.string().optional(),
  customer_zip_code: z.string().optional(),
  invoice_data: z.record(z.string(), z.string()).optional(),
}).superRefine((body, ctx) => {
  if (body.currency !== "USD" && body.amount % 5 !== 0) ctx.addIssue({ code: "custom", path: ["amount"], message: "must be a multiple of 5" });
  // "for the credit card payment option, add this information": a card-only init carries them all
  if (body.channels === "CREDIT_CARD") {
    for (const field of CARD_CUSTOMER_FIELDS) if (!body[field]?.trim()) ctx.addIssue({ code: "custom", path: [field], message: "required for a card payment" });
  }
});

/** The customer fields CinetPay's initialisation lists for its card option (docs: checkout/initialisation). */
export const CARD_CUSTOMER_FIELDS = [
  "customer_name",
  "customer_surname",
  "customer_email",
  "customer_phone_number",
  "customer_address",
  "customer_city",
  "customer_country",
  "customer_state",
  "customer_zip_code",
] as const;
export type InitRequest = z.input<typeof initRequest>;

export const initAnswer = z.object({
  code: z.string(),
  message: z.string().optional(),
  description: z.string().optional(),
  data: z.object({ payment_token: z.string(), payment_url: z.url() }).optional(),
  api_response_id: z.string().optional(),
});

export const checkRequest = z.strictObject({
  apikey: z.string().min(1),
  site_id: z.string().min(1),
  transaction_id: z.string().min(1).optional(),
  token: z.string().min(1).optional(),
});

export const checkAnswer = z.object({
  code: z.string(),
  message: z.string().optional(),
  data: z
    .object({
      amount: z.union([z.string(), z.number()]).transform(String),
      currency: z.string(),
      status: z.string(),
      payment_method: z.string().nullish(),
      description: z.string().nullish(),
      metadata: z.unknown().optional(),
      operator_id: z.string().nullish(),
      payment_date: z.string().nullish(),
    })
    .nullish(),
  api_response_id: z.string().optional(),
});
export type CheckAnswer = z.infer<typeof checkAnswer>;

// CinetPay's transfer API v1 (docs.cinetpay.com/api/1.0-en/transfert): money out to a phone. It has
// its own host and credentials (the API key and the transfer API password); a token from
// POST /v1/auth/login lives 5 minutes; a phone must be one of our contacts before it is paid.
// Every call answers `code` 0 on success (a number or a string), else a documented code (701 …).

const code = z.union([z.number(), z.string()]).transform(String);

export const loginAnswer = z.object({ code, message: z.string().optional(), data: z.union([z.object({ token: z.string().min(1) }), z.array(z.unknown())]).optional() });

/** POST /v1/transfer/contact, form field `data`: a JSON list of contacts. */
export const contactRequest = z.array(
  z.strictObject({
    prefix: z.string().regex(/^\d{1,4}$/),
    phone: z.string().regex(/^\d{6,12}$/),
    name: z.string().min(1),
    surname: z.string().min(1),
    email: z.email(),
  }),
).min(1);
export type ContactRequest = z.infer<typeof contactRequest>;

/** POST /v1/transfer/money/send/contact, form field `data`: a JSON list of transfers. */
export const transferRequest = z.array(
  z.strictObject({
    prefix: z.string().regex(/^\d{1,4}$/),
    phone: z.string().regex(/^\d{6,12}$/),
    /** whole units, a multiple of 5 */
    amount: z.number().int().positive().multipleOf(5),
    notify_url: z.url(),
    client_transaction_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
    payment_method: z.string().optional(),
  }),
).min(1);
export type TransferRequest = z.infer<typeof transferRequest>;

/** NEW, REC (in process) and NOS (awaiting confirmation) are transitions; VAL and REJ are final. */
export const treatmentStatuses = ["NEW", "REC", "NOS", "VAL", "REJ"] as const;

export const transfer = z.object({
  transaction_id: z.string().nullish(),
  client_transaction_id: z.string().nullish(),
  lot: z.string().nullish(),
  amount: z.union([z.number(), z.string()]).transform(String).nullish(),
  receiver: z.string().nullish(),
  sending_status: z.string().nullish(),
  comment: z.string().nullish(),
  treatment_status: z.enum(treatmentStatuses),
  operator_transaction_id: z.string().nullish(),
  validated_at: z.string().nullish(),
});
export type Transfer = z.infer<typeof transfer>;

/** The send answer lists what was taken, sometimes as a list of lists (one per batch). */
export const sendAnswer = z.object({ code, message: z.string().optional(), description: z.string().optional(), data: z.unknown().optional() });

export const checkTransferAnswer = z.object({ code, message: z.string().optional(), description: z.string().optional(), data: z.array(transfer).nullish() });
export type CheckTransferAnswer = z.infer<typeof checkTransferAnswer>;
