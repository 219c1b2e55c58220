import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { countries, amountBounds } from "@/lib/countries";
import type { Currency } from "@/lib/core/money";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { item, validate, valueError } from "@/lib/core/validation";
import { getDb } from "@/lib/db/client";
import { paymentGateways, paymentPagePayments, paymentPages } from "@/lib/db/schema";
import { createDeposit, DepositConflict, type DepositRow } from "@/lib/deposits/create-deposit";
import { candidatesFor, providerForMode } from "@/lib/providers";
import { crashPoint } from "@/lib/runtime/crash-point";
import { log, maskPhone } from "@/lib/runtime/log";
import { limitPaymentAttempt } from "@/lib/payments/attempt-limits";
import { checkAnswers } from "@/lib/payments/check-answers";
import { offerDeposit } from "@/lib/payments/offer-deposit";
import { cardPayerInput } from "@/lib/payments/schemas";
import { checkCard, checkPayer, findByClientToken, recordCardPayer, unlessUnreached } from "@/lib/payments/start-payment";
import { isCardOperator } from "@/lib/core/cards";
import { findPublicPaymentPage, pageStatus, type PaymentPageRow } from "./queries";
import { payPageInput, type PayPageInput } from "./schemas";

type Answer = { fieldName: string; value: string };
type Order = { quantity: number; amount: number; phone: string; answers: Answer[] };
type Card = Awaited<ReturnType<typeof checkCard>>;

/** A page's submit: the page's fields, and a card payer's when the buyer pays by card (operator CARD). */
const pagePayInput = payPageInput.extend(cardPayerInput.shape);

/**
 * A buyer's payment on a payment page. Checks everything the buyer sent at once (amount or quantity,
 * country, operator, phone, answers: one 422 with every problem); then, in one transaction, takes
 * the units on the page by one conditional update (never past its stock or cap, never on a closed
 * or ended page), writes the payment's own link, its pending deposit and the quantity and answers;
 * then asks the operator's provider to collect. A payment that fails or expires gives its units back
 * (a trigger on deposits, in the status change's transaction). The client token makes a double tap
 * or a retry return the same payment.
 */
export async function startPagePayment(pageId: string, raw: PayPageInput | unknown, clientAddress?: string): Promise<DepositRow & { redirectUrl?: string }> {
  const input = validate(pagePayInput, raw, "body");
  const page = await findPublicPaymentPage(pageId);
  if (!page) throw new ApiError("PAYMENT_PAGE_NOT_FOUND");
  const existing = await findByClientToken(input.client_token);
  if (existing) return unlessUnreached(samePage(existing, page));
  refuseUnlessOpen(page);
  providerForMode(page.mode);

  // a card: the link's card path (the account's setting, the payer's details, the fee rule on the order's amount)
  const card = isCardOperator(input.operator) ? await checkCard(page, orderAmount(page, input), input) : null;
  const order = checkOrder(page, input, card);
  await limitPaymentAttempt({ mode: page.mode, linkId: page.id, phone: order.phone, clientAddress });
  const candidates = await candidatesFor(page.mode, input.operator, card ? card.amount : order.amount);
  if (!candidates.length) {
    throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  }
  let deposit: DepositRow;
  try {
    deposit = await recordPagePayment(page, order, { country: input.country, operator: input.operator, clientToken: input.client_token, provider: candidates[0]!.provider.name }, card);
  } catch (error) {
    // the same submit, raced: the other one's payment (its units were taken once, by it)
    if (!(error instanceof DepositConflict)) throw error;
    const raced = await findByClientToken(input.client_token);
    if (!raced) throw error;
    return unlessUnreached(samePage(raced, page));
  }
  await crashPoint("deposit-recorded"); // a pending deposit no provider knows: the reconciler ends it, and its units come back
  log("info", "page payment started", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber), providers: candidates.map((c) => c.provider.name) });
  return offerDeposit(deposit, candidates);
}

function refuseUnlessOpen(page: PaymentPageRow): void {
  const status = pageStatus(page);
  if (status === "closed" || status === "ended") throw new ApiError("PAYMENT_PAGE_CLOSED");
  if (status === "sold_out") throw new ApiError("PAYMENT_PAGE_SOLD_OUT");
}

function samePage(deposit: DepositRow, page: PaymentPageRow): DepositRow {
  if (deposit.paymentPageId !== page.id) throw new ValidationError([valueError(["body", "client_token"], "already used")]);
  return deposit;
}

/** What the order costs before any card fee: the units at the page's price, or the amount chosen. */
const orderAmount = (page: PaymentPageRow, input: { quantity?: number; amount?: number }) =>
  page.amountType === "fixed" ? page.amount! * (input.quantity ?? 1) : (input.amount ?? 0);

/** What the buyer pays and for how many units, every problem of the submission at once (a card's: checked by `checkCard`). */
export function checkOrder(page: PaymentPageRow, input: ReturnType<typeof payPageInput.parse>, card: Card | null = null): Order {
  const { problems, phone } = card ? { problems: [...card.problems], phone: card.phone } : checkPayer(page.currency, input);
  const { max } = amountBounds(page.currency as Currency);
  let quantity = 1;
  let amount = 0;
  if (page.amountType === "fixed") {
    quantity = input.quantity ?? 1;
    // one payment's total stays within the currency's bounds too
    const most = Math.min(page.maxQuantity, Math.max(1, Math.floor(max / page.amount!)));
    if (quantity < 1) problems.push(item(["body", "quantity"], "greater_than_equal", { ge: 1 }));
    else if (quantity > most) problems.push(item(["body", "quantity"], "less_than_equal", { le: most }));
    amount = page.amount! * quantity;
  } else {
    if (input.quantity !== undefined && input.quantity !== 1) problems.push(valueError(["body", "quantity"], "this page takes one payment of the amount chosen"));
    if (input.amount === undefined) problems.push(item(["body", "amount"], "missing"));
    else if (input.amount < page.minAmount!) problems.push(item(["body", "amount"], "greater_than_equal", { ge: page.minAmount! }));
    else if (input.amount > page.maxAmount!) problems.push(item(["body", "amount"], "less_than_equal", { le: page.maxAmount! }));
    amount = input.amount ?? 0;
  }
  const checked = checkAnswers(page.formBlocks, input.answers, countries[input.country].iso2);
  problems.push(...checked.problems);
  if (problems.length || !phone) throw new ValidationError(problems);
  return { quantity, amount, phone: phone.digits, answers: checked.values };
}

type Payer = { country: string; operator: string; clientToken: string; provider: string };

/** The units, the payment's own link, its deposit and its order row: all in one transaction, or none. */
async function recordPagePayment(page: PaymentPageRow, order: Order, payer: Payer, card: Card | null): Promise<DepositRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(paymentPages)
      .set({ unitsTaken: sql`${paymentPages.unitsTaken} + ${order.quantity}`, paymentsTaken: sql`${paymentPages.paymentsTaken} + 1` })
      .where(
        and(
          eq(paymentPages.id, page.id),
          isNull(paymentPages.closedAt),
          or(isNull(paymentPages.endsAt), gt(paymentPages.endsAt, sql`now()`)),
          or(isNull(paymentPages.stock), sql`${paymentPages.unitsTaken} + ${order.quantity} <= ${paymentPages.stock}`),
          or(isNull(paymentPages.maxPayments), sql`${paymentPages.paymentsTaken} < ${paymentPages.maxPayments}`),
        ),
      )
      .returning({ id: paymentPages.id });
    if (!taken) {
      // closed, ended or sold out meanwhile: say which, from the row as it is now
      const [now] = await tx.select().from(paymentPages).where(eq(paymentPages.id, page.id));
      const status = now ? pageStatus(now) : "closed";
      throw new ApiError(status === "closed" || status === "ended" ? "PAYMENT_PAGE_CLOSED" : "PAYMENT_PAGE_SOLD_OUT");
    }
    await crashPoint("page-units-reserved");
    const [gateway] = await tx
      .insert(paymentGateways)
      .values({
        accountId: page.accountId,
        mode: page.mode,
        amount: order.amount,
        currency: page.currency,
        country: page.country,
        shopName: page.title,
        // what the receipt says was bought: the page, and how many of it
        message: page.amountType === "fixed" ? `${page.title} × ${order.quantity}` : page.title,
        successUrl: page.successUrl,
        origin: "page",
      })
      .returning();
    const deposit = await createDeposit(
      {
        accountId: page.accountId,
        mode: page.mode,
        // a card's surcharge, when the buyer bears the fee, on top of the order
        amount: card ? card.amount : order.amount,
        currency: page.currency,
        country: payer.country,
        operator: payer.operator,
        phoneNumber: order.phone,
        provider: payer.provider,
        paymentGatewayId: gateway!.id,
        paymentPageId: page.id,
        clientToken: payer.clientToken,
      },
      tx,
    );
    await tx.insert(paymentPagePayments).values({
      depositId: deposit.id,
      accountId: page.accountId,
      mode: page.mode,
      paymentPageId: page.id,
      quantity: order.quantity,
      additionalInfo: order.answers,
    });
    if (card) await recordCardPayer(tx, deposit, card);
    return deposit;
  });
}
