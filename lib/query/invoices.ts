"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { invoiceView } from "@/lib/invoices/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";

export type Invoice = z.output<typeof invoiceView>;

/** GET /v1/invoices — the caller's invoices, newest first; live, so amounts follow the payments. */
export function useInvoices() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.invoices(mode),
    queryFn: ({ signal }) => apiFetch<Invoice[]>("/v1/invoices", { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** POST /v1/invoices/{id}/cancel */
export function useCancelInvoice() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Invoice>(`/v1/invoices/${encodeURIComponent(id)}/cancel`, { mode, method: "POST", headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.invoices(mode) }),
  });
}
