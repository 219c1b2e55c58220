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

// Money out (docs.pawapay.io/v2/api-reference/payouts, …/refunds): a payout pays a phone from our
// pawaPay wallet; a refund returns all or part of a completed deposit to its payer. Both are
// idempotent on our id (payoutId / refundId: DUPLICATE_IGNORED on a repeat).

const mmo = z.strictObject({
  type: z.literal("MMO"),
  accountDetails: z.strictObject({
    phoneNumber: z.string().regex(/^\d{9,15}$/),
    provider: z.string().min(3),
  }),
});

export const payoutRequest = z.strictObject({
  payoutId: uuid,
  recipient: mmo,
  amount,
  currency: z.string().length(3),
  clientReferenceId: z.string().min(1).max(100).optional(),
  customerMessage: z
    .string()
    .min(4)
    .max(22)
    .regex(/^[A-Za-z0-9 ]+$/)
    .optional(),
  metadata: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
});
export type PayoutRequest = z.infer<typeof payoutRequest>;

/** A partial refund names its amount and currency; without them the rest of the deposit is refunded. */
export const refundRequest = z
  .strictObject({
    refundId: uuid,
    depositId: uuid,
    amount: amount.optional(),
    currency: z.string().length(3).optional(),
    clientReferenceId: z.string().min(1).max(100).optional(),
    metadata: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
  })
  .refine((r) => (r.amount === undefined) === (r.currency === undefined), { message: "amount and currency go together", path: ["currency"] });
export type RefundRequest = z.infer<typeof refundRequest>;

const initiation = z.enum(["ACCEPTED", "REJECTED", "DUPLICATE_IGNORED"]);
export const payoutAnswer = z.object({ payoutId: uuid, status: initiation, created: z.string().optional(), failureReason: failureReason.optional() });
export const refundAnswer = z.object({ refundId: uuid, status: initiation, created: z.string().optional(), failureReason: failureReason.optional() });

/** ENQUEUED: pawaPay holds a payout while the provider is down; PROCESSING only in callbacks of redirect flows. */
export const disbursementStatuses = ["ACCEPTED", "ENQUEUED", "PROCESSING", "IN_RECONCILIATION", "COMPLETED", "FAILED"] as const;

const disbursementFields = {
  status: z.enum(disbursementStatuses),
  amount,
  currency: z.string().length(3),
  country: z.string().length(3).optional(),
  recipient: z.object({ type: z.literal("MMO"), accountDetails: z.object({ phoneNumber: z.string(), provider: z.string() }) }),
  customerMessage: z.string().optional(),
  clientReferenceId: z.string().optional(),
  created: z.string(),
  providerTransactionId: z.string().optional(),
  failureReason: failureReason.optional(),
  metadata: z.unknown().optional(),
};

/** A payout as GET /v2/payouts/{payoutId} and the payout callback describe it. */
export const payout = z.object({ payoutId: uuid, ...disbursementFields });
export type Payout = z.infer<typeof payout>;

/** A refund as GET /v2/refunds/{refundId} and the refund callback describe it. */
export const refund = z.object({ refundId: uuid, ...disbursementFields });
export type Refund = z.infer<typeof refund>;

export const payoutStatusAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("FOUND"), data: payout }),
  z.object({ status: z.literal("NOT_FOUND") }),
]);
export const refundStatusAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("FOUND"), data: refund }),
  z.object({ status: z.literal("NOT_FOUND") }),
]);
