"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { providerLogEntry, providersOverview } from "@/lib/providers/dashboard";
import { apiFetch } from "./api-fetch";
import { useMode } from "./mode";

// Mobile-money providers (/v1/providers) and a deposit's provider log.
export type ProvidersOverview = z.output<typeof providersOverview>;
export type ProviderLogEntry = z.output<typeof providerLogEntry>;

/** GET /v1/providers — configuration and health (server-wide), alerts of this account and mode. */
export function useProviders(enabled = true) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, "providers"] as const,
    queryFn: ({ signal }) => apiFetch<ProvidersOverview>("/v1/providers", { mode, signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** GET /v1/deposits/{track_id}/provider-log — followed while the deposit is pending. */
export function useProviderLog(trackId: string, pending: boolean) {
  const { mode } = useMode();
  return useQuery({
    queryKey: [mode, "provider-log", trackId] as const,
    queryFn: ({ signal }) => apiFetch<ProviderLogEntry[]>(`/v1/deposits/${encodeURIComponent(trackId)}/provider-log`, { mode, signal }),
    refetchInterval: pending ? 3000 : false,
  });
}
