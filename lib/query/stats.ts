"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Stats } from "./types";

/** GET /v1/stats?days=N — counts, volumes, success rate and the daily series. */
export function useStats(days = 30) {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.stats(mode, days),
    queryFn: ({ signal }) => apiFetch<Stats>("/v1/stats", { mode, query: { days }, signal }),
  });
}
