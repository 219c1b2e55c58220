"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { balanceTransaction, balanceView } from "@/lib/ledger/schemas";
import type { createPayoutBody, payoutView } from "@/lib/payouts/schemas";
import type { createRefundBody, refundView } from "@/lib/refunds/schemas";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { isDefinite, useIdempotencyKey } from "./idempotency-key";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Page } from "./types";

// Money out: the balance and its ledger lines, refunds, seller payouts and withdrawals.

export type Balance = z.output<typeof balanceView>;
export type BalanceLine = z.output<typeof balanceTransaction>;
export type Refund = z.output<typeof refundView>;
export type Payout = z.output<typeof payoutView>;
type CreateRefund = z.input<typeof createRefundBody>;
type CreatePayout = z.input<typeof createPayoutBody>;

const inFlight = (items: { status: string }[] | undefined) => Boolean(items?.some((i) => i.status === "pending" || i.status === "processing"));

/** GET /v1/balance — available, pending and sellers' money, per currency. */
export function useBalance() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.balance(mode),
    queryFn: ({ signal }) => apiFetch<Balance>("/v1/balance", { mode, signal }),
  });
}

/** GET /v1/balance/transactions — one page of the ledger lines behind the balance, newest first. */
export function useBalanceTransactions(cursor: string | null, limit = 20) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.balanceTransactions(mode, cursor, limit),
    queryFn: async ({ signal }): Promise<Page<BalanceLine>> => {
      const { data, headers } = await apiFetchWithHeaders<BalanceLine[]>("/v1/balance/transactions", { mode, signal, query: { limit, starting_after: cursor } });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/payouts?kind=withdrawal — the merchant's withdrawals, followed while one is under way. */
export function useWithdrawals(limit = 10) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.withdrawals(mode),
    queryFn: async ({ signal }) => {
      const items = await apiFetch<Payout[]>("/v1/payouts", { mode, signal, query: { kind: "withdrawal", limit } });
      if (!inFlight(items)) void client.invalidateQueries({ queryKey: queryKeys.balance(mode) });
      return items;
    },
    refetchInterval: (query) => (inFlight(query.state.data) ? 3000 : false),
  });
}

/** GET /v1/refunds?track_id= — the refunds of one payment, followed while one is under way. */
export function useRefunds(trackId: string, enabled = true) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.refunds(mode, trackId),
    queryFn: ({ signal }) => apiFetch<Refund[]>("/v1/refunds", { mode, signal, query: { track_id: trackId, limit: 100 } }),
    enabled,
    refetchInterval: (query) => (inFlight(query.state.data) ? 3000 : false),
  });
}

/** GET /v1/payouts?kind=seller&marketplace_gateway_id= — the seller payouts of one marketplace link. */
export function useSellerPayouts(linkId: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.sellerPayouts(mode, linkId),
    queryFn: ({ signal }) => apiFetch<Payout[]>("/v1/payouts", { mode, signal, query: { kind: "seller", marketplace_gateway_id: linkId, limit: 100 } }),
    refetchInterval: (query) => (inFlight(query.state.data) ? 3000 : false),
  });
}

/**
 * Every mutation here moves money: its Idempotency-Key follows the values sent (./idempotency-key.ts),
 * the same for a retry of the same values after an unknown outcome, a new one for new values or
 * after the server's answer. After a refusal the money views are read again: the merchant corrects
 * against the balance as it is now.
 */
export function useMoneyMutation<B, R>(call: (body: B, key: string, mode: "test" | "live") => Promise<R>) {
  const { mode } = useMode();
  const client = useQueryClient();
  const keys = useIdempotencyKey();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.money(mode) }), client.invalidateQueries({ queryKey: queryKeys.deposits(mode) })]);
  return useMutation({
    mutationFn: async (body: B) => {
      const key = keys.take([mode, body]);
      try {
        const result = await call(body, key, mode);
        keys.settle(key, null);
        return result;
      } catch (error) {
        keys.settle(key, error);
        throw error;
      }
    },
    // the money views, and the payments (a refund changes a payment's refunded amount)
    onSuccess: refresh,
    onError: (error) => {
      if (isDefinite(error)) void refresh();
    },
  });
}

/** POST /v1/refunds — full (no amount) or partial. */
export const useCreateRefund = () =>
  useMoneyMutation((body: CreateRefund, key, mode) => apiFetch<Refund>("/v1/refunds", { mode, method: "POST", body, headers: { "idempotency-key": key } }));

/** POST /v1/payouts — a withdrawal of available balance to the merchant's own phone. */
export const useCreateWithdrawal = () =>
  useMoneyMutation((body: CreatePayout, key, mode) => apiFetch<Payout>("/v1/payouts", { mode, method: "POST", body, headers: { "idempotency-key": key } }));

/** POST /v1/payouts/{id}/retry — a failed payout sent again. */
export const useRetryPayout = () =>
  useMoneyMutation((payoutId: string, key, mode) =>
    apiFetch<Payout>(`/v1/payouts/${encodeURIComponent(payoutId)}/retry`, { mode, method: "POST", headers: { "idempotency-key": key } }),
  );
