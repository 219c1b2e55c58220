import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { limitPaymentAttempt } from "./attempt-limits";
import { countries, type CountryIso3 } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb, type Tx } from "@/lib/db/client";
import { cardPayers, deposits, marketplaces, paymentGateways, paymentRequests } from "@/lib/db/schema";
import { isCardOperator } from "@/lib/core/cards";
import { cardSettingsOf, checkCardPayer } from "./card-payer";
import { createDeposit, DepositConflict, type DepositRow } from "@/lib/deposits/create-deposit";
import type { GatewayRow } from "@/lib/gateways/queries";
import { isGatewayPaid } from "@/lib/gateways/paid";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { item, validate, valueError } from "@/lib/core/validation";
import { log, maskPhone } from "@/lib/runtime/log";
import type { MarketplaceGatewayRow } from "@/lib/marketplace-gateways/queries";
import { recordMarketplaceTransaction } from "@/lib/marketplace-gateways/record-transaction";
import { checkAnswers } from "./check-answers";
import { crashPoint } from "@/lib/runtime/crash-point";
import { depositExpirySeconds } from "@/lib/runtime/config";
import { OperatorUnreachable, offerDeposit } from "./offer-deposit";
import { candidatesFor, providerForMode } from "@/lib/providers";
import { checkoutInput, type cardPayerInput, type CheckoutInput } from "./schemas";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";

/** Another buyer's attempt holds the link (409): `retryAfterSeconds` until it ends at the latest. */
export class PaymentInProgress extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super("PAYMENT_IN_PROGRESS", undefined, undefined, { "retry-after": String(retryAfterSeconds) });
  }
}

export type PayTarget = { kind: "link"; gateway: GatewayRow } | { kind: "market"; gateway: MarketplaceGatewayRow };

/** The countries a buyer may pay from: those of the link's currency (mobile money does not convert). */
export function payableCountries(currency: string): CountryIso3[] {
  return (Object.keys(countries) as CountryIso3[]).filter((code) => countries[code].currency === currency);
}

/**
 * A buyer's payment attempt from a checkout page: checks the link can be paid and the buyer's
 * details, records a pending deposit (with the marketplace transaction), and asks the mode's
 * provider to collect. The page's client token makes a double tap or a retry return the same deposit.
 * `clientAddress` is the buyer's (lib/http/client-address.ts), for the attempt limits.
 */
export async function startPayment(
  target: PayTarget,
  raw: CheckoutInput,
  clientAddress?: string,
): Promise<DepositRow & { redirectUrl?: string }> {
  const input = validate(checkoutInput, raw, "body");
  const existing = await findByClientToken(input.client_token);
  if (existing) return unlessUnreached(sameTarget(existing, target));

  const { gateway } = target;
  if (gateway.archivedAt) throw new ApiError("GATEWAY_NOT_FOUND");
  // a page payment's own link is paid from its page only, where its units are counted
  if (target.kind === "link" && (target.gateway.origin === "page" || target.gateway.origin === "invoice")) throw new ApiError("GATEWAY_NOT_FOUND");
  providerForMode(gateway.mode);
  if (target.kind === "link" && (await isGatewayPaid(gateway.id))) throw new ApiError("GATEWAY_ALREADY_PAID");
  if (target.kind === "link" && target.gateway.origin === "request") await assertRequestOpen(gateway.id);
  if (target.kind === "market" && !(await isMarketplaceActive(target.gateway.marketplaceId))) {
    throw new ApiError("MARKETPLACE_INACTIVE");
  }

  const price = target.kind === "link" ? target.gateway.amount : buyerPrice(target.gateway.amount, target.gateway.fee);
  // a marketplace link's card pays its buyer price (the fee rule on top of it); the sale's split is the mobile-money one
  const card = isCardOperator(input.operator) ? await checkCard(target.gateway, price, input) : null;
  const { problems, phone } = card ?? checkPayer(gateway.currency, input);
  const country = input.country;

  let answers: { fieldName: string; value: string }[] = [];
  if (target.kind === "market") {
    if (!input.full_name || input.full_name.length < 2) problems.push(item(["body", "full_name"], "missing"));
    if (!input.email) problems.push(item(["body", "email"], "missing"));
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
      problems.push(valueError(["body", "email"], "not an email address"));
    const checked = checkAnswers(target.gateway.formBlocks, input.answers, countries[country].iso2);
    problems.push(...checked.problems);
    answers = checked.values;
  }
  if (problems.length || !phone) throw new ValidationError(problems);
  await limitPaymentAttempt({ mode: gateway.mode, linkId: gateway.id, phone: phone.digits, clientAddress });
  // the operator's providers that can take this amount now, in order (failover)
  const amount = card ? card.amount : price;
  const candidates = await candidatesFor(gateway.mode, input.operator, amount);
  if (!candidates.length) {
    throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  }

  const { deposit, created } = await recordAttempt(target, input, phone.digits, answers, candidates[0]!.provider.name, card);
  if (!created) return unlessUnreached(deposit); // another submit's attempt: it asked (or asks) the providers itself
  await crashPoint("deposit-recorded"); // a crash here leaves a pending deposit no provider knows: the reconciler ends it
  log("info", "payment started", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber), providers: candidates.map((c) => c.provider.name) });
  return offerDeposit(deposit, candidates);
}

/** The payer's country, operator and phone as a link of `currency` takes them: every problem, and the phone. */
export function checkPayer(currency: string, input: { country: CountryIso3; operator: string; phone: string }) {
  const problems: ValidationItem[] = [];
  const { country } = input;
  if (!payableCountries(currency).includes(country)) {
    problems.push(valueError(["body", "country"], `cannot pay ${currency} from ${country}`));
  }
  const operators = countries[country].operators as Record<string, string>;
  if (!Object.hasOwn(operators, input.operator)) {
    problems.push(valueError(["body", "operator"], "not an operator of this country"));
  }
  const phone = parsePhone(input.phone, country);
  if (!phone) problems.push(valueError(["body", "phone"], "not a valid phone number for this country"));
  return { problems, phone };
}

/**
 * A card payment's checks, the one path of a link's, a marketplace link's, a page's and an invoice's
 * card payment: offered only where the account enabled cards; the payer's details as CinetPay's card
 * channel asks for them; the amount by the account's fee rule on `price`.
 */
export async function checkCard(owner: { accountId: string; currency: string }, price: number, input: z.output<typeof checkoutInput> | (CardFields & { country: CountryIso3; phone: string })) {
  const settings = await cardSettingsOf(owner.accountId);
  const checked = checkCardPayer(input, price, owner.currency, settings);
  const problems = [...checked.problems];
  if (!settings.enabled) problems.unshift(valueError(["body", "operator"], "card payments are not offered here"));
  if (!payableCountries(owner.currency).includes(input.country)) {
    problems.unshift(valueError(["body", "country"], `cannot pay ${owner.currency} from ${input.country}`));
  }
  return { problems, phone: checked.phone ? { digits: checked.phone } : null, payer: checked.payer, amount: checked.amount };
}

/** A card payment's payer, written in its deposit's transaction: every offer of it sends the same details. */
export async function recordCardPayer(tx: Tx, deposit: DepositRow, card: NonNullable<CardAttempt>): Promise<void> {
  await tx.insert(cardPayers).values({ depositId: deposit.id, accountId: deposit.accountId, mode: deposit.mode, ...card.payer });
}

type CardFields = z.output<typeof cardPayerInput>;
type CardAttempt = Awaited<ReturnType<typeof checkCard>> | null;

/** A request to pay's link is paid only while its request is open (not past its expiry; a cancel archives it). */
async function assertRequestOpen(gatewayId: string): Promise<void> {
  const conn = await getDb();
  const [request] = await conn.select({ expiresAt: paymentRequests.expiresAt }).from(paymentRequests).where(eq(paymentRequests.paymentGatewayId, gatewayId));
  if (request && request.expiresAt <= new Date()) throw new ApiError("PAYMENT_REQUEST_CLOSED");
}

/** The same submit again, after no provider could be reached: the same honest answer. */
export function unlessUnreached(deposit: DepositRow): DepositRow {
  const unreached = deposit.status === "failed" ? deposit.failureReason === "provider_unreachable" : deposit.status === "pending" && !deposit.providerReference && deposit.abandonedAt;
  if (unreached) throw new OperatorUnreachable(deposit);
  return deposit;
}

/**
 * Inserts the attempt; the database refuses a second one in flight (DESIGN §3). A refusal is
 * answered: the same submit again (client token) gets its deposit, the same phone gets the attempt
 * in progress, another phone is told when to try again. If the attempt in the way finished
 * meanwhile, the insert is tried again.
 */
async function recordAttempt(
  target: PayTarget,
  input: z.output<typeof checkoutInput>,
  phone: string,
  answers: { fieldName: string; value: string }[],
  provider: string,
  card: CardAttempt = null,
): Promise<{ deposit: DepositRow; created: boolean }> {
  for (let round = 1; ; round++) {
    try {
      return { deposit: await insertAttempt(target, input, phone, answers, provider, card), created: true };
    } catch (error) {
      if (!(error instanceof DepositConflict)) throw error;
      const raced = await findByClientToken(input.client_token);
      if (raced) return { deposit: sameTarget(raced, target), created: false };
      const current = await findAttemptInFlight(target, phone);
      if (current?.phoneNumber === phone) return { deposit: current, created: false };
      if (current) throw new PaymentInProgress(secondsLeft(current));
      if (round === 3) throw error;
    }
  }
}

async function insertAttempt(
  target: PayTarget,
  input: z.output<typeof checkoutInput>,
  phone: string,
  answers: { fieldName: string; value: string }[],
  provider: string,
  card: CardAttempt,
): Promise<DepositRow> {
  const { gateway } = target;
  if (target.kind === "market") {
    const recorded = await recordMarketplaceTransaction({
      gateway: target.gateway,
      buyer: { fullName: input.full_name!, email: input.email!.toLowerCase(), phoneNumber: phone, country: input.country, operator: input.operator, lang: input.lang },
      additionalInfo: answers,
      provider,
      clientToken: input.client_token,
      // a card: the buyer price with the card fee when the buyer bears it, and its payer in the same transaction
      ...(card ? { amount: card.amount, alongside: (tx: Tx, deposit: DepositRow) => recordCardPayer(tx, deposit, card) } : {}),
    });
    return recorded.deposit;
  }
  const conn = await getDb();
  return conn.transaction(async (tx) => {
    // The link's row lock orders this against settleDeposit's successes: no attempt starts on a
    // link whose payment has just been kept (a paid link is paid once).
    // A cancelled request's link, or a link deleted meanwhile, is archived under the same lock.
    const [locked] = await tx.select({ archivedAt: paymentGateways.archivedAt }).from(paymentGateways).where(eq(paymentGateways.id, gateway.id)).for("no key update");
    if (!locked || locked.archivedAt) throw new ApiError("GATEWAY_NOT_FOUND");
    if (await isGatewayPaid(gateway.id, tx)) throw new ApiError("GATEWAY_ALREADY_PAID");
    const deposit = await createDeposit(
      {
        accountId: gateway.accountId,
        mode: gateway.mode,
        amount: card ? card.amount : gateway.amount,
        currency: gateway.currency,
        country: input.country,
        operator: input.operator,
        phoneNumber: phone,
        provider,
        paymentGatewayId: gateway.id,
        clientToken: input.client_token,
      },
      tx,
    );
    if (card) await recordCardPayer(tx, deposit, card);
    return deposit;
  });
}

/** The attempt holding the link's one pending place (on a marketplace link: this phone's). */
async function findAttemptInFlight(target: PayTarget, phone: string): Promise<DepositRow | undefined> {
  const conn = await getDb();
  const [row] = await conn
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.status, "pending"),
        isNull(deposits.abandonedAt),
        target.kind === "link"
          ? eq(deposits.paymentGatewayId, target.gateway.id)
          : and(eq(deposits.marketplaceGatewayId, target.gateway.id), eq(deposits.phoneNumber, phone)),
      ),
    )
    .limit(1);
  return row;
}

/** Until the attempt in the way expires at the latest (it may finish sooner): at least a minute. */
function secondsLeft(deposit: DepositRow): number {
  const left = deposit.createdAt.getTime() / 1000 + depositExpirySeconds() - Date.now() / 1000;
  return Math.max(60, Math.ceil(left));
}

export async function findByClientToken(token: string): Promise<DepositRow | undefined> {
  const conn = await getDb();
  const [row] = await conn.select().from(deposits).where(eq(deposits.clientToken, token));
  return row;
}

function sameTarget(deposit: DepositRow, target: PayTarget): DepositRow {
  const id = target.kind === "link" ? deposit.paymentGatewayId : deposit.marketplaceGatewayId;
  if (id !== target.gateway.id) throw new ValidationError([valueError(["body", "client_token"], "already used")]);
  return deposit;
}

async function isMarketplaceActive(id: string): Promise<boolean> {
  const conn = await getDb();
  const [row] = await conn.select({ isActive: marketplaces.isActive }).from(marketplaces).where(eq(marketplaces.id, id));
  return Boolean(row?.isActive);
}
