"use client";

import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { payoutView, redirectPayoutBody } from "@/lib/payouts/schemas";
import type { refundPreview, refundView } from "@/lib/refunds/schemas";
import type { sellerSale, sellerView, updateSellerBody } from "@/lib/sellers/schemas";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMoneyMutation } from "./money";
import { useMode } from "./mode";
import type { Page } from "./types";

// Marketplace sellers: the list, one seller, its sales, refunds and payouts, and the
// actions that move its money (hold, release early, a failed payout to a corrected phone).

export type Seller = z.output<typeof sellerView>;
export type SellerSale = z.output<typeof sellerSale>;
export type RefundPreview = z.output<typeof refundPreview>;
type Refund = z.output<typeof refundView>;
type Payout = z.output<typeof payoutView>;

const sellerPayoutsKey = (mode: "test" | "live", id: string) => [...queryKeys.seller(mode, id), "payouts"];

const inFlight = (items: { status?: string; state?: string }[] | undefined) =>
  Boolean(items?.some((i) => i.status === "pending" || i.status === "processing" || i.state === "due" || i.state === "paying"));

/** GET /v1/sellers — one page of the marketplace's sellers, newest first. */
export function useSellers(cursor: string | null, limit = 20) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.sellers(mode, cursor),
    queryFn: async ({ signal }): Promise<Page<Seller>> => {
      const { data, headers } = await apiFetchWithHeaders<Seller[]>("/v1/sellers", { mode, signal, query: { limit, starting_after: cursor } });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/sellers/{id} — followed while money of its is being sent. */
export function useSeller(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.seller(mode, id),
    queryFn: ({ signal }) => apiFetch<Seller>(`/v1/sellers/${encodeURIComponent(id)}`, { mode, signal }),
    refetchInterval: (query) => (query.state.data && query.state.data.balance.in_flight > 0 ? 3000 : false),
  });
}

/**
 * GET /v1/sellers/{id}/sales — the seller's sales, page after page, followed while one is due or
 * being paid; each look refreshes the seller's balance too (a share paid moves it).
 */
export function useSellerSales(id: string, limit = 20) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: queryKeys.sellerSales(mode, id),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }): Promise<Page<SellerSale>> => {
      const { data, headers } = await apiFetchWithHeaders<SellerSale[]>(`/v1/sellers/${encodeURIComponent(id)}/sales`, { mode, signal, query: { limit, starting_after: pageParam } });
      void client.invalidateQueries({ queryKey: queryKeys.seller(mode, id), exact: true });
      void client.invalidateQueries({ queryKey: sellerPayoutsKey(mode, id), exact: true });
      return { items: data, next: nextCursor(headers) };
    },
    getNextPageParam: (last) => last.next,
    refetchInterval: (query) => (inFlight(query.state.data?.pages.flatMap((p) => p.items)) ? 3000 : false),
  });
}

/** GET /v1/refunds?seller_id= or ?marketplace_gateway_id= — the refunds of a seller's or a link's sales. */
export function useRefundsOf(filter: { seller_id: string } | { marketplace_gateway_id: string }, limit = 100) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.sellerRefunds(mode, JSON.stringify(filter)),
    queryFn: ({ signal }) => apiFetch<Refund[]>("/v1/refunds", { mode, signal, query: { ...filter, limit } }),
    refetchInterval: (query) => (inFlight(query.state.data) ? 3000 : false),
  });
}

/** GET /v1/payouts?seller_id= — the seller's payouts, followed while one is under way. */
export function usePayoutsOfSeller(sellerId: string, limit = 100) {
  const { mode } = useMode();
  return useQuery({
    queryKey: sellerPayoutsKey(mode, sellerId),
    queryFn: ({ signal }) => apiFetch<Payout[]>("/v1/payouts", { mode, signal, query: { seller_id: sellerId, limit } }),
    refetchInterval: (query) => (inFlight(query.state.data) ? 3000 : false),
  });
}

/** GET /v1/refunds/preview — what a refund of `amount` (null: all that remains) would take from whom. */
export function useRefundPreview(trackId: string, amount: number | null, enabled = true) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.refundPreview(mode, trackId, amount),
    queryFn: ({ signal }) => apiFetch<RefundPreview>("/v1/refunds/preview", { mode, signal, query: { track_id: trackId, amount } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** PATCH /v1/sellers/{id} — hold the seller's payouts, or resume them. */
export const useUpdateSeller = () =>
  useMoneyMutation(({ id, ...body }: { id: string } & z.input<typeof updateSellerBody>, key, mode) =>
    apiFetch<Seller>(`/v1/sellers/${encodeURIComponent(id)}`, { mode, method: "PATCH", body, headers: { "idempotency-key": key } }),
  );

/** POST /v1/sellers/{id}/release — end the payout hold of its shares now (one sale with `track_id`). */
export const useReleaseSeller = () =>
  useMoneyMutation(({ id, track_id }: { id: string; track_id?: string }, key, mode) =>
    apiFetch<Seller>(`/v1/sellers/${encodeURIComponent(id)}/release`, { mode, method: "POST", body: track_id ? { track_id } : {}, headers: { "idempotency-key": key } }),
  );

/** PATCH /v1/payouts/{id} — a failed seller payout sent to a corrected phone. */
export const useRedirectPayout = () =>
  useMoneyMutation(({ id, ...body }: { id: string } & z.input<typeof redirectPayoutBody>, key, mode) =>
    apiFetch<Payout>(`/v1/payouts/${encodeURIComponent(id)}`, { mode, method: "PATCH", body, headers: { "idempotency-key": key } }),
  );
