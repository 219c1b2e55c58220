"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createGatewayBody, updateGatewayBody } from "@/lib/gateways/schemas";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Gateway, GatewayCreated, GatewayFilters, GatewayListItem, Page } from "./types";

/** GET /v1/gateway — one page of payment links with their payment status, newest first. */
export function useGateways(filters: GatewayFilters, cursor: string | null, limit = 20) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.gatewayList(mode, filters, cursor, limit),
    queryFn: async ({ signal }): Promise<Page<GatewayListItem>> => {
      const { data, headers } = await apiFetchWithHeaders<GatewayListItem[]>("/v1/gateway", {
        mode,
        signal,
        query: { ...filters, include: "payment_status", limit, starting_after: cursor },
      });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData, // the table keeps its rows while the next page loads
  });
}

/** GET /v1/gateway/{id} — one payment link (public read; 404 once archived). */
export function useGateway(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.gateway(mode, id),
    queryFn: ({ signal }) => apiFetch<Gateway>(`/v1/gateway/${encodeURIComponent(id)}`, { mode, signal }),
  });
}

export function useCreateGateway() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createGatewayBody>) =>
      apiFetch<GatewayCreated>("/v1/gateway", { mode, method: "POST", body, headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gateways(mode) }),
  });
}

export function useUpdateGateway() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updateGatewayBody> }) =>
      apiFetch<Gateway>(`/v1/gateway/${encodeURIComponent(id)}`, { mode, method: "PUT", body }),
    onSuccess: (gateway) => {
      client.setQueryData(queryKeys.gateway(mode, gateway.id), gateway);
      return client.invalidateQueries({ queryKey: queryKeys.gateways(mode) });
    },
  });
}

export function useArchiveGateway() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ id: string; deleted: true }>(`/v1/gateway/${encodeURIComponent(id)}`, { mode, method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.gateways(mode) }),
  });
}
