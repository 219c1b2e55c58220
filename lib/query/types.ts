import type { z } from "zod";
import type { account, apiKey, createdApiKey } from "@/lib/accounts/schemas";
import type { deposit, depositListItem, depositListQuery, paymentDetail } from "@/lib/deposits/schemas";
import type { gatewayCreated, gatewayListItem, gatewayListQuery, gatewayView, gatewayWithStatus } from "@/lib/gateways/schemas";
import type { stats } from "@/lib/stats/schemas";

// The API's response shapes as the dashboard receives them: the same zod schemas as the server
// (type-only imports: nothing of the server side is bundled).
export type Account = z.output<typeof account>;
export type ApiKey = z.output<typeof apiKey>;
export type CreatedApiKey = z.output<typeof createdApiKey>;
export type Gateway = z.output<typeof gatewayView>;
export type GatewayCreated = z.output<typeof gatewayCreated>;
export type GatewayListItem = z.output<typeof gatewayListItem>;
export type GatewayWithStatus = z.output<typeof gatewayWithStatus>;
/** The filters of GET /v1/gateway (gatewayListQuery) the dashboard sets. */
export type GatewayFilters = Partial<Pick<z.output<typeof gatewayListQuery>, "q" | "paid" | "archived">>;
export type Deposit = z.output<typeof deposit>;
export type DepositListItem = z.output<typeof depositListItem>;
export type PaymentDetail = z.output<typeof paymentDetail>;
export type DepositFilters = Partial<Pick<z.output<typeof depositListQuery>, "status" | "payment_gateway_id" | "marketplace_gateway_id">>;
export type Stats = z.output<typeof stats>;
export type PaymentStatus = Deposit["status"];

/** One page of a list: its items and the cursor of the next page (null on the last). */
export type Page<T> = { items: T[]; next: string | null };
