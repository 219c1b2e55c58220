"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./keys";
import { useMode } from "./mode";
import type { Account } from "./types";

/** GET /v1/account — the signed-in account in the current mode (its currency, business name). */
export function useAccount() {
  const { mode } = useMode();
  return useQuery({
    queryKey: queryKeys.account(mode),
    queryFn: ({ signal }) => apiFetch<Account>("/v1/account", { mode, signal }),
    staleTime: 5 * 60_000,
  });
}
