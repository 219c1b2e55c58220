import type { IncomingMessage } from "node:http";
import http from "node:http";
import { createDispatcher, type Dispatcher } from "@/lib/http/dispatch";
import * as account from "@/app/v1/account/route";
import * as apiKeys from "@/app/v1/api-keys/route";
import * as apiKeysKeyId from "@/app/v1/api-keys/[key_id]/route";
import * as apiDepositGetTransaction from "@/app/v1/api/deposit/get_transaction/route";
import * as apiDepositGetTransactionTrackId from "@/app/v1/api/deposit/get_transaction/[track_id]/route";
import * as apiMarketplace from "@/app/v1/api/marketplace/route";
import * as apiMarketplaceGateway from "@/app/v1/api/marketplace/gateway/route";
import * as apiMarketplaceGatewayGatewayId from "@/app/v1/api/marketplace/gateway/[gateway_id]/route";
import * as apiMarketplaceGatewayGatewayIdTransactions from "@/app/v1/api/marketplace/gateway/[gateway_id]/transactions/route";
import * as apiMarketplaceGatewayGatewayIdUnarchive from "@/app/v1/api/marketplace/gateway/[gateway_id]/unarchive/route";
import * as balance from "@/app/v1/balance/route";
import * as balanceTransactions from "@/app/v1/balance/transactions/route";
import * as deposits from "@/app/v1/deposits/route";
import * as depositsTrackId from "@/app/v1/deposits/[track_id]/route";
import * as depositsTrackIdProviderLog from "@/app/v1/deposits/[track_id]/provider-log/route";
import * as exportsMarketplaceTransactions from "@/app/v1/exports/marketplace-transactions/route";
import * as exportsPayments from "@/app/v1/exports/payments/route";
import * as gateway from "@/app/v1/gateway/route";
import * as gatewayGatewayId from "@/app/v1/gateway/[gateway_id]/route";
import * as gatewayGatewayIdUnarchive from "@/app/v1/gateway/[gateway_id]/unarchive/route";
import * as gatewayPayinOrderId from "@/app/v1/gateway/payin/[order_id]/route";
import * as openapiJson from "@/app/v1/openapi.json/route";
import * as payouts from "@/app/v1/payouts/route";
import * as payoutsPayoutId from "@/app/v1/payouts/[payout_id]/route";
import * as payoutsPayoutIdRetry from "@/app/v1/payouts/[payout_id]/retry/route";
import * as providers from "@/app/v1/providers/route";
import * as refunds from "@/app/v1/refunds/route";
import * as refundsRefundId from "@/app/v1/refunds/[refund_id]/route";
import * as refundsPreview from "@/app/v1/refunds/preview/route";
import * as sellers from "@/app/v1/sellers/route";
import * as sellersSellerId from "@/app/v1/sellers/[seller_id]/route";
import * as sellersSellerIdRelease from "@/app/v1/sellers/[seller_id]/release/route";
import * as sellersSellerIdSales from "@/app/v1/sellers/[seller_id]/sales/route";
import * as stats from "@/app/v1/stats/route";
import * as webhooks from "@/app/v1/webhooks/route";
import * as webhooksWebhookId from "@/app/v1/webhooks/[webhook_id]/route";
import * as webhooksWebhookIdDeliveries from "@/app/v1/webhooks/[webhook_id]/deliveries/route";
import * as webhooksWebhookIdDeliveriesDeliveryId from "@/app/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/route";
import * as webhooksWebhookIdDeliveriesDeliveryIdResend from "@/app/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/resend/route";
import * as webhooksWebhookIdRotateSecret from "@/app/v1/webhooks/[webhook_id]/rotate-secret/route";
import * as webhooksWebhookIdTest from "@/app/v1/webhooks/[webhook_id]/test/route";

// The /v1 route files, by the path Next.js serves them at, for the thin dispatcher (lib/http/dispatch.ts)
// that serves them in production ahead of Next.js. Its test checks this table against app/v1: a
// route file missing here would still be served, by Next.js, only slower. The catch-all's 404 is
// left to Next.js.
export const v1Routes = {
  "/v1/account": account,
  "/v1/api-keys": apiKeys,
  "/v1/api-keys/[key_id]": apiKeysKeyId,
  "/v1/api/deposit/get_transaction": apiDepositGetTransaction,
  "/v1/api/deposit/get_transaction/[track_id]": apiDepositGetTransactionTrackId,
  "/v1/api/marketplace": apiMarketplace,
  "/v1/api/marketplace/gateway": apiMarketplaceGateway,
  "/v1/api/marketplace/gateway/[gateway_id]": apiMarketplaceGatewayGatewayId,
  "/v1/api/marketplace/gateway/[gateway_id]/transactions": apiMarketplaceGatewayGatewayIdTransactions,
  "/v1/api/marketplace/gateway/[gateway_id]/unarchive": apiMarketplaceGatewayGatewayIdUnarchive,
  "/v1/balance": balance,
  "/v1/balance/transactions": balanceTransactions,
  "/v1/deposits": deposits,
  "/v1/deposits/[track_id]": depositsTrackId,
  "/v1/deposits/[track_id]/provider-log": depositsTrackIdProviderLog,
  "/v1/exports/marketplace-transactions": exportsMarketplaceTransactions,
  "/v1/exports/payments": exportsPayments,
  "/v1/gateway": gateway,
  "/v1/gateway/[gateway_id]": gatewayGatewayId,
  "/v1/gateway/[gateway_id]/unarchive": gatewayGatewayIdUnarchive,
  "/v1/gateway/payin/[order_id]": gatewayPayinOrderId,
  "/v1/openapi.json": openapiJson,
  "/v1/payouts": payouts,
  "/v1/payouts/[payout_id]": payoutsPayoutId,
  "/v1/payouts/[payout_id]/retry": payoutsPayoutIdRetry,
  "/v1/providers": providers,
  "/v1/refunds": refunds,
  "/v1/refunds/[refund_id]": refundsRefundId,
  "/v1/refunds/preview": refundsPreview,
  "/v1/sellers": sellers,
  "/v1/sellers/[seller_id]": sellersSellerId,
  "/v1/sellers/[seller_id]/release": sellersSellerIdRelease,
  "/v1/sellers/[seller_id]/sales": sellersSellerIdSales,
  "/v1/stats": stats,
  "/v1/webhooks": webhooks,
  "/v1/webhooks/[webhook_id]": webhooksWebhookId,
  "/v1/webhooks/[webhook_id]/deliveries": webhooksWebhookIdDeliveries,
  "/v1/webhooks/[webhook_id]/deliveries/[delivery_id]": webhooksWebhookIdDeliveriesDeliveryId,
  "/v1/webhooks/[webhook_id]/deliveries/[delivery_id]/resend": webhooksWebhookIdDeliveriesDeliveryIdResend,
  "/v1/webhooks/[webhook_id]/rotate-secret": webhooksWebhookIdRotateSecret,
  "/v1/webhooks/[webhook_id]/test": webhooksWebhookIdTest,
};

/** The URL Next.js gives a route's Request: its protocol rule, this server's address and port. */
function origin(req: IncomingMessage): string {
  const https = Boolean((req.socket as { encrypted?: boolean }).encrypted) || Boolean(req.headers["x-forwarded-proto"]?.includes("https"));
  const address = (req.socket.localAddress ?? "localhost").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const host = address.includes(":") ? `[${address}]` : address;
  return `${https ? "https" : "http"}://${host}:${req.socket.localPort}`;
}

export const v1Dispatcher: Dispatcher = createDispatcher(v1Routes, origin);

const store = globalThis as unknown as { __kolaDispatch?: boolean };

/**
 * Serves /v1 through the dispatcher in every HTTP server of this process (instrumentation.ts, once
 * per server process). KOLA_DISPATCH=off leaves every request to Next.js.
 */
export function dispatchV1(): void {
  if (store.__kolaDispatch || process.env.KOLA_DISPATCH === "off") return;
  store.__kolaDispatch = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [IncomingMessage, http.ServerResponse];
      if (req.url?.startsWith("/v1/") && v1Dispatcher.handle(req, res)) return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
