"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Deposit, DepositFilters, DepositListItem, Page } from "./types";

/** GET /v1/deposits — one page of payment attempts, newest first, filtered by status or link. */
export function useDeposits(filters: DepositFilters, cursor: string | null = null, limit = 20, options: { followPending?: boolean } = {}) {
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
    // while a buyer is paying, follow the pending attempts until they are final
    refetchInterval: (query) =>
      options.followPending && query.state.data?.items.some((d) => d.status === "pending") ? 3000 : false,
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
