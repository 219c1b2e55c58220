import type { Mode } from "./api-fetch";
import type { DepositFilters, GatewayFilters } from "./types";

// TanStack Query keys. Every key starts with the mode, so switching test/live shows (and
// fetches) the other mode's data, and `["test"]` or `["live"]` invalidates one mode at once.
export const queryKeys = {
  all: (mode: Mode) => [mode] as const,
  account: (mode: Mode) => [mode, "account"] as const,
  stats: (mode: Mode, days: number) => [mode, "stats", days] as const,
  gateways: (mode: Mode) => [mode, "gateways"] as const,
  gatewayList: (mode: Mode, filters: GatewayFilters, cursor: string | null, limit: number) =>
    [mode, "gateways", "list", filters, cursor, limit] as const,
  gateway: (mode: Mode, id: string) => [mode, "gateways", "detail", id] as const,
  paymentPages: (mode: Mode) => [mode, "payment-pages"] as const,
  customers: (mode: Mode) => [mode, "customers"] as const,
  customerList: (mode: Mode, q: string, cursor: string | null, limit: number) => [mode, "customers", "list", q, cursor, limit] as const,
  customer: (mode: Mode, id: string) => [mode, "customers", "detail", id] as const,
  invoices: (mode: Mode) => [mode, "invoices"] as const,
  paymentPage: (mode: Mode, id: string) => [mode, "payment-pages", "detail", id] as const,
  paymentPagePayments: (mode: Mode, id: string) => [mode, "payment-pages", "payments", id] as const,
  deposits: (mode: Mode) => [mode, "deposits"] as const,
  depositList: (mode: Mode, filters: DepositFilters, cursor: string | null, limit: number) =>
    [mode, "deposits", "list", filters, cursor, limit] as const,
  deposit: (mode: Mode, trackId: string) => [mode, "deposits", "track", trackId] as const,
  payment: (mode: Mode, trackId: string) => [mode, "deposits", "detail", trackId] as const,
  apiKeys: (mode: Mode) => [mode, "api-keys"] as const,
  webhooks: (mode: Mode) => [mode, "webhooks"] as const,
  webhookDeliveries: (mode: Mode, id: string) => [mode, "webhooks", id, "deliveries"] as const,
  marketplace: (mode: Mode) => [mode, "marketplace"] as const,
  marketplaceLinks: (mode: Mode) => [mode, "marketplace-links"] as const,
  marketplaceLinkList: (mode: Mode, cursor: string | null, limit: number, archived = false) =>
    [mode, "marketplace-links", "list", cursor, limit, archived] as const,
  marketplaceLink: (mode: Mode, id: string) => [mode, "marketplace-links", "detail", id] as const,
  marketplaceTransactions: (mode: Mode, id: string) => [mode, "marketplace-links", "transactions", id] as const,
  // money out: one prefix, so a withdrawal, refund or retry refreshes every balance view
  money: (mode: Mode) => [mode, "money"] as const,
  balance: (mode: Mode) => [mode, "money", "balance"] as const,
  balanceTransactions: (mode: Mode, cursor: string | null, limit: number) => [mode, "money", "transactions", cursor, limit] as const,
  refunds: (mode: Mode, trackId: string) => [mode, "money", "refunds", trackId] as const,
  sellerPayouts: (mode: Mode, linkId: string) => [mode, "money", "seller-payouts", linkId] as const,
  withdrawals: (mode: Mode) => [mode, "money", "withdrawals"] as const,
  // marketplace sellers: under `money` too, so a refund or a payout refreshes them
  sellers: (mode: Mode, cursor: string | null) => [mode, "money", "sellers", cursor] as const,
  seller: (mode: Mode, id: string) => [mode, "money", "seller", id] as const,
  sellerSales: (mode: Mode, id: string) => [mode, "money", "seller", id, "sales"] as const,
  sellerRefunds: (mode: Mode, filter: string) => [mode, "money", "refunds-of", filter] as const,
  refundPreview: (mode: Mode, trackId: string, amount: number | null) => [mode, "money", "refund-preview", trackId, amount] as const,
};
