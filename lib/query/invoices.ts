"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createInvoiceBody, invoicePayment, invoiceReminder, invoiceView } from "@/lib/invoices/schemas";
import { apiFetch, type Mode } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_INTERVAL_MS } from "./live";
import { useMode } from "./mode";

export type Invoice = z.output<typeof invoiceView>;
export type InvoicePayment = z.output<typeof invoicePayment>;
export type InvoiceReminder = z.output<typeof invoiceReminder>;
export type CreateInvoice = z.input<typeof createInvoiceBody>;

// every key under queryKeys.invoices(mode): a creation or a cancellation refreshes the list and the detail
const keys = {
  one: (mode: Mode, id: string) => [...queryKeys.invoices(mode), "detail", id] as const,
  payments: (mode: Mode, id: string) => [...queryKeys.invoices(mode), "payments", id] as const,
  reminders: (mode: Mode, id: string) => [...queryKeys.invoices(mode), "reminders", id] as const,
};
const path = (id: string) => `/v1/invoices/${encodeURIComponent(id)}`;

/** GET /v1/invoices — the caller's invoices, newest first; live, so amounts follow the payments. */
export function useInvoices() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.invoices(mode),
    queryFn: ({ signal }) => apiFetch<Invoice[]>("/v1/invoices", { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/invoices/{id} — live: the amounts follow the payments. */
export function useInvoice(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: keys.one(mode, id),
    queryFn: ({ signal }) => apiFetch<Invoice>(path(id), { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/invoices/{id}/payments — newest first; live. */
export function useInvoicePayments(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: keys.payments(mode, id),
    queryFn: ({ signal }) => apiFetch<InvoicePayment[]>(`${path(id)}/payments`, { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** GET /v1/invoices/{id}/reminders — by step; live. */
export function useInvoiceReminders(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: keys.reminders(mode, id),
    queryFn: ({ signal }) => apiFetch<InvoiceReminder[]>(`${path(id)}/reminders`, { mode, signal }),
    refetchInterval: LIVE_INTERVAL_MS,
  });
}

/** POST /v1/invoices — the new invoice is in the book too (its customer, when it has a number). */
export function useCreateInvoice() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoice) => apiFetch<Invoice>("/v1/invoices", { mode, method: "POST", body, headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.invoices(mode) });
      void client.invalidateQueries({ queryKey: queryKeys.customers(mode) });
    },
  });
}

/** POST /v1/invoices/{id}/cancel */
export function useCancelInvoice() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Invoice>(`${path(id)}/cancel`, { mode, method: "POST", headers: { "idempotency-key": crypto.randomUUID() } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.invoices(mode) }),
  });
}
