"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createMarketplaceGatewayBody,
  marketplaceGateway,
  marketplaceTransaction,
  updateMarketplaceGatewayBody,
} from "@/lib/marketplace-gateways/schemas";
import type { marketplace } from "@/lib/marketplaces/schemas";
import { ApiRequestError, apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";
import type { Page } from "./types";

// The marketplace (one per account and mode), its sellers' links and their buyers' transactions.

export type Marketplace = z.output<typeof marketplace>;
export type MarketplaceLink = z.output<typeof marketplaceGateway>;
export type MarketplaceTransaction = z.output<typeof marketplaceTransaction>;
type CreateMarketplaceLinkBody = z.input<typeof createMarketplaceGatewayBody>;
type UpdateMarketplaceLinkBody = z.input<typeof updateMarketplaceGatewayBody>;

/** The marketplace path of the update: the interface's PATCH has its trailing slash. */
const MARKETPLACE_PATH = "/v1/api/marketplace";
export const MARKETPLACE_UPDATE_PATH = "/v1/api/marketplace/";

/** GET /v1/api/marketplace — the caller's marketplace, or null when there is none yet in this mode. */
export function useMarketplace() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.marketplace(mode),
    queryFn: async ({ signal }): Promise<Marketplace | null> => {
      try {
        return await apiFetch<Marketplace>(MARKETPLACE_PATH, { mode, signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.type === "MARKETPLACE_NOT_FOUND") return null;
        throw error;
      }
    },
  });
}

/** POST /v1/api/marketplace (multipart). */
export function useCreateMarketplace() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiFetch<Marketplace>(MARKETPLACE_PATH, { mode, method: "POST", body: form }),
    onSuccess: (created) => client.setQueryData(queryKeys.marketplace(mode), created),
  });
}

/** PATCH /v1/api/marketplace/ (multipart): only the parts sent change. */
export function useUpdateMarketplace() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => apiFetch<Marketplace>(MARKETPLACE_UPDATE_PATH, { mode, method: "PATCH", body: form }),
    onSuccess: (updated) => client.setQueryData(queryKeys.marketplace(mode), updated),
  });
}

/** GET /v1/api/marketplace/gateway — one page of marketplace links (live, or archived ones), newest first; live (lib/query/live.ts). */
export function useMarketplaceLinks(cursor: string | null, limit = 20, archived = false) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.marketplaceLinkList(mode, cursor, limit, archived),
    queryFn: async ({ signal }): Promise<Page<MarketplaceLink>> => {
      const { data, headers } = await apiFetchWithHeaders<MarketplaceLink[]>("/v1/api/marketplace/gateway", {
        mode,
        signal,
        query: { limit, starting_after: cursor, ...(archived ? { archived: "true" } : {}) },
      });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS, // links made or archived elsewhere (the API, another tab) show without a reload
  });
}

/** GET /v1/api/marketplace/gateway/{id} — one marketplace link. */
export function useMarketplaceLink(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.marketplaceLink(mode, id),
    queryFn: ({ signal }) => apiFetch<MarketplaceLink>(`/v1/api/marketplace/gateway/${encodeURIComponent(id)}`, { mode, signal }),
  });
}

/** POST /v1/api/marketplace/gateway — a seller's link. */
export function useCreateMarketplaceLink() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMarketplaceLinkBody) =>
      apiFetch<MarketplaceLink>("/v1/api/marketplace/gateway", {
        mode,
        method: "POST",
        body,
        headers: { "idempotency-key": crypto.randomUUID() },
      }),
    onSuccess: (link) => {
      client.setQueryData(queryKeys.marketplaceLink(mode, link.id), link);
      return client.invalidateQueries({ queryKey: queryKeys.marketplaceLinks(mode) });
    },
  });
}

/** PUT /v1/api/marketplace/gateway/{id} — the fields sent. */
export function useUpdateMarketplaceLink() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMarketplaceLinkBody }) =>
      apiFetch<MarketplaceLink>(`/v1/api/marketplace/gateway/${encodeURIComponent(id)}`, { mode, method: "PUT", body }),
    onSuccess: (link) => {
      client.setQueryData(queryKeys.marketplaceLink(mode, link.id), link);
      return client.invalidateQueries({ queryKey: queryKeys.marketplaceLinks(mode) });
    },
  });
}

/** DELETE /v1/api/marketplace/gateway/{id} (archive) and POST …/unarchive. */
export function useArchiveMarketplaceLink() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }): Promise<unknown> =>
      archived
        ? apiFetch<{ id: string; deleted: true }>(`/v1/api/marketplace/gateway/${encodeURIComponent(id)}`, { mode, method: "DELETE" })
        : apiFetch<MarketplaceLink>(`/v1/api/marketplace/gateway/${encodeURIComponent(id)}/unarchive`, { mode, method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.marketplaceLinks(mode) }),
  });
}

/**
 * GET /v1/api/marketplace/gateway/{id}/transactions — the buyers' attempts, newest first, a page
 * at a time ("show more"), live.
 */
export function useMarketplaceTransactions(id: string, limit = 20) {
  const { mode } = useMode();
  return useInfiniteQuery({
    queryKey: queryKeys.marketplaceTransactions(mode, id),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }): Promise<Page<MarketplaceTransaction>> => {
      const { data, headers } = await apiFetchWithHeaders<MarketplaceTransaction[]>(
        `/v1/api/marketplace/gateway/${encodeURIComponent(id)}/transactions`,
        { mode, signal, query: { limit, starting_after: pageParam } },
      );
      return { items: data, next: nextCursor(headers) };
    },
    getNextPageParam: (last) => last.next,
    refetchInterval: LIVE_INTERVAL_MS, // new buyers and status changes show without a reload (lib/query/live.ts)
  });
}
