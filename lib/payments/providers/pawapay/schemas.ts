import { z } from "zod";

// pawaPay Merchant API v2 bodies, written from its API reference (docs.pawapay.io/v2/api-reference).
// The adapter parses every answer with them; the contract emulator refuses any request that does
// not match them, as pawaPay answers 400 INVALID_INPUT / MISSING_PARAMETER / UNSUPPORTED_PARAMETER.

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
/** "Amount must follow the provider's decimal places; no leading zeros, no trailing dot." */
const amount = z.string().regex(/^([1-9]\d{0,17}|0)(\.\d{1,2})?$/);
const failureReason = z.object({ failureCode: z.string(), failureMessage: z.string().optional() });

export const depositRequest = z.strictObject({
  depositId: uuid,
  payer: z.strictObject({
    type: z.literal("MMO"),
    accountDetails: z.strictObject({
      phoneNumber: z.string().regex(/^\d{9,15}$/),
      provider: z.string().min(3),
    }),
  }),
  amount,
  currency: z.string().length(3),
  preAuthorisationCode: z.string().optional(),
  clientReferenceId: z.string().min(1).max(100).optional(),
  /** "4 to 22 characters": shown on the payer's PIN prompt or statement */
  customerMessage: z
    .string()
    .min(4)
    .max(22)
    .regex(/^[A-Za-z0-9 ]+$/)
    .optional(),
  metadata: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
});
export type DepositRequest = z.infer<typeof depositRequest>;

export const initiateAnswer = z.object({
  depositId: uuid,
  status: z.enum(["ACCEPTED", "REJECTED", "DUPLICATE_IGNORED"]),
  nextStep: z.string().optional(),
  created: z.string().optional(),
  failureReason: failureReason.optional(),
});
export type InitiateAnswer = z.infer<typeof initiateAnswer>;

export const depositStatuses = ["ACCEPTED", "PROCESSING", "IN_RECONCILIATION", "COMPLETED", "FAILED"] as const;

/** A deposit as GET /v2/deposits/{depositId} and the deposit callback describe it. */
export const deposit = z.object({
  depositId: uuid,
  status: z.enum(depositStatuses),
  amount,
  currency: z.string().length(3),
  country: z.string().length(3).optional(),
  payer: z.object({
    type: z.literal("MMO"),
    accountDetails: z.object({ phoneNumber: z.string(), provider: z.string() }),
  }),
  customerMessage: z.string().optional(),
  clientReferenceId: z.string().optional(),
  created: z.string(),
  providerTransactionId: z.string().optional(),
  failureReason: failureReason.optional(),
  metadata: z.unknown().optional(),
});
export type Deposit = z.infer<typeof deposit>;

export const statusAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("FOUND"), data: deposit }),
  z.object({ status: z.literal("NOT_FOUND") }),
]);

const operation = z.object({
  minAmount: amount.optional(),
  maxAmount: amount.optional(),
  decimalsInAmount: z.enum(["NONE", "TWO_PLACES"]).optional(),
  authType: z.string().optional(),
});

/** GET /v2/active-conf (only the parts Kola reads; others pass through). */
export const activeConf = z.object({
  companyName: z.string().optional(),
  countries: z.array(
    z.object({
      country: z.string().length(3),
      providers: z.array(
        z.object({
          provider: z.string(),
          currencies: z.array(
            z.object({
              currency: z.string().length(3),
              operationTypes: z.object({ DEPOSIT: operation.optional() }).loose(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type ActiveConf = z.infer<typeof activeConf>;

/** GET /v2/availability: each provider's processing status per operation type. */
export const availability = z.array(
  z.object({
    country: z.string().length(3),
    providers: z.array(
      z.object({
        provider: z.string(),
        operationTypes: z.object({ DEPOSIT: z.enum(["OPERATIONAL", "DELAYED", "CLOSED"]).optional() }).loose(),
      }),
    ),
  }),
);

export const predictRequest = z.strictObject({ phoneNumber: z.string().min(6).max(20) });
export const predictAnswer = z.object({ country: z.string().length(3), provider: z.string(), phoneNumber: z.string() });

/** GET /v2/public-key/http: the keys pawaPay signs callbacks with. */
export const publicKeys = z.array(z.object({ id: z.string(), key: z.string() }));
