import { and, desc, eq, gt, sql } from "drizzle-orm";
import { ValidationError, type ValidationItem } from "@/lib/core/errors";
import { parseAmount } from "@/lib/core/amount-text";
import type { PaymentRequestDelivery, PaymentRequestStatus } from "@/lib/core/payment-requests";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { item, valueError } from "@/lib/core/validation";
import { countries, isCountry, type CountryIso3 } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { accounts, deposits, paymentGateways, paymentRequests } from "@/lib/db/schema";
import { hit, RateLimitedError, type Limit } from "@/lib/http/rate-limit";
import { createPaymentRequest, parseBuyer, type Asker } from "./create";
import { payUrl, stateOf } from "./queries";
import { findOpenStall, type StallRow } from "./stalls";

// The buyer's side of a stall (`/s/{code}`): no session, no key. The stall stands for its account:
// the request is the account's, of channel `stall`, collected by the stall's cashier, with the
// stall's bounds for the amount and the push limits (the buyer's address included) of any request.
//
// A double submit (a double tap without the page's script, a re-sent form) must ring the phone
// once. payment_requests has no idempotency column, so the form's one-time client token is claimed
// in the rate-limit store (shared by every process: Redis or the database's rate_limits row, one
// atomic upsert): the first submit of a token claims it and makes the request; a second finds it
// claimed, makes nothing, and is sent to the first's status page (the stall's newest request for
// that number and amount, waited for a few seconds while the first is still being made).

/** A form view's token, claimed once for 10 minutes (longer than any buyer stands at a stall). */
export const stallFormLimit: Limit = { name: "stall-form", max: 1, windowMs: 10 * 60_000 };

/** A stall's request expires after 15 minutes: the buyer stands at the stall, now or never. */
const EXPIRES_IN = 15 * 60;

export type OpenStall = { stall: StallRow; businessName: string; country: CountryIso3; operators: [code: string, name: string][] };

/** An open stall with its account's name and country, by its code; null when unknown or archived. */
export async function openStall(code: string): Promise<OpenStall | null> {
  const stall = await findOpenStall(code);
  if (!stall) return null;
  const db = await getDb();
  const [account] = await db.select({ name: accounts.businessName, country: accounts.country }).from(accounts).where(eq(accounts.id, stall.accountId));
  if (!account || !isCountry(account.country)) return null;
  const operators = Object.entries(countries[account.country].operators as Record<string, string>);
  return { stall, businessName: account.name, country: account.country, operators };
}

/** What the buyer typed: the amount as written ("5 000"), the number, the operator (empty: the number's). */
export type StallSale = { amount: string; phone: string; operator: string; client_token: string };

/** A second submit of the same form: nothing made, and the first's request not found in time. */
export class FormAlreadySent extends Error {
  constructor() {
    super("This form was already sent");
  }
}

function askerOf({ stall, country }: OpenStall): Asker {
  return { accountId: stall.accountId, mode: stall.mode, country, currency: stall.currency, role: "owner", userId: stall.userId, apiKeyId: null };
}

/**
 * POST /s/{code}: a request to pay the buyer's number, within the stall's bounds; its id. Throws
 * ValidationError (every problem at once), RateLimitedError (the push limits), ApiError
 * (no provider for the operator) or FormAlreadySent.
 */
export async function sellAtStall(open: OpenStall, sale: StallSale, clientAddress: string): Promise<string> {
  const { stall } = open;
  const asker = askerOf(open);
  const problems: ValidationItem[] = [];
  const amount = parseAmount(sale.amount, stall.currency);
  if (sale.amount.trim() === "") problems.push(item(["body", "amount"], "missing"));
  else if (amount === null) problems.push(item(["body", "amount"], "int_parsing"));
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(sale.client_token)) problems.push(valueError(["body", "client_token"], "the form has expired"));
  let buyer: Awaited<ReturnType<typeof parseBuyer>> | undefined;
  try {
    const body = { amount: amount ?? stall.minAmount, phone_number: sale.phone, operator: sale.operator || undefined };
    buyer = await parseBuyer(asker, body, { min: stall.minAmount, max: stall.maxAmount });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.items);
  }
  if (problems.length || !buyer || amount === null) throw new ValidationError(problems);

  if (!(await claimForm(stall.id, sale.client_token))) return firstOf(stall.id, buyer.phone, amount);
  const request = await createPaymentRequest(
    asker,
    { amount, phone_number: `+${buyer.phone}`, country: buyer.country, operator: buyer.operator, reference: "", order_id: "", message: "", expires_in: EXPIRES_IN },
    { channel: "stall", stallId: stall.id, collectorUserId: stall.userId, clientAddress },
  );
  return request.id;
}

async function claimForm(stallId: string, token: string): Promise<boolean> {
  try {
    await hit(stallFormLimit, `${stallId}:${token}`);
    return true;
  } catch (error) {
    if (error instanceof RateLimitedError) return false;
    throw error;
  }
}

/** The request the first submit of a form made: the stall's newest for this number and amount. */
async function firstOf(stallId: string, phone: string, amount: number): Promise<string> {
  const db = await getDb();
  const deadline = Date.now() + 5000;
  for (;;) {
    const [found] = await db
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .innerJoin(paymentGateways, eq(paymentGateways.id, paymentRequests.paymentGatewayId))
      .where(
        and(
          eq(paymentRequests.stallId, stallId),
          eq(paymentRequests.phoneNumber, phone),
          eq(paymentGateways.amount, amount),
          gt(paymentRequests.createdAt, sql`now() - make_interval(secs => ${stallFormLimit.windowMs / 1000})`),
        ),
      )
      .orderBy(desc(paymentRequests.createdAt))
      .limit(1);
    if (found) return found.id;
    if (Date.now() >= deadline) throw new FormAlreadySent();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the buyer's status page shows of a request: never the whole number. */
export type StallRequestState = {
  id: string;
  status: PaymentRequestStatus;
  delivery: PaymentRequestDelivery;
  amount: number;
  currency: string;
  operator: string;
  phone: string;
  receiptCode: string | null;
  failureReason: string | null;
  payUrl: string;
  createdAt: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request made at this stall, by id; null for any other (another stall's, unknown, not a UUID). */
export async function stallRequest(stall: StallRow, id: string): Promise<StallRequestState | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ request: paymentRequests, gateway: paymentGateways })
    .from(paymentRequests)
    .innerJoin(paymentGateways, eq(paymentGateways.id, paymentRequests.paymentGatewayId))
    .where(and(eq(paymentRequests.id, id), eq(paymentRequests.stallId, stall.id)));
  if (!row) return null;
  const payments = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, row.gateway.id)).orderBy(deposits.createdAt, deposits.id);
  const state = stateOf(row.request, payments);
  const failed = state.status === "failed" || state.status === "expired";
  return {
    id: row.request.id,
    status: state.status,
    delivery: row.request.delivery,
    amount: row.gateway.amount,
    currency: row.gateway.currency,
    operator: row.request.operator,
    phone: row.request.phoneNumber,
    receiptCode: state.paid?.receiptCode ? formatReceiptCode(state.paid.receiptCode) : null,
    failureReason: failed ? (state.latest?.failureReason ?? (state.latest?.status === "expired" || !state.latest ? "expired" : null)) : null,
    payUrl: payUrl(row.request.code),
    createdAt: row.request.createdAt,
  };
}

/** The status page's long poll: the request once its status is not `seen`, or after `wait` seconds. */
export async function waitForStallRequest(stall: StallRow, id: string, wait: number, seen?: string): Promise<StallRequestState | null> {
  const deadline = Date.now() + wait * 1000;
  for (;;) {
    const state = await stallRequest(stall, id);
    if (!state || !seen || state.status !== seen || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadline - Date.now()))));
  }
}
