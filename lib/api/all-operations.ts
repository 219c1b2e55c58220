import { accountOperations } from "@/lib/accounts/auth-operations";
import { invitationOperations, memberOperations, settingsOperations } from "@/lib/accounts/team-operations";
import { phoneOperations } from "@/lib/accounts/phone-operations";
import { depositOperations } from "@/lib/deposits/schemas";
import { balanceOperations } from "@/lib/ledger/schemas";
import { payoutOperations } from "@/lib/payouts/schemas";
import { payoutNumberOperations } from "@/lib/payouts/payout-number-schemas";
import { paymentRequestOperations } from "@/lib/payment-requests/schemas";
import { paymentPageOperations } from "@/lib/payment-pages/schemas";
import { customerOperations } from "@/lib/customers/schemas";
import { invoiceOperations } from "@/lib/invoices/schemas";
import { stallOperations } from "@/lib/payment-requests/stall-schemas";
import { refundOperations } from "@/lib/refunds/schemas";
import { sellerOperations } from "@/lib/sellers/schemas";
import { exportOperations } from "@/lib/exports/schemas";
import { gatewayOperations } from "@/lib/gateways/schemas";
import { marketplaceGatewayOperations } from "@/lib/marketplace-gateways/schemas";
import { marketplaceOperations } from "@/lib/marketplaces/schemas";
import { webhookOperations } from "@/lib/webhooks/schemas";
import type { Operation } from "@/lib/core/operation";
import { disbursementCallbackOperation, providerCallbackOperation } from "@/lib/payments/callback-schema";
import { providerOperations } from "@/lib/providers/dashboard";
import { statsOperations } from "@/lib/stats/schemas";
import { healthOperation, readinessOperation } from "./health";

/**
 * Every public operation, in the order the reference page lists them. The OpenAPI document
 * (./openapi.ts) and its test read only this list, so an operation missing here is undocumented.
 * Each domain exports its operations as a record; the record key becomes part of the operationId,
 * in snake_case (`gateway_create`, `account_list_keys`), which client generators turn into method
 * names: keep keys stable.
 */
const groups: Record<string, Record<string, Operation>> = {
  gateway: gatewayOperations,
  marketplace: marketplaceOperations,
  marketplace_gateway: marketplaceGatewayOperations,
  deposit: depositOperations,
  payment_page: paymentPageOperations,
  customer: customerOperations,
  invoice: invoiceOperations,
  payment_request: paymentRequestOperations,
  stall: stallOperations,
  refund: refundOperations,
  payout: payoutOperations,
  payout_number: payoutNumberOperations,
  seller: sellerOperations,
  balance: balanceOperations,
  export: exportOperations,
  stats: statsOperations,
  webhook: webhookOperations,
  account: { ...accountOperations, update: settingsOperations.updateAccount },
  account_phone: phoneOperations,
  me: { get: settingsOperations.getMe, update: settingsOperations.updateMe },
  member: memberOperations,
  invitation: { list: invitationOperations.list, create: invitationOperations.create, revoke: invitationOperations.revoke },
  provider: providerOperations,
  provider_callback: { receive: providerCallbackOperation, disbursement: disbursementCallbackOperation },
};

const ids = new Map<Operation, string>();
for (const [prefix, operations] of Object.entries(groups)) {
  for (const [key, operation] of Object.entries(operations)) ids.set(operation, `${prefix}_${snakeCase(key)}`);
}
ids.set(healthOperation, "health");
ids.set(readinessOperation, "health_ready");

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export const allOperations: Operation[] = [...ids.keys()];

/** The stable operationId of an operation of allOperations; others get one from method and path. */
export function operationId(operation: Operation): string {
  return (
    ids.get(operation) ??
    `${operation.method.toLowerCase()}_${operation.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}`
  );
}
