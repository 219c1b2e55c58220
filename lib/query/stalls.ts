"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createStallBody, stallView, updateStallBody } from "@/lib/payment-requests/stall-schemas";
import { apiFetch } from "./api-fetch";
import { useMode } from "./mode";

// Stalls (the counter's pay-by-QR pages): the list, and opening, changing, archiving one.

export type Stall = z.output<typeof stallView>;

const stallKeys = { all: (mode: string) => [mode, "stalls"] as const };

export function useStalls() {
  const { mode } = useMode();
  return useQuery({ queryKey: stallKeys.all(mode), queryFn: ({ signal }) => apiFetch<Stall[]>("/v1/stalls", { mode, signal }) });
}

/** A stall change, then the list again. */
function useStallMutation<T>(call: (mode: "test" | "live", input: T) => Promise<unknown>) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(mode, input),
    onSettled: () => client.invalidateQueries({ queryKey: stallKeys.all(mode) }),
  });
}

export const useCreateStall = () => useStallMutation((mode, body: z.input<typeof createStallBody>) => apiFetch<Stall>("/v1/stalls", { mode, method: "POST", body }));
export const useUpdateStall = () =>
  useStallMutation((mode, input: { id: string; body: z.input<typeof updateStallBody> }) => apiFetch<Stall>(`/v1/stalls/${encodeURIComponent(input.id)}`, { mode, method: "PATCH", body: input.body }));
export const useArchiveStall = () => useStallMutation((mode, id: string) => apiFetch(`/v1/stalls/${encodeURIComponent(id)}`, { mode, method: "DELETE" }));
