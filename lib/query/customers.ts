"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createCustomerBody, customerPayment, customerSummary, customerView, updateCustomerBody } from "@/lib/customers/schemas";
import { apiFetch, apiFetchWithHeaders, nextCursor } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Page } from "./types";

// The customer book: the list (searched, paged), one customer with its payments, and the changes
// (add by hand, edit, merge, erase). Each change refreshes every customers query of the mode.

export type CustomerSummary = z.output<typeof customerSummary>;
export type Customer = z.output<typeof customerView>;
export type CustomerPayment = z.output<typeof customerPayment>;

/** GET /v1/customers?q= — one page of the book, newest first, numbers masked. */
export function useCustomers(q: string, cursor: string | null, limit = 20) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.customerList(mode, q, cursor, limit),
    queryFn: async ({ signal }): Promise<Page<CustomerSummary>> => {
      const { data, headers } = await apiFetchWithHeaders<CustomerSummary[]>("/v1/customers", { mode, signal, query: { limit, starting_after: cursor, q: q || undefined } });
      return { items: data, next: nextCursor(headers) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/customers/{id} — the whole number, totals and payments. */
export function useCustomer(id: string) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.customer(mode, id),
    queryFn: ({ signal }) => apiFetch<Customer>(`/v1/customers/${encodeURIComponent(id)}`, { mode, signal }),
  });
}

function useCustomerChange<V>(send: (v: V, mode: "test" | "live") => Promise<Customer>) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => send(v, mode),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customers(mode) }),
  });
}

const headers = () => ({ "idempotency-key": crypto.randomUUID() });

/** POST /v1/customers */
export const useCreateCustomer = () =>
  useCustomerChange((body: z.input<typeof createCustomerBody>, mode) => apiFetch<Customer>("/v1/customers", { mode, method: "POST", body, headers: headers() }));

/** PATCH /v1/customers/{id} */
export const useUpdateCustomer = () =>
  useCustomerChange(({ id, ...body }: { id: string } & z.input<typeof updateCustomerBody>, mode) =>
    apiFetch<Customer>(`/v1/customers/${encodeURIComponent(id)}`, { mode, method: "PATCH", body, headers: headers() }),
  );

/** POST /v1/customers/{id}/merge — `other` merged into `id`. */
export const useMergeCustomers = () =>
  useCustomerChange(({ id, other }: { id: string; other: string }, mode) =>
    apiFetch<Customer>(`/v1/customers/${encodeURIComponent(id)}/merge`, { mode, method: "POST", body: { customer_id: other }, headers: headers() }),
  );

/** POST /v1/customers/{id}/erase */
export const useEraseCustomer = () =>
  useCustomerChange((id: string, mode) => apiFetch<Customer>(`/v1/customers/${encodeURIComponent(id)}/erase`, { mode, method: "POST", headers: headers() }));
