import { and, eq, isNull, sql } from "drizzle-orm";
import { amountBounds } from "@/lib/countries";
import type { Currency } from "@/lib/core/money";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { item, validate, valueError } from "@/lib/core/validation";
import { getDb } from "@/lib/db/client";
import { accounts, invoices, paymentGateways } from "@/lib/db/schema";
import { createDeposit, DepositConflict, type DepositRow } from "@/lib/deposits/create-deposit";
import { candidatesFor, providerForMode } from "@/lib/providers";
import { crashPoint } from "@/lib/runtime/crash-point";
import { log, maskPhone } from "@/lib/runtime/log";
import { limitPaymentAttempt } from "@/lib/payments/attempt-limits";
import { offerDeposit } from "@/lib/payments/offer-deposit";
import { cardPayerInput } from "@/lib/payments/schemas";
import { checkCard, checkPayer, findByClientToken, recordCardPayer, unlessUnreached } from "@/lib/payments/start-payment";
import { isCardOperator } from "@/lib/core/cards";
import { findPublicInvoice, payableNow, type InvoiceRow } from "./queries";
import { payInvoiceInput, type PayInvoiceInput } from "./schemas";

type Card = Awaited<ReturnType<typeof checkCard>>;

/** An invoice's submit: its fields, and a card payer's when the customer pays by card (operator CARD). */
const invoicePayInput = payInvoiceInput.extend(cardPayerInput.shape);

/**
 * A customer's payment on an invoice: the balance whole, or (when the invoice allows parts) any part
 * of at least its minimum, never more than what is left. Checks everything sent at once (one 422);
 * then, in one transaction, reserves the amount on the invoice by one conditional update (never
 * past its total, never on a cancelled or paid invoice: two payments at once can never pay more than
 * the balance), writes the payment's own link and its pending deposit; then asks the operator's
 * provider to collect. A payment that fails or expires gives its amount back; one that succeeds is
 * paid (triggers on deposits, in the status change's transaction). The client token makes a double
 * tap or a retry return the same payment.
 */
export async function startInvoicePayment(invoiceId: string, raw: PayInvoiceInput | unknown, clientAddress?: string): Promise<DepositRow & { redirectUrl?: string }> {
  const input = validate(invoicePayInput, raw, "body");
  const invoice = await findPublicInvoice(invoiceId);
  if (!invoice) throw new ApiError("INVOICE_NOT_FOUND");
  const existing = await findByClientToken(input.client_token);
  if (existing) return unlessUnreached(sameInvoice(existing, invoice));
  refuseUnlessPayable(invoice);
  providerForMode(invoice.mode);

  // a card: the link's card path (the account's setting, the payer's details, the fee rule on the part paid)
  const card = isCardOperator(input.operator) ? await checkCard(invoice, input.amount ?? payableNow(invoice), input) : null;
  const { amount, phone } = checkPayment(invoice, input, card);
  await limitPaymentAttempt({ mode: invoice.mode, linkId: invoice.id, phone, clientAddress });
  const candidates = await candidatesFor(invoice.mode, input.operator, card ? card.amount : amount);
  if (!candidates.length) {
    throw new ApiError("LIVE_PAYMENTS_UNAVAILABLE", "This mobile-money operator cannot take payments right now; choose another one or try again later");
  }
  let deposit: DepositRow;
  try {
    deposit = await recordInvoicePayment(invoice, amount, { phone, country: input.country, operator: input.operator, clientToken: input.client_token, provider: candidates[0]!.provider.name }, card);
  } catch (error) {
    // the same submit, raced: the other one's payment (its amount was reserved once, by it)
    if (!(error instanceof DepositConflict)) throw error;
    const raced = await findByClientToken(input.client_token);
    if (!raced) throw error;
    return unlessUnreached(sameInvoice(raced, invoice));
  }
  await crashPoint("deposit-recorded"); // a pending deposit no provider knows: the reconciler ends it, and its amount comes back
  log("info", "invoice payment started", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber), providers: candidates.map((c) => c.provider.name) });
  return offerDeposit(deposit, candidates);
}

function refuseUnlessPayable(invoice: InvoiceRow): void {
  if (invoice.cancelledAt) throw new ApiError("INVOICE_CANCELLED");
  if (invoice.amountPaid >= invoice.total) throw new ApiError("INVOICE_PAID");
  if (payableNow(invoice) === 0) throw new ApiError("INVOICE_AMOUNT_HELD");
}

function sameInvoice(deposit: DepositRow, invoice: InvoiceRow): DepositRow {
  if (deposit.invoiceId !== invoice.id) throw new ValidationError([valueError(["body", "client_token"], "already used")]);
  return deposit;
}

/** The least a part may be now: the invoice's minimum, or what is left when that is less. */
export function leastPart(invoice: InvoiceRow): number {
  const left = payableNow(invoice);
  return invoice.allowPartial ? Math.min(invoice.minPartAmount ?? left, left) : left;
}

/** What the customer pays (absent: all that is left) and from which number, every problem at once (a card's: checked by `checkCard`). */
export function checkPayment(invoice: InvoiceRow, input: ReturnType<typeof payInvoiceInput.parse>, card: Card | null = null): { amount: number; phone: string } {
  const { problems, phone } = card ? { problems: [...card.problems], phone: card.phone } : checkPayer(invoice.currency, input);
  const left = payableNow(invoice);
  const amount = input.amount ?? left;
  if (!invoice.allowPartial) {
    if (amount !== left) problems.push(valueError(["body", "amount"], "this invoice is paid whole: the amount is its balance"));
  } else if (amount > left) {
    problems.push(item(["body", "amount"], "less_than_equal", { le: left }));
  } else if (amount < leastPart(invoice)) {
    problems.push(item(["body", "amount"], "greater_than_equal", { ge: leastPart(invoice) }));
  } else if (amount < left && left - amount < amountBounds(invoice.currency as Currency).min) {
    // the balance after this part could not be paid by mobile money: pay it whole, or leave more
    problems.push(valueError(["body", "amount"], "would leave a balance too small to pay"));
  }
  if (problems.length || !phone) throw new ValidationError(problems);
  return { amount, phone: phone.digits };
}

type Payer = { phone: string; country: string; operator: string; clientToken: string; provider: string };

/**
 * The reservation, the payment's own link and its deposit: all in one transaction, or none. A card
 * reserves the part paid; its deposit is the part plus the card fee when the customer bears it
 * (the card payer's `surcharge`, which the invoice's trigger leaves out of what is paid).
 */
async function recordInvoicePayment(invoice: InvoiceRow, amount: number, payer: Payer, card: Card | null): Promise<DepositRow> {
  const db = await getDb();
  const least = amountBounds(invoice.currency as Currency).min;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(invoices)
      .set({ amountReserved: sql`${invoices.amountReserved} + ${amount}` })
      .where(
        and(
          eq(invoices.id, invoice.id),
          isNull(invoices.cancelledAt),
          isNull(invoices.paidAt),
          sql`${invoices.amountReserved} + ${amount} <= ${invoices.total}`,
          // the balance whole, or a part the invoice allows that leaves a payable balance
          sql`(${invoices.amountReserved} + ${amount} = ${invoices.total} or (${invoices.allowPartial} and ${amount} >= coalesce(${invoices.minPartAmount}, 0) and ${invoices.total} - ${invoices.amountReserved} - ${amount} >= ${least}))`,
        ),
      )
      .returning({ id: invoices.id });
    if (!taken) {
      // cancelled, paid or taken by another payment meanwhile: say which, from the row as it is now
      const [now] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id));
      if (!now || now.cancelledAt) throw new ApiError("INVOICE_CANCELLED");
      if (now.amountPaid >= now.total) throw new ApiError("INVOICE_PAID");
      if (payableNow(now) === 0) throw new ApiError("INVOICE_AMOUNT_HELD");
      throw new ValidationError([item(["body", "amount"], "less_than_equal", { le: payableNow(now) })]);
    }
    await crashPoint("invoice-amount-reserved");
    const [account] = await tx.select({ name: accounts.businessName }).from(accounts).where(eq(accounts.id, invoice.accountId));
    const [gateway] = await tx
      .insert(paymentGateways)
      .values({
        accountId: invoice.accountId,
        mode: invoice.mode,
        amount,
        currency: invoice.currency,
        country: invoice.country,
        shopName: account?.name ?? invoice.customerName,
        // what the receipt says was paid: the invoice, and whether the whole of it
        message: `${invoice.language === "en" ? "Invoice" : "Facture"} ${invoice.reference}`.trim(),
        origin: "invoice",
      })
      .returning();
    const deposit = await createDeposit(
      {
        accountId: invoice.accountId,
        mode: invoice.mode,
        amount: card ? card.amount : amount,
        currency: invoice.currency,
        country: payer.country,
        operator: payer.operator,
        phoneNumber: payer.phone,
        provider: payer.provider,
        paymentGatewayId: gateway!.id,
        invoiceId: invoice.id,
        clientToken: payer.clientToken,
      },
      tx,
    );
    if (card) await recordCardPayer(tx, deposit, card);
    return deposit;
  });
}
