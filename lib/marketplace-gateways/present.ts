import type { z } from "zod";
import { publicBaseUrl } from "@/lib/runtime/config";
import { countryObject, operatorObject } from "@/lib/countries";
import { presentFormBlocks } from "@/lib/marketplaces/present";
import type { MarketplaceGatewayRow, TransactionListRow } from "./queries";
import type { marketplaceGateway, marketplaceTransaction } from "./schemas";

export function presentMarketplaceGateway(row: MarketplaceGatewayRow): z.output<typeof marketplaceGateway> {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    country: row.country,
    fee: row.fee,
    shop_name: row.shopName,
    phone_number: row.phoneNumber,
    marketplace_id: row.marketplaceId,
    link: `${publicBaseUrl()}/pay/m/${row.id}`,
    creation_date: row.createdAt.toISOString(),
    marketplace_logo: row.marketplaceLogo,
    marketplace_color: row.marketplaceColor,
    message: row.message,
    favicon: row.favicon,
    form_blocks: presentFormBlocks(row.formBlocks),
    marketplace_favicon: row.marketplaceFavicon,
  };
}

export function presentTransaction({ transaction: t, status, trackId }: TransactionListRow): z.output<typeof marketplaceTransaction> {
  return {
    transaction_id: t.id,
    track_id: trackId,
    status,
    creation_date: t.createdAt.toISOString(),
    buyer_price: t.buyerPrice,
    product_price: t.productPrice,
    buyer: {
      buyer_id: t.buyerId,
      full_name: t.buyerFullName,
      email: t.buyerEmail,
      phone_number: t.buyerPhone,
      country: countryObject(t.buyerCountry),
      operator: operatorObject(t.buyerOperator),
    },
    additional_info: t.additionalInfo.map((a) => ({ fieldName: a.fieldName, value: a.value })),
  };
}
