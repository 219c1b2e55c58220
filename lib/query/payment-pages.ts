"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createPaymentPageBody, paymentPagePayment, paymentPageView, updatePaymentPageBody } from "@/lib/payment-pages/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";

export type PaymentPage = z.output<typeof paymentPageView>;
export type PagePayment = z.output<typeof paymentPagePayment>;
export type CreatePaymentPage = z.input<typeof createPaymentPageBody>;

/** GET /v1/payment-pages — the caller's pages, newest first; live, so counters follow the payments. */
export function usePaymentPages() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.paymentPages(mode),
    queryFn: ({ signal }) => apiFetch<PaymentPage[]>("/v1/payment-pages", { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/payment-pages/{id} */
export function usePaymentPage(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.paymentPage(mode, id),
    queryFn: ({ signal }) => apiFetch<PaymentPage>(`/v1/payment-pages/${encodeURIComponent(id)}`, { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/payment-pages/{id}/payments — the page's payments, newest first; live. */
export function usePagePayments(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.paymentPagePayments(mode, id),
    queryFn: ({ signal }) => apiFetch<PagePayment[]>(`/v1/payment-pages/${encodeURIComponent(id)}/payments`, { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

export function useCreatePaymentPage() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentPage) => apiFetch<PaymentPage>("/v1/payment-pages", { mode, method: "POST", body, headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paymentPages(mode) }),
  });
}

export function useClosePaymentPage() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<PaymentPage>(`/v1/payment-pages/${encodeURIComponent(id)}/close`, { mode, method: "POST", headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paymentPages(mode) }),
  });
}

export type UpdatePaymentPage = z.input<typeof updatePaymentPageBody>;

/** PATCH /v1/payment-pages/{id}: the page's own screen shows the answer at once. */
export function useUpdatePaymentPage() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePaymentPage }) =>
      apiFetch<PaymentPage>(`/v1/payment-pages/${encodeURIComponent(id)}`, { mode, method: "PATCH", body, headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: (page) => {
      client.setQueryData(queryKeys.paymentPage(mode, page.id), page);
      return client.invalidateQueries({ queryKey: queryKeys.paymentPages(mode) });
    },
  });
}

export function useReopenPaymentPage() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<PaymentPage>(`/v1/payment-pages/${encodeURIComponent(id)}/reopen`, { mode, method: "POST", headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: (page) => {
      client.setQueryData(queryKeys.paymentPage(mode, page.id), page);
      return client.invalidateQueries({ queryKey: queryKeys.paymentPages(mode) });
    },
  });
}
