"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import type { createGatewayBody, updateGatewayBody } from "@/lib/gateways/schemas";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";
import type { Gateway, GatewayCreated, GatewayFilters, GatewayListItem, GatewayWithStatus, Page } from "./types";

/** GET /v1/gateway — one page of payment links with their payment status, newest first; live (lib/query/live.ts). */
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
    refetchInterval: LIVE_INTERVAL_MS, // a link turns "Payé" without a reload, as the payments lists do
  });
}

/** GET /v1/gateway/{id}?include=payment_status — the owner's read of one payment link (archived ones too), with the server's payment status. */
export function useGateway(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.gateway(mode, id),
    queryFn: ({ signal }) =>
      apiFetch<GatewayWithStatus>(`/v1/gateway/${encodeURIComponent(id)}`, { mode, signal, query: { include: "payment_status" } }),
  });
}

/** When the attempts on screen change (a pending one settled, a new one came), read the link's status again. */
export function useFollowAttempts(id: string, attempts: Page<unknown> | undefined) {
  const { mode } = useMode();
  const client = useQueryClient();
  const seen = useRef(attempts);
  useEffect(() => {
    if (seen.current && attempts && seen.current !== attempts) void client.invalidateQueries({ queryKey: queryKeys.gateway(mode, id) });
    seen.current = attempts;
  }, [attempts, client, id, mode]);
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
      // PUT answers the public shape: keep the payment status the detail read had
      client.setQueryData<GatewayWithStatus>(queryKeys.gateway(mode, gateway.id), (old) => ({ ...old, ...gateway }));
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

/** POST /v1/gateway/{id}/unarchive — the link takes payments again; the lists and its own read follow. */
export function useUnarchiveGateway() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<GatewayWithStatus>(`/v1/gateway/${encodeURIComponent(id)}/unarchive`, { mode, method: "POST", headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: (gateway) => {
      client.setQueryData(queryKeys.gateway(mode, gateway.id), gateway);
      return client.invalidateQueries({ queryKey: queryKeys.gateways(mode) });
    },
  });
}
