"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { accountPhone, accountPhones, addPhoneBody } from "@/lib/accounts/phone-schemas";
import { apiFetch } from "./api-fetch";
import { useMode } from "./mode";

// The account's numbers for SMS (Settings, « Numéros pour les SMS »): the list, and each change
// followed by the list again. Not of a mode, but keyed by it like every query (one mode's cache).

export type AccountPhone = z.output<typeof accountPhone>;
export type AccountPhones = z.output<typeof accountPhones>;

const key = (mode: string) => [mode, "account", "phones"] as const;

export function usePhones(enabled = true) {
  const { mode } = useMode();
  return useQuery({ queryKey: key(mode), enabled, queryFn: ({ signal }) => apiFetch<AccountPhones>("/v1/account/phones", { mode, signal }) });
}

function usePhoneMutation<T, R>(call: (mode: "test" | "live", input: T) => Promise<R>) {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: T) => call(mode, input), onSettled: () => client.invalidateQueries({ queryKey: key(mode) }) });
}

export const useAddPhone = () =>
  usePhoneMutation((mode, body: z.input<typeof addPhoneBody>) => apiFetch<AccountPhone>("/v1/account/phones", { mode, method: "POST", body }));

export const useVerifyPhone = () =>
  usePhoneMutation((mode, { id, code }: { id: string; code: string }) => apiFetch<AccountPhone>(`/v1/account/phones/${id}/verify`, { mode, method: "POST", body: { code } }));

export const useUpdatePhone = () =>
  usePhoneMutation((mode, { id, alerts }: { id: string; alerts: boolean }) => apiFetch<AccountPhone>(`/v1/account/phones/${id}`, { mode, method: "PATCH", body: { alerts } }));

export const useRemovePhone = () => usePhoneMutation((mode, id: string) => apiFetch(`/v1/account/phones/${id}`, { mode, method: "DELETE" }));
