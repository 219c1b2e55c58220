import { eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import type { PaymentRequestChannel, PaymentRequestDelivery } from "@/lib/core/payment-requests";
import { randomCode } from "@/lib/runtime/random-code";
import { valueError } from "@/lib/core/validation";
import { amountBounds, countries, isCountry, type CountryIso3 } from "@/lib/countries";
import type { Currency } from "@/lib/core/money";
import { operatorMismatch, payoutOperatorOf } from "@/lib/countries/operator-of-number";
import { parsePhone } from "@/lib/countries/phones";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { accounts, paymentGateways, paymentRequests } from "@/lib/db/schema";
import { createDeposit, DepositConflict } from "@/lib/deposits/create-deposit";
import { candidatesFor, providerForMode } from "@/lib/providers";
import { predictedOperator } from "@/lib/providers/predict-operator";
import { wakeJob } from "@/lib/runtime/wake";
import { payableCountries } from "@/lib/payments/start-payment";
import { limitPush } from "./limits";
import { getPaymentRequestOrThrow, lockPaymentRequest, stateOf, type Viewer } from "./queries";
import type { CreatePaymentRequestBody, PaymentRequestView, ResendPaymentRequestBody } from "./schemas";

// A request to pay is recorded whole in the caller's transaction — its one-buyer link, the request,
// and (for a push) the payment attempt — and the prompt is pushed after it commits, by the
// `request-push` job woken at once (push.ts): a request that rolls back never rang anyone, and a
// prompt is never pushed for a payment Kola has no row of. Two sends of one request cannot both
// ring: the database holds one attempt in flight per link (deposits_one_pending_per_link_key).

/** Who asks: the account and mode, and the member or key collecting (none for the account's own stall). */
export type Asker = Viewer & Pick<Auth, "currency" | "apiKeyId">;

export type RequestOrigin = { channel: PaymentRequestChannel; stallId?: string; collectorUserId?: string | null; clientAddress?: string };

type Buyer = { country: CountryIso3; phone: string; operator: string };

/**
 * The buyer's number, country and operator, every problem at once (422): a number of a country that
 * pays in the account's currency; an operator of that country, and the number's own where its
 * prefix tells it for certain; without one, pawaPay's prediction (live mode, where configured) or
 * the numbering plan's, and a number neither tells is refused.
 */
export async function parseBuyer(
  asker: Pick<Asker, "country" | "currency" | "mode">,
  body: { amount: number; phone_number: string; country?: string; operator?: string },
  bounds: { min: number; max: number } = amountBounds(asker.currency as Currency),
): Promise<Buyer> {
  const problems: ValidationItem[] = [];
  if (body.amount < bounds.min || body.amount > bounds.max) {
    problems.push(valueError(["body", "amount"], `must be between ${bounds.min} and ${bounds.max} ${asker.currency}`));
  }
  const payable = payableCountries(asker.currency);
  let country: CountryIso3 | undefined;
  if (body.country !== undefined) {
    const given = body.country.toUpperCase();
    if (!isCountry(given)) problems.push(valueError(["body", "country"], "not a country Kola serves"));
    else country = given;
  }
  // an international number says its country; a national one is of `country`, or the account's
  const international = /^\s*(\+|00)/.test(body.phone_number);
  const phone = international ? parsePhone(body.phone_number.replace(/^\s*00/, "+")) : parsePhone(body.phone_number, country ?? (isCountry(asker.country) ? asker.country : undefined));
  if (!phone) problems.push(valueError(["body", "phone_number"], "not a valid mobile number (international form, or national form of `country`)"));
  else if (country && phone.country !== country) problems.push(valueError(["body", "phone_number"], `a number of ${phone.country}, not of ${country}`));
  country = phone?.country ?? country;
  if (country && !payable.includes(country)) {
    problems.push(valueError(["body", phone ? "phone_number" : "country"], `a number of ${country}, which does not pay in ${asker.currency}`));
  }
  let operator = body.operator;
  if (country && operator !== undefined && !Object.hasOwn(countries[country].operators, operator)) {
    problems.push(valueError(["body", "operator"], `not an operator of ${country}`));
  } else if (country && phone && operator !== undefined) {
    const mismatch = operatorMismatch(operator, phone.digits, country);
    if (mismatch) problems.push(valueError(["body", "operator"], mismatch));
  } else if (country && phone && operator === undefined) {
    operator = (asker.mode === "live" ? await predictedOperator(phone.digits, country) : null) ?? payoutOperatorOf(phone.digits, country) ?? undefined;
    if (!operator) problems.push(valueError(["body", "operator"], "the number's operator cannot be told from it: give `operator`"));
  }
  if (problems.length) throw new ValidationError(problems);
  return { country: country!, phone: phone!.digits, operator: operator! };
}

/** The short code of a request's pay link (`/p/{code}`): 8 characters, 40 random bits. */
function newCode(): string {
  return randomCode(8).toLowerCase();
}

/** How the first provider that may take the operator's money collects: a pushed prompt, or its page. */
async function deliveryFor(asker: Pick<Asker, "mode">, operator: string, amount: number): Promise<{ delivery: PaymentRequestDelivery; provider: string }> {
  providerForMode(asker.mode);
  const [first] = await candidatesFor(asker.mode, operator, amount);
  if (!first) throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  return { delivery: first.provider.capabilities.push ? "push" : "link", provider: first.provider.name };
}

/** POST /v1/payment-requests (and the counter, and a stall's page). */
export async function createPaymentRequest(asker: Asker, body: CreatePaymentRequestBody, origin: RequestOrigin): Promise<PaymentRequestView> {
  const buyer = await parseBuyer(asker, body);
  await limitPush(asker, buyer.phone, origin.clientAddress);
  const { delivery, provider } = await deliveryFor(asker, buyer.operator, body.amount);
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [account] = await tx.select({ name: accounts.businessName, country: accounts.country }).from(accounts).where(eq(accounts.id, asker.accountId));
    const [gateway] = await tx
      .insert(paymentGateways)
      .values({
        accountId: asker.accountId,
        mode: asker.mode,
        amount: body.amount,
        currency: asker.currency,
        country: account!.country,
        shopName: account!.name,
        message: body.message,
        orderId: body.order_id,
        origin: "request",
      })
      .onConflictDoNothing()
      .returning();
    if (!gateway) throw new ApiError("ORDER_ID_CONFLICT");
    const collectorUserId = origin.collectorUserId !== undefined ? origin.collectorUserId : asker.userId;
    const [request] = await tx
      .insert(paymentRequests)
      .values({
        accountId: asker.accountId,
        mode: asker.mode,
        paymentGatewayId: gateway.id,
        code: newCode(),
        channel: origin.channel,
        stallId: origin.stallId ?? null,
        phoneNumber: buyer.phone,
        country: buyer.country,
        operator: buyer.operator,
        delivery,
        reference: body.reference,
        createdByUserId: collectorUserId ?? null,
        createdByKeyId: collectorUserId ? null : asker.apiKeyId,
        expiresAt: sql`now() + make_interval(secs => ${body.expires_in})`,
      })
      .returning({ id: paymentRequests.id });
    if (delivery === "push") await recordPush(tx, { accountId: asker.accountId, mode: asker.mode, gatewayId: gateway.id, amount: body.amount, currency: asker.currency, ...buyer, provider });
    return request!.id;
  });
  if (delivery === "push") wakeJob("request-push");
  return getPaymentRequestOrThrow(asker, id);
}

type Push = { accountId: string; mode: Asker["mode"]; gatewayId: string; amount: number; currency: string; country: string; phone: string; operator: string; provider: string };

/** The attempt a push will offer, pending; the database refuses a second in flight on the link. */
async function recordPush(tx: Db | Tx, push: Push): Promise<void> {
  try {
    await tx.transaction((savepoint) =>
      createDeposit(
        {
          accountId: push.accountId,
          mode: push.mode,
          amount: push.amount,
          currency: push.currency,
          country: push.country,
          operator: push.operator,
          phoneNumber: push.phone,
          provider: push.provider,
          paymentGatewayId: push.gatewayId,
        },
        savepoint,
      ),
    );
  } catch (error) {
    if (error instanceof DepositConflict) throw new ApiError("PAYMENT_REQUEST_IN_FLIGHT");
    throw error;
  }
}

/** POST /v1/payment-requests/{id}/resend: a new prompt after a failed or timed-out one. */
export async function resendPaymentRequest(asker: Asker, id: string, body: ResendPaymentRequestBody, clientAddress?: string): Promise<PaymentRequestView> {
  const db = await getDb();
  const pushed = await db.transaction(async (tx) => {
    const { request, gateway, payments } = await lockPaymentRequest(tx, asker, id);
    const state = stateOf(request, payments);
    if (!state.open) throw new ApiError("PAYMENT_REQUEST_CLOSED");
    if (state.inFlight) throw new ApiError("PAYMENT_REQUEST_IN_FLIGHT");
    const operator = body?.operator ?? request.operator;
    if (body?.operator !== undefined) await parseBuyer(asker, { amount: gateway.amount, phone_number: request.phoneNumber, country: request.country, operator });
    await limitPush(asker, request.phoneNumber, clientAddress);
    const { delivery, provider } = await deliveryFor(asker, operator, gateway.amount);
    await tx.update(paymentRequests).set({ operator, delivery }).where(eq(paymentRequests.id, id));
    if (delivery !== "push") return false;
    const buyer = { country: request.country, phone: request.phoneNumber, operator };
    await recordPush(tx, { accountId: asker.accountId, mode: asker.mode, gatewayId: gateway.id, amount: gateway.amount, currency: gateway.currency, ...buyer, provider });
    return true;
  });
  if (pushed) wakeJob("request-push");
  return getPaymentRequestOrThrow(asker, id);
}

/**
 * POST /v1/payment-requests/{id}/cancel: only while nothing is on the buyer's phone (a pushed prompt
 * cannot be withdrawn at the operator); its link is archived in the same transaction, under the
 * link's row lock that a checkout attempt also takes, so no attempt starts on a cancelled request.
 */
export async function cancelPaymentRequest(asker: Asker, id: string): Promise<PaymentRequestView> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { request, payments } = await lockPaymentRequest(tx, asker, id);
    if (request.cancelledAt) return;
    const state = stateOf(request, payments);
    if (state.paid) throw new ApiError("PAYMENT_REQUEST_CLOSED", "This payment request is paid: refund it instead");
    if (state.inFlight) throw new ApiError("PAYMENT_REQUEST_IN_FLIGHT");
    await tx.update(paymentRequests).set({ cancelledAt: sql`now()` }).where(eq(paymentRequests.id, id));
    await tx.update(paymentGateways).set({ archivedAt: sql`now()` }).where(eq(paymentGateways.id, request.paymentGatewayId));
  });
  return getPaymentRequestOrThrow(asker, id);
}
