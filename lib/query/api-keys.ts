"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createKeyBody } from "@/lib/accounts/schemas";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { ApiKey, CreatedApiKey } from "./types";

/** GET /v1/api-keys — the keys of the current mode, each with its role and the member it answers to (session only). */
export function useApiKeys() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.apiKeys(mode),
    queryFn: ({ signal }) => apiFetch<ApiKey[]>("/v1/api-keys", { mode, signal }),
  });
}

export function useCreateApiKey() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof createKeyBody>) => apiFetch<CreatedApiKey>("/v1/api-keys", { mode, method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys(mode) }),
  });
}

export function useRevokeApiKey() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKey>(`/v1/api-keys/${encodeURIComponent(id)}`, { mode, method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys(mode) }),
  });
}

/** POST /v1/api-keys/{id}/take-over — an owner makes the key theirs, so it outlives its maker. */
export function useTakeOverApiKey() {
  const { mode } = useMode();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKey>(`/v1/api-keys/${encodeURIComponent(id)}/take-over`, { mode, method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys(mode) }),
  });
}
