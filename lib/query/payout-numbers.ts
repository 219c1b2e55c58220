"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PayoutNumberItem, PayoutNumberView, SavePayoutNumberBody } from "@/lib/payouts/payout-number-schemas";
import { apiFetch } from "./api-fetch";
import { useMode } from "./mode";

// The saved payout numbers (the withdrawal dialog, the balance page's list): listed masked, read whole when one is picked.

export type { PayoutNumberItem, PayoutNumberView };

const key = (mode: string) => [mode, "payout-numbers"] as const;

/** GET /v1/payout-numbers — the saved numbers of the mode, masked. */
export function usePayoutNumbers(enabled = true) {
  const { mode } = useMode();
  return useQuery({ queryKey: key(mode), queryFn: ({ signal }) => apiFetch<PayoutNumberItem[]>("/v1/payout-numbers", { mode, signal }), enabled });
}

/** GET /v1/payout-numbers/{id} — one saved number, whole (the withdrawal sends money to it). */
export function useReadPayoutNumber() {
  const { mode } = useMode();
  return (id: string) => apiFetch<PayoutNumberView>(`/v1/payout-numbers/${encodeURIComponent(id)}`, { mode });
}

/** POST /v1/payout-numbers — save a number (the same number and operator again: the same one). */
export function useSavePayoutNumber() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<SavePayoutNumberBody> & { phone_number: string }) => apiFetch<PayoutNumberView>("/v1/payout-numbers", { mode, method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(mode) }),
  });
}

/** DELETE /v1/payout-numbers/{id} — no longer offered (withdrawals already sent keep their number). */
export function useRemovePayoutNumber() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string; deleted: true }>(`/v1/payout-numbers/${encodeURIComponent(id)}`, { mode, method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(mode) }),
  });
}
