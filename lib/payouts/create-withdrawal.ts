import type { Auth } from "@/lib/core/auth";
import { countries, countryCodes, type CountryIso3 } from "@/lib/countries";
import { operatorMismatch, payoutOperatorOf } from "@/lib/countries/operator-of-number";
import { parsePhone, type Phone } from "@/lib/countries/phones";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { payouts } from "@/lib/db/schema";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { postEntry } from "@/lib/ledger/post";
import { wakeJob } from "@/lib/runtime/wake";
import { payoutProviderName } from "@/lib/providers/money-out-routing";
import { getPayoutOrThrow } from "./queries";
import type { CreatePayoutBody, PayoutView } from "./schemas";

type Destination = { amount: number; currency: string; country: string; operator: string; phoneNumber: string };

/**
 * POST /v1/payouts: the merchant's available balance to their own mobile-money number. One
 * transaction (a savepoint inside an Idempotency-Key's): the payout row and the debit of
 * merchant_available, a conditional update that never lets the balance go below zero, so of
 * any number of concurrent withdrawals only as many succeed as the balance covers.
 */
export async function createWithdrawal(auth: Auth, body: CreatePayoutBody): Promise<PayoutView> {
  const destination = withdrawalDestination(body);
  const provider = payoutProviderName(auth.mode);
  if (!provider) throw new ApiError("MONEY_OUT_UNAVAILABLE");
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    const id = await insertWithdrawal(tx, auth, destination, provider);
    return getPayoutOrThrow(auth, id, tx);
  });
  wakeJob("money-out");
  return view;
}

const owner = (auth: Pick<Auth, "accountId" | "mode">) => ({ accountId: auth.accountId, mode: auth.mode });

async function insertWithdrawal(tx: Db | Tx, auth: Auth, d: Destination, provider: string): Promise<string> {
  const [row] = await tx
    .insert(payouts)
    .values({ ...owner(auth), ...d, kind: "withdrawal", provider })
    .returning({ id: payouts.id });
  await postEntry(tx, {
    ...owner(auth),
    currency: d.currency,
    kind: "payout",
    payoutId: row!.id,
    lines: [
      { account: "merchant_available", amount: -d.amount },
      { account: "payouts_in_flight", amount: d.amount },
    ],
  });
  return row!.id;
}

/** The operator's country fixes the phone's country and the currency. */
function withdrawalDestination(body: CreatePayoutBody): Destination {
  const { country, operator, phoneNumber, currency } = parseDestination(body);
  return { amount: body.amount, currency, country, operator, phoneNumber };
}

/**
 * A receiving wallet from a phone typed in any form and an operator code, every problem at once
 * (422). The operator, when given, must be one of the phone's country and, where the number's prefix
 * tells its operator for certain, that one (lib/countries/operator-of-number.ts); when not given, it
 * is the number's by its prefix, and a number whose prefix does not tell is refused.
 */
export function parseDestination(body: { operator?: string; phone_number: string; currency?: string }) {
  const problems: ValidationItem[] = [];
  let country: CountryIso3 | undefined;
  let phone: Phone | null = null;
  let operator = body.operator;
  if (operator !== undefined) {
    const given = operator;
    country = countryCodes.find((c) => Object.hasOwn(countries[c].operators, given));
    if (!country) problems.push({ loc: ["body", "operator"], msg: "Unknown operator code", type: "value_error" });
    phone = country ? parsePhone(body.phone_number, country) : null;
    if (country && !phone) problems.push({ loc: ["body", "phone_number"], msg: "Not a valid mobile number of the operator's country", type: "value_error" });
    const mismatch = country && phone ? operatorMismatch(given, phone.digits, country) : null;
    if (mismatch) problems.push(valueError(["body", "operator"], mismatch));
  } else {
    // without an operator, the number says its country (international form) and its operator (prefix)
    phone = parsePhone(body.phone_number);
    country = phone?.country;
    operator = phone ? (payoutOperatorOf(phone.digits, phone.country) ?? undefined) : undefined;
    if (!phone) problems.push(valueError(["body", "phone_number"], "not a valid mobile number in international form (+225 07 …): give `operator` to use the national form"));
    else if (!operator) problems.push(valueError(["body", "operator"], "the number's operator cannot be told from its prefix: give `operator`"));
  }
  const currency = country ? countries[country].currency : (body.currency ?? "");
  if (country && body.currency !== undefined && body.currency !== currency) {
    problems.push({ loc: ["body", "currency"], msg: `The operator's country pays in ${currency}`, type: "value_error" });
  }
  if (problems.length) throw new ValidationError(problems);
  return { currency, country: country!, operator: operator!, phoneNumber: phone!.digits };
}
