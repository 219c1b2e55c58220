"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import { LIVE_INTERVAL_MS } from "./live";
import type { Deposit, DepositFilters, DepositListItem, Page, PaymentDetail } from "./types";

/** GET /v1/deposits — one page of payment attempts, newest first, filtered by status or link; live (lib/query/live.ts). */
export function useDeposits(filters: DepositFilters, cursor: string | null = null, limit = 20) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.depositList(mode, filters, cursor, limit),
    queryFn: async ({ signal }): Promise<Page<DepositListItem>> => {
      const { data, headers } = await apiFetchWithHeaders<DepositListItem[]>("/v1/deposits", {
        mode,
        signal,
        query: { ...filters, limit, starting_after: cursor },
      });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData,
    // new attempts and status changes show without a reload
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/deposits/{track_id} — a payment in full (its page); live until it can no longer change. */
export function usePayment(trackId: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.payment(mode, trackId),
    queryFn: ({ signal }) => apiFetch<PaymentDetail>(`/v1/deposits/${encodeURIComponent(trackId)}`, { mode, signal }),
    // a final status can still move (expired → success) and its webhooks are still being delivered
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/api/deposit/get_transaction/{track_id} — a deposit by its track_id (null: not looked up yet). */
export function useDeposit(trackId: string | null) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.deposit(mode, trackId ?? ""),
    queryFn: ({ signal }) =>
      apiFetch<Deposit>(`/v1/api/deposit/get_transaction/${encodeURIComponent(trackId!)}`, { mode, signal }),
    enabled: Boolean(trackId),
    // a pending deposit changes within seconds: follow it until it is final
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 3000 : false),
  });
}
