import { eq } from "drizzle-orm";
import { countries, type CountryIso3 } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb } from "@/lib/db/client";
import { deposits, marketplaces } from "@/lib/db/schema";
import { createDeposit, type DepositRow } from "@/lib/deposits/create-deposit";
import type { GatewayRow } from "@/lib/gateways/queries";
import { isGatewayPaid } from "@/lib/gateways/queries";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/http/errors";
import { validate } from "@/lib/http/validation";
import { log, maskPhone } from "@/lib/log";
import type { MarketplaceGatewayRow } from "@/lib/marketplace-gateways/queries";
import { recordMarketplaceTransaction } from "@/lib/marketplace-gateways/record-transaction";
import { checkAnswers } from "./check-answers";
import { providerFor, providerForMode } from "./providers";
import { ProviderRejection } from "./providers/types";
import { checkoutInput, type CheckoutInput } from "./schemas";
import { settleDeposit } from "./settle-deposit";

export type PayTarget = { kind: "link"; gateway: GatewayRow } | { kind: "market"; gateway: MarketplaceGatewayRow };

/** The countries a buyer may pay from: those of the link's currency (mobile money does not convert). */
export function payableCountries(currency: string): CountryIso3[] {
  return (Object.keys(countries) as CountryIso3[]).filter((code) => countries[code].currency === currency);
}

/**
 * A buyer's payment attempt from a checkout page: checks the link can be paid and the buyer's
 * details, records a pending deposit (with the marketplace transaction), and asks the mode's
 * provider to collect. The page's client token makes a double tap or a retry return the same deposit.
 */
export async function startPayment(target: PayTarget, raw: CheckoutInput): Promise<DepositRow & { redirectUrl?: string }> {
  const input = validate(checkoutInput, raw, "body");
  const existing = await findByClientToken(input.client_token);
  if (existing) return sameTarget(existing, target);

  const { gateway } = target;
  if (gateway.archivedAt) throw new ApiError("GATEWAY_NOT_FOUND");
  providerForMode(gateway.mode);
  if (target.kind === "link" && (await isGatewayPaid(gateway.id))) throw new ApiError("GATEWAY_ALREADY_PAID");
  if (target.kind === "market" && !(await isMarketplaceActive(target.gateway.marketplaceId))) {
    throw new ApiError("MARKETPLACE_INACTIVE");
  }

  const problems: ValidationItem[] = [];
  const country = input.country;
  if (!payableCountries(gateway.currency).includes(country)) {
    problems.push({ loc: ["body", "country"], msg: `Value error, cannot pay ${gateway.currency} from ${country}`, type: "value_error" });
  }
  const operators = countries[country].operators as Record<string, string>;
  if (!Object.hasOwn(operators, input.operator)) {
    problems.push({ loc: ["body", "operator"], msg: "Value error, not an operator of this country", type: "value_error" });
  }
  const phone = parsePhone(input.phone, country);
  if (!phone) problems.push({ loc: ["body", "phone"], msg: "Value error, not a valid phone number for this country", type: "value_error" });

  let answers: { fieldName: string; value: string }[] = [];
  if (target.kind === "market") {
    if (!input.full_name || input.full_name.length < 2) problems.push({ loc: ["body", "full_name"], msg: "Field required", type: "missing" });
    if (!input.email) problems.push({ loc: ["body", "email"], msg: "Field required", type: "missing" });
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email))
      problems.push({ loc: ["body", "email"], msg: "Value error, not an email address", type: "value_error" });
    const checked = checkAnswers(target.gateway.formBlocks, input.answers, countries[country].iso2);
    problems.push(...checked.problems);
    answers = checked.values;
  }
  if (problems.length || !phone) throw new ValidationError(problems);
  // each operator goes to the first provider that serves it and can take this amount now
  const provider = await providerFor(gateway.mode, input.operator, target.kind === "link" ? target.gateway.amount : target.gateway.amount + target.gateway.fee);

  let deposit: DepositRow;
  try {
    deposit =
      target.kind === "link"
        ? await createDeposit({
            accountId: gateway.accountId,
            mode: gateway.mode,
            amount: gateway.amount,
            currency: gateway.currency,
            country,
            operator: input.operator,
            phoneNumber: phone.digits,
            provider: provider.name,
            paymentGatewayId: gateway.id,
            clientToken: input.client_token,
          })
        : (
            await recordMarketplaceTransaction({
              gateway: target.gateway,
              buyer: { fullName: input.full_name!, email: input.email!.toLowerCase(), phoneNumber: phone.digits, country, operator: input.operator },
              additionalInfo: answers,
              provider: provider.name,
              clientToken: input.client_token,
            })
          ).deposit;
  } catch (error) {
    // two taps raced past the first check: the unique client token let one through
    const raced = await findByClientToken(input.client_token);
    if (raced) return sameTarget(raced, target);
    throw error;
  }

  log("info", "payment started", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber), provider: provider.name });
  try {
    const { reference, redirectUrl } = await provider.requestCollection(deposit);
    const conn = await getDb();
    await conn.update(deposits).set({ providerReference: reference }).where(eq(deposits.id, deposit.id));
    return { ...deposit, providerReference: reference, ...(redirectUrl ? { redirectUrl } : {}) };
  } catch (error) {
    if (error instanceof ProviderRejection) {
      log("warn", "collection refused", { track_id: deposit.trackId, provider: provider.name, reason: error.reason });
      await settleDeposit(deposit.id, { status: "failed", reason: error.reason });
      return { ...deposit, status: "failed", failureReason: error.reason };
    }
    // no answer or a 5xx: the provider may have the request; the reconciler will ask it
    log("error", "collection request unanswered", { track_id: deposit.trackId, provider: provider.name, error: String(error) });
    return deposit;
  }
}

async function findByClientToken(token: string): Promise<DepositRow | undefined> {
  const conn = await getDb();
  const [row] = await conn.select().from(deposits).where(eq(deposits.clientToken, token));
  return row;
}

function sameTarget(deposit: DepositRow, target: PayTarget): DepositRow {
  const id = target.kind === "link" ? deposit.paymentGatewayId : deposit.marketplaceGatewayId;
  if (id !== target.gateway.id) throw new ValidationError([{ loc: ["body", "client_token"], msg: "Value error, already used", type: "value_error" }]);
  return deposit;
}

async function isMarketplaceActive(id: string): Promise<boolean> {
  const conn = await getDb();
  const [row] = await conn.select({ isActive: marketplaces.isActive }).from(marketplaces).where(eq(marketplaces.id, id));
  return Boolean(row?.isActive);
}
