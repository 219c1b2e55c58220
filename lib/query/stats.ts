"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { LIVE_STATS_INTERVAL_MS } from "./live";
import { useMode } from "./mode";
import type { Stats } from "./types";

/** GET /v1/stats?days=N — counts, volumes, success rate, the daily series and the previous period's. */
export function useStats(days = 30) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.stats(mode, days),
    queryFn: ({ signal }) => apiFetch<Stats>("/v1/stats", { mode, query: { days }, signal }),
    placeholderData: keepPreviousData, // another period: the figures stay until the new ones come
    refetchInterval: LIVE_STATS_INTERVAL_MS, // live (lib/query/live.ts)
  });
}
