import { z } from "zod";
import { UUID_SHAPE } from "@/lib/core/uuid";

// pawaPay Merchant API v2 bodies, written from its API reference (docs.pawapay.io/v2/api-reference).
// The adapter parses every answer with them; the contract emulator refuses any request that does
// not match them, as pawaPay answers 400 INVALID_INPUT / MISSING_PARAMETER / UNSUPPORTED_PARAMETER.

const uuid = z.string().regex(UUID_SHAPE);
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

/** What a deposit, a payout and a refund carry alike in pawaPay's status answers and callbacks. */
const transactionFields = {
  amount,
  currency: z.string().length(3),
  country: z.string().length(3).optional(),
  customerMessage: z.string().optional(),
  clientReferenceId: z.string().optional(),
  created: z.string().optional(),
  providerTransactionId: z.string().optional(),
  failureReason: failureReason.optional(),
  metadata: z.unknown().optional(),
};

/** A deposit as GET /v2/deposits/{depositId} and the deposit callback describe it. */
export const deposit = z.object({
  depositId: uuid,
  status: z.enum(depositStatuses),
  // read by nobody here; the published status example even spells it `phoneNUmber`
  payer: z.unknown().optional(),
  ...transactionFields,
});
export type Deposit = z.infer<typeof deposit>;

export const statusAnswer = z.discriminatedUnion("status", [
  z.object({ status: z.literal("FOUND"), data: deposit }),
  z.object({ status: z.literal("NOT_FOUND") }),
]);

/** One operation type's limits in active-conf, in both published spellings (schema and example). */
export type OperationConf = { min?: string; max?: string; decimalsInAmount?: string };
export type ProviderConf = { provider: string; currency: string; operations: Record<string, OperationConf> };

const text = z.union([z.string(), z.number()]).transform(String);
const operationFields = z
  .object({
    operationType: z.string().optional(),
    minAmount: text.optional(),
    maxAmount: text.optional(),
    minTransactionLimit: text.optional(),
    maxTransactionLimit: text.optional(),
    decimalsInAmount: z.string().optional(),
  })
  .loose();

const limitsOf = (o: z.output<typeof operationFields>): OperationConf => ({
  min: o.minAmount ?? o.minTransactionLimit,
  max: o.maxAmount ?? o.maxTransactionLimit,
  decimalsInAmount: o.decimalsInAmount,
});

/**
 * active-conf's `operationTypes`, in every form pawaPay publishes: an object keyed by operation
 * type (the schema), a list of one-key objects (the page's example), or a list of
 * `{operationType, …}` (v1's form). An entry that cannot be read is skipped, never the provider.
 */
function operationsOf(value: unknown): Record<string, OperationConf> {
  const out: Record<string, OperationConf> = {};
  const take = (type: string, fields: unknown) => {
    const parsed = operationFields.safeParse(fields ?? {});
    if (parsed.success) out[type] = limitsOf(parsed.data);
  };
  const items = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : [];
  for (const item of items) {
    if (!item || typeof item !== "object") continue;
    const typed = (item as { operationType?: unknown }).operationType;
    if (typeof typed === "string") take(typed, item);
    else for (const [type, fields] of Object.entries(item)) if (/^[A-Z_]+$/.test(type)) take(type, fields);
  }
  return out;
}

const providerEntry = z
  .object({
    provider: z.string().min(1),
    // v2 nests currencies; a provider written the v1 way carries its currency itself
    currencies: z.array(z.object({ currency: z.string().length(3), operationTypes: z.unknown() }).loose()).optional(),
    currency: z.string().length(3).optional(),
    operationTypes: z.unknown().optional(),
  })
  .loose();

const confShape = z.object({ countries: z.array(z.object({ country: z.string(), providers: z.array(z.unknown()) }).loose()) }).loose();

/**
 * GET /v2/active-conf, read leniently: unknown fields are ignored and a provider entry that cannot
 * be read is reported in `skipped`, the others kept. Throws only when the document as a whole is
 * not one (no `countries` list): the configuration is then unreadable.
 */
export function readActiveConf(body: unknown): { providers: ProviderConf[]; skipped: string[] } {
  const doc = confShape.parse(body);
  const providers: ProviderConf[] = [];
  const skipped: string[] = [];
  for (const country of doc.countries) {
    for (const raw of country.providers) {
      const entry = providerEntry.safeParse(raw);
      if (!entry.success) {
        skipped.push(`${country.country}: ${JSON.stringify(raw).slice(0, 60)}`);
        continue;
      }
      const { provider, currencies, currency, operationTypes } = entry.data;
      const list = currencies?.length ? currencies : currency ? [{ currency, operationTypes }] : [];
      if (!list.length) skipped.push(`${provider}: no currency`);
      for (const c of list) providers.push({ provider, currency: c.currency, operations: operationsOf(c.operationTypes) });
    }
  }
  return { providers, skipped };
}

export type ProviderStatuses = Map<string, Record<string, string>>;

const statusFields = z.object({ operationType: z.string(), status: z.string() }).loose();

/**
 * GET /v2/availability: each provider's status per operation type, as a list of
 * `{operationType, status}` (the published example) or an object keyed by operation type.
 */
export function readAvailability(body: unknown): ProviderStatuses {
  const doc = z.array(z.object({ country: z.string(), providers: z.array(z.unknown()) }).loose()).parse(body);
  const out: ProviderStatuses = new Map();
  for (const country of doc) {
    for (const raw of country.providers) {
      const entry = z.object({ provider: z.string(), operationTypes: z.unknown() }).loose().safeParse(raw);
      if (!entry.success) continue;
      const statuses: Record<string, string> = {};
      const types = entry.data.operationTypes;
      if (Array.isArray(types)) {
        for (const item of types) {
          const parsed = statusFields.safeParse(item);
          if (parsed.success) statuses[parsed.data.operationType] = parsed.data.status;
        }
      } else if (types && typeof types === "object") {
        for (const [type, status] of Object.entries(types)) if (typeof status === "string") statuses[type] = status;
      }
      out.set(entry.data.provider, statuses);
    }
  }
  return out;
}

export const predictRequest = z.strictObject({ phoneNumber: z.string().min(6).max(20) });
export const predictAnswer = z.object({ country: z.string().length(3).optional(), provider: z.string(), phoneNumber: z.string().optional() });

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
/** The refunds guide's example answers `payoutId` where the reference says `refundId`: both are read. */
export const refundAnswer = z
  .object({ refundId: uuid.optional(), payoutId: uuid.optional(), status: initiation, created: z.string().optional(), failureReason: failureReason.optional() })
  .transform(({ payoutId, ...rest }) => ({ ...rest, refundId: rest.refundId ?? payoutId }));

/** ENQUEUED: pawaPay holds a payout while the provider is down; PROCESSING only in callbacks of redirect flows. */
export const disbursementStatuses = ["ACCEPTED", "ENQUEUED", "PROCESSING", "IN_RECONCILIATION", "COMPLETED", "FAILED"] as const;

const disbursementFields = {
  status: z.enum(disbursementStatuses),
  recipient: z.unknown().optional(),
  ...transactionFields,
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
