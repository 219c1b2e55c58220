import { and, eq, isNull } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { assertAmount, countries } from "@/lib/countries";
import { parsePhone } from "@/lib/countries/phones";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { marketplaceGateways } from "@/lib/db/schema";
import { ApiError, ValidationError, type ValidationItem } from "@/lib/core/errors";
import { getMarketplaceGatewayOrThrow, type MarketplaceGatewayRow } from "./queries";
import type { UpdateMarketplaceGatewayBody } from "./schemas";
import { buyerPrice } from "./fee";

/**
 * Changes only the fields sent of a live marketplace link. Its currency never changes (amounts are
 * in it), so a new seller phone must be of a country paying in it; the link's country follows the
 * phone. Attempts already started carry their own amounts and are not touched.
 */
export async function updateMarketplaceGateway(auth: Auth, id: string, body: UpdateMarketplaceGatewayBody): Promise<MarketplaceGatewayRow> {
  const current = await getMarketplaceGatewayOrThrow(auth, id);
  const changes: Partial<typeof marketplaceGateways.$inferInsert> = {};
  const problems: ValidationItem[] = [];
  if (body.phone_number !== undefined) {
    const phone = parsePhone(body.phone_number);
    if (!phone) {
      problems.push({
        loc: ["body", "phone_number"],
        msg: "Value error, not a valid mobile number of a supported country (use the international format, e.g. +237 6 70 00 00 00)",
        type: "value_error",
      });
    } else if (countries[phone.country].currency !== current.currency) {
      problems.push({
        loc: ["body", "phone_number"],
        msg: `Value error, the seller's number must be of a country paying in ${current.currency}, the link's currency`,
        type: "value_error",
      });
    } else {
      Object.assign(changes, { phoneNumber: phone.digits, country: phone.country });
    }
  }
  if (problems.length) throw new ValidationError(problems);
  const amount = body.amount ?? current.amount;
  const fee = body.fee ?? current.fee;
  if (body.amount !== undefined) assertAmount(amount, current.currency);
  if (body.amount !== undefined || body.fee !== undefined) assertAmount(buyerPrice(amount, fee), current.currency, ["body", "fee"]);
  if (body.amount !== undefined) changes.amount = amount;
  if (body.fee !== undefined) changes.fee = fee;
  if (body.shop_name !== undefined) changes.shopName = body.shop_name;
  if (body.message !== undefined) changes.message = body.message;
  if (body.favicon !== undefined) changes.favicon = body.favicon === "" ? "" : new URL(body.favicon).href;
  if (Object.keys(changes).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(marketplaceGateways)
    .set(changes)
    .where(and(ownedBy(marketplaceGateways, auth), eq(marketplaceGateways.id, id), isNull(marketplaceGateways.archivedAt)))
    .returning();
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND"); // archived meanwhile
  return row;
}
