import { eq } from "drizzle-orm";
import type { CardPayerField } from "@/lib/core/cards";
import { getDb } from "@/lib/db/client";
import { accounts, cardPayers, deposits, marketplaceGateways, marketplaces, marketplaceTransactions, paymentGateways } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { findKeptSuccess } from "@/lib/gateways/paid";
import type { GatewayRow } from "@/lib/gateways/queries";
import type { MarketplaceGatewayRow } from "@/lib/marketplace-gateways/queries";

// Public reads of the checkout pages. A link's id (a random uuid) and a deposit's track_id
// (100 random bits) are the buyer's capabilities, so these are not scoped to an account; unlike
// the API's helpers they also find archived links, which answer "no longer available".

export async function findPaymentLink(id: string): Promise<GatewayRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(paymentGateways).where(eq(paymentGateways.id, id));
  return row;
}

export type MarketplaceLink = { gateway: MarketplaceGatewayRow; marketplaceName: string; marketplaceActive: boolean };

/** A marketplace link with what the page shows of its marketplace now: its name, and whether it sells. */
export async function findMarketplaceLink(id: string): Promise<MarketplaceLink | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ gateway: marketplaceGateways, name: marketplaces.name, isActive: marketplaces.isActive })
    .from(marketplaceGateways)
    .innerJoin(marketplaces, eq(marketplaces.id, marketplaceGateways.marketplaceId))
    .where(eq(marketplaceGateways.id, id));
  return row && { gateway: row.gateway, marketplaceName: row.name, marketplaceActive: row.isActive };
}

/** The support contact a merchant shows buyers (Settings); null when they set none. */
export async function findSupportContact(accountId: string): Promise<{ email: string; phone: string } | null> {
  const db = await getDb();
  const [row] = await db.select({ email: accounts.supportEmail, phone: accounts.supportPhone }).from(accounts).where(eq(accounts.id, accountId));
  return row && (row.email || row.phone) ? row : null;
}

export async function findDeposit(trackId: string): Promise<DepositRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(deposits).where(eq(deposits.trackId, trackId));
  return row;
}

/** The attempt that paid a payment link: its kept success (the rule in lib/gateways/paid.ts). */
export const findPayingDeposit = (gatewayId: string): Promise<DepositRow | undefined> => findKeptSuccess(gatewayId);

export type BuyerDetails = { fullName: string; email: string; answers: { fieldName: string; value: string }[] };

/** What the buyer of a marketplace attempt typed (name, e-mail, answers): its receipt shows it, its "try again" keeps it. */
export async function findBuyerDetails(depositId: string): Promise<BuyerDetails | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ fullName: marketplaceTransactions.buyerFullName, email: marketplaceTransactions.buyerEmail, answers: marketplaceTransactions.additionalInfo })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.depositId, depositId));
  return row;
}

/** A card attempt's payer as the form names the fields (a failed card payment's "try again"). */
export async function findCardPayer(depositId: string): Promise<Record<CardPayerField, string> | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(cardPayers).where(eq(cardPayers.depositId, depositId));
  if (!row) return undefined;
  return {
    card_name: row.name,
    card_surname: row.surname,
    card_email: row.email,
    card_address: row.address,
    card_city: row.city,
    card_country: row.country,
    card_state: row.state,
    card_zip_code: row.zipCode,
  };
}
