import type { Auth } from "@/lib/core/auth";
import { assertAmount, assertCurrency, countries } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb } from "@/lib/db/client";
import { marketplaceGateways } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { brandingUrls } from "@/lib/marketplaces/present";
import { getMarketplaceOrThrow } from "@/lib/marketplaces/queries";
import { buyerPrice, defaultFee } from "./fee";
import type { MarketplaceGatewayRow } from "./queries";
import type { CreateMarketplaceGatewayBody } from "./schemas";

/**
 * A seller's reusable product link under the caller's active marketplace. Its country and currency
 * are the seller phone's; the fee defaults to the marketplace's percentage of the amount; the
 * marketplace's branding and form blocks are copied as they are now.
 */
export async function createMarketplaceGateway(auth: Auth, body: CreateMarketplaceGatewayBody): Promise<MarketplaceGatewayRow> {
  const marketplace = await getMarketplaceOrThrow(auth);
  if (!marketplace.isActive) throw new ApiError("MARKETPLACE_INACTIVE");
  const phone = parsePhone(body.phone_number);
  if (!phone) {
    throw new ValidationError([
      valueError(
        ["body", "phone_number"],
        "not a valid mobile number of a supported country (use the international format, e.g. +237 6 70 00 00 00)",
      ),
    ]);
  }
  const currency = countries[phone.country].currency;
  assertCurrency(body.currency, currency);
  assertAmount(body.amount, currency);
  const fee = body.fee ?? defaultFee(body.amount, Number(marketplace.fee));
  assertAmount(buyerPrice(body.amount, fee), currency, ["body", "fee"]);
  const { logoUrl, faviconUrl } = await brandingUrls(marketplace);
  const db = await getDb();
  const [row] = await db
    .insert(marketplaceGateways)
    .values({
      accountId: auth.accountId,
      mode: auth.mode,
      marketplaceId: marketplace.id,
      amount: body.amount,
      fee,
      currency,
      country: phone.country,
      shopName: body.shop_name,
      phoneNumber: phone.digits,
      message: body.message,
      marketplaceLogo: logoUrl,
      marketplaceColor: marketplace.color,
      marketplaceFavicon: faviconUrl,
      formBlocks: marketplace.formBlocks,
    })
    .returning();
  return row!;
}

export { defaultFee };
