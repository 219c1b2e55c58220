import { isCountry, type CountryIso3 } from "@/lib/countries";
import type { Mode } from "@/lib/core/modes";
import type { FormBlock } from "@/lib/core/form-block-shape";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { ApiError } from "@/lib/core/errors";
import { providerForMode, routeOperators } from "@/lib/providers";
import { payableCountries, type PayTarget } from "@/lib/payments/start-payment";
import type { Locale } from "./i18n";
import { operatorsOf } from "./operators";
import { findMarketplaceLink, findPayingDeposit, findPaymentLink, findSupportContact } from "./queries";
import { isUuid } from "@/lib/core/uuid";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { paymentRequests } from "@/lib/db/schema";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";
import { CARD_OPERATOR, cardTotal, percentOfBps, type CardFeeRule } from "@/lib/core/cards";
import { cardSettingsOf } from "@/lib/payments/card-payer";

// What a checkout page knows of the link it sells, for both kinds of links (DESIGN §3, §5, §7).

export type Kind = "link" | "market";

export type Branding = { name: string; color: string; logo: string; favicon: string };

export type Checkout = {
  kind: Kind;
  id: string;
  target: PayTarget;
  mode: Mode;
  shopName: string;
  message: string;
  /** what the buyer pays, in minor units (a marketplace link: price + fee) */
  total: number;
  price: number;
  fee: number;
  currency: string;
  /** where the form starts: the link's own country when it can pay, else the first that can */
  defaultCountry: CountryIso3;
  payable: CountryIso3[];
  orderId: string;
  successUrl: string;
  failureUrl: string;
  blocks: FormBlock[];
  branding: Branding | null;
  /** a marketplace link sells only while its marketplace is active */
  selling: boolean;
  /** the merchant's support e-mail and phone, shown under the page (Settings) */
  support: { email: string; phone: string } | null;
  /** operators no provider of the mode can take now, and why */
  unavailable?: Record<string, "down" | "unserved" | "amount">;
  /** « Carte bancaire » when the account offers it and a provider of the mode takes cards now: what a card pays, and who bears the fee */
  card?: CardOffer | null;
};

/** `varies`: the buyer chooses the amount (a page's quantity or amount, an invoice's part): the fee is said as a rule, without a total */
export type CardOffer = { total: number; surcharge: number; rule: CardFeeRule; percent: string; varies?: boolean };

export type LinkState =
  | { state: "not_found" }
  | { state: "open"; checkout: Checkout }
  | { state: "archived" | "inactive" | "unavailable"; checkout: Checkout }
  | { state: "paid"; checkout: Checkout; deposit: DepositRow };


export async function loadCheckout(kind: Kind, id: string): Promise<Checkout | null> {
  if (!isUuid(id)) return null;
  if (kind === "link") {
    const gateway = await findPaymentLink(id);
    if (!gateway) return null;
    return {
      ...(await common(kind, gateway)),
      target: { kind: "link", gateway },
      total: gateway.amount,
      fee: 0,
      orderId: gateway.orderId,
      successUrl: gateway.successUrl,
      failureUrl: gateway.failureUrl,
      blocks: [],
      branding: null,
      selling: true,
    };
  }
  const found = await findMarketplaceLink(id);
  if (!found) return null;
  const { gateway } = found;
  return {
    ...(await common(kind, gateway)),
    target: { kind: "market", gateway },
    total: buyerPrice(gateway.amount, gateway.fee),
    fee: gateway.fee,
    orderId: "",
    successUrl: "",
    failureUrl: "",
    blocks: gateway.formBlocks,
    branding: {
      name: found.marketplaceName,
      color: gateway.marketplaceColor,
      logo: gateway.marketplaceLogo,
      // the link's own favicon first, then its marketplace's
      favicon: gateway.favicon || gateway.marketplaceFavicon,
    },
    selling: found.marketplaceActive,
  };
}

/** What a payment link and a marketplace link show alike: the page's shop, price, currency, countries and support contact. */
type LinkCommon = { id: string; mode: Mode; currency: string; country: string; accountId: string; shopName: string; message: string; amount: number };

async function common(kind: Kind, gateway: LinkCommon) {
  const payable = payableCountries(gateway.currency);
  const own = isCountry(gateway.country) && payable.includes(gateway.country) ? gateway.country : undefined;
  return {
    kind,
    id: gateway.id,
    mode: gateway.mode,
    currency: gateway.currency,
    payable,
    defaultCountry: own ?? payable[0] ?? ("CMR" as CountryIso3),
    support: await findSupportContact(gateway.accountId),
    shopName: gateway.shopName,
    message: gateway.message,
    price: gateway.amount,
  };
}

async function requestExpired(gatewayId: string): Promise<boolean> {
  const db = await getDb();
  const [request] = await db.select({ expiresAt: paymentRequests.expiresAt }).from(paymentRequests).where(eq(paymentRequests.paymentGatewayId, gatewayId));
  return Boolean(request && request.expiresAt <= new Date());
}

/** Whether the link can take a payment now, and if not, which page says why. */
export async function linkState(kind: Kind, id: string): Promise<LinkState> {
  const checkout = await loadCheckout(kind, id);
  if (!checkout) return { state: "not_found" };
  const { target } = checkout;
  if (target.gateway.archivedAt) return { state: "archived", checkout };
  if (target.kind === "link") {
    const deposit = await findPayingDeposit(target.gateway.id);
    if (deposit) return { state: "paid", checkout, deposit };
    // a request to pay's link past the request's expiry is closed, as a deleted link is
    if (target.gateway.origin === "request" && (await requestExpired(target.gateway.id))) return { state: "archived", checkout };
  }
  if (!checkout.selling) return { state: "inactive", checkout };
  try {
    providerForMode(checkout.mode);
  } catch (error) {
    if (error instanceof ApiError && error.type === "LIVE_PAYMENTS_UNAVAILABLE") return { state: "unavailable", checkout };
    throw error;
  }
  const operators = checkout.payable.flatMap((c) => operatorsOf(c).map(([code]) => code));
  const routes = await routeOperators(checkout.mode, operators, checkout.total);
  const unavailable = Object.fromEntries(routes.filter((r) => !r.provider).map((r) => [r.operator, r.reason ?? "unserved"]));
  const card = await cardOffer(checkout);
  if (routes.every((r) => !r.provider) && !card) return { state: "unavailable", checkout };
  return { state: "open", checkout: card ? { ...checkout, unavailable, card } : { ...checkout, unavailable } };
}

/** Cards, on a payment link or a marketplace link of an account that offers them (on its buyer price), when a provider of the mode takes them now (CinetPay live; the sandbox in test mode). */
const cardOffer = (checkout: Checkout) => cardOfferFor(checkout.target.gateway, checkout.total);

/**
 * « Carte bancaire » for a link, a marketplace link, a payment page or an invoice of `owner`: null unless the account
 * offers cards and a provider of the mode takes a card of `price` now; what a card of `price` pays,
 * and who bears the fee (`varies` when the buyer chooses the amount).
 */
export async function cardOfferFor(owner: { accountId: string; mode: Mode; currency: string }, price: number, varies = false): Promise<CardOffer | null> {
  const settings = await cardSettingsOf(owner.accountId);
  if (!settings.enabled) return null;
  const total = cardTotal(price, owner.currency, settings.rule, settings.surchargeBps);
  const [route] = await routeOperators(owner.mode, [CARD_OPERATOR], total);
  if (!route?.provider) return null;
  return { total, surcharge: total - price, rule: settings.rule, percent: percentOfBps(settings.surchargeBps), ...(varies ? { varies } : {}) };
}

// Page addresses. The language travels in the query string, so a choice made once holds.
export function pagePath(checkout: Pick<Checkout, "kind" | "id">, locale: Locale): string {
  return `${checkout.kind === "link" ? "/pay/" : "/pay/m/"}${checkout.id}?lang=${locale}`;
}

/** A new attempt's form that starts from what the buyer typed for `trackId` (the failure page's "try again"). */
export function retryPath(checkout: Pick<Checkout, "kind" | "id">, trackId: string, locale: Locale): string {
  return `${pagePath(checkout, locale)}&from=${trackId}`;
}

export function waitPath(checkout: Pick<Checkout, "kind" | "id">, trackId: string, locale: Locale): string {
  return `${checkout.kind === "link" ? "/pay/" : "/pay/m/"}${checkout.id}/${trackId}?lang=${locale}`;
}

export function submitApiPath(checkout: Pick<Checkout, "kind" | "id">, locale: Locale): string {
  return `/api/checkout${pagePath(checkout, locale)}`;
}

export function statusApiPath(trackId: string): string {
  return `/api/checkout/status/${trackId}`;
}
